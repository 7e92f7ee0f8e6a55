"""The replay log format through the pure API: write, read back, and catch every kind of edit."""

from __future__ import annotations

import helpers
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.errors import IllegalMove, ReplayMismatch
from rules.core.rng import SplitMix64
from rules.fauna import PASS, Config, new_game
from rules.fauna.replay import (
    CHAIN_START,
    DataChanged,
    LogError,
    LogFormatError,
    LogWriter,
    board_fingerprint,
    chain,
    data_files,
    data_fingerprint,
    decode_log,
    load_log,
    log_text,
    next_move_check,
)

PLAYERS = [{"name": "alice"}, {"name": "bob"}, {"name": "carol"}]


def config(**game) -> Config:
    return Config.from_dict({"game": game, "players": PLAYERS})


def play(state, moves: int, policy_seed: int = 1):
    """Play `moves` moves (or to the end) with a fixed random policy that passes a third of the time."""
    rng = SplitMix64(policy_seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        move = PASS if PASS in legal and rng.below(3) == 0 else [m for m in legal if m.kind != "pass"][
            rng.below(len(legal) - (PASS in legal))]
        state.apply(move, state.to_move)
    return state


@pytest.fixture(scope="module")
def midgame():
    """A game 40 moves in, and its log."""
    state = play(new_game(config(), 11), 40)
    return state, log_text(state)


def lines_of(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def test_log_reads_back_to_the_same_state_and_bytes(midgame):
    state, text = midgame
    loaded = load_log(text, "g.fauna")
    assert loaded.complete and not loaded.data_changed
    assert loaded.state.history == state.history
    assert loaded.state.scores() == state.scores() and loaded.state.to_move == state.to_move
    assert log_text(loaded.state) == text
    assert loaded.writer.text() == text


def test_every_line_carries_the_running_hash(midgame):
    _, text = midgame
    head = CHAIN_START
    for line in text.splitlines():
        body, h = line.rsplit(" @", 1)
        head = chain(head, body)
        assert h == head
    assert text.splitlines()[-1].startswith("next 41 ")


def test_header_holds_format_seed_box_board_and_effective_config(midgame):
    state, text = midgame
    lines = [ln.rsplit(" @", 1)[0] for ln in text.splitlines()]
    assert lines[0] == "fauna-log 3"
    assert lines[1] == "seed 11"
    assert lines[2] == "box green 1-180 black 1-180"
    assert lines[3] == f"board sha256:{board_fingerprint(state.config)}"
    assert lines[4:9] == ['preset "published"', 'units "metric"', 'cards "mixed"',
                          f'start "{state.names[new_game(state.config, 11).start]}"', "goal 120"]
    assert lines[9:12] == ['player "alice"', 'player "bob"', 'player "carol"']
    assert lines[12].startswith("round 1 ") and lines[13].startswith("front 1 {")


def test_format_2_header_holds_format_seed_data_and_effective_config(midgame):
    state, _ = midgame
    text = log_text(state, version=2)
    assert load_log(text, "g").writer.text() == text
    lines = [ln.rsplit(" @", 1)[0] for ln in text.splitlines()]
    assert lines[0] == "fauna-log 2"
    assert lines[1] == "seed 11"
    assert lines[2] == f"data sha256:{data_fingerprint(state.config)}"
    assert lines[3:8] == ['preset "published"', 'units "metric"', 'cards "mixed"',
                          f'start "{state.names[new_game(state.config, 11).start]}"', "goal 120"]
    assert lines[8:11] == ['player "alice"', 'player "bob"', 'player "carol"']
    assert lines[11].startswith("round 1 ")


def test_moves_are_numbered_with_their_player_and_rounds_are_summarised(midgame):
    state, text = midgame
    moves = [ln for ln in text.splitlines() if ln[0].isdigit()]
    assert [ln.split(" ", 1)[0] for ln in moves] == [str(i) for i in range(1, 41)]
    assert [ln.split(" ", 2)[1].rstrip(":") for ln in moves] == [p for p, _ in state.history]
    scores = [ln for ln in text.splitlines() if ln.startswith("score ")]
    assert len(scores) == state.round - 1 and scores
    last = scores[-1].rsplit(" @", 1)[0]
    for name, total in state.scores().items():
        assert f"{name} +" in last and f"={total}" in last


def test_drawn_start_and_default_goal_are_written_explicitly():
    state = new_game(config(), 5)  # no start, no goal in the config
    text = log_text(state)
    assert f'start "{state.names[state.start]}"' in text and "goal 120 @" in text
    again = load_log(text, "g")
    assert again.state.names[again.state.start] == state.names[state.start]


def test_finished_game_ends_with_the_over_line():
    state = play(new_game(config(goal=25), 3), 10_000)
    assert state.is_over
    text = log_text(state)
    assert text.splitlines()[-1].startswith("over ")
    assert load_log(text, "g").state.winners == state.winners


def test_custom_table_and_unusual_names_round_trip():
    table = {"name": "flat", "description": "test", "scale_correct": 5, "scale_adjacent": 2,
             "row": [{"min": 1, "correct": 9, "adjacent": 3}]}
    cfg = Config.from_dict({"game": {"preset": table, "units": "imperial", "cards": "green"},
                            "players": [{"name": "Zoë Ann"}, {"name": "李"}, {"name": "O'Brien @home"}]})
    state = play(new_game(cfg, 2**64 - 1), 30)
    text = log_text(state)
    assert "preset {" in text and "Zoë Ann" in text
    loaded = load_log(text, "g")
    assert loaded.state.config.table == cfg.table and loaded.state.history == state.history
    assert log_text(loaded.state) == text


def test_fingerprint_covers_board_scales_deck_and_the_preset_used():
    files = data_files(config())
    assert {"board.toml", "adjacency.csv", "scales.toml", "presets/published.toml"} <= set(files)
    assert any(f.startswith("animals/") for f in files)
    assert "presets/reference-manual.toml" not in files
    assert data_fingerprint(config()) != data_fingerprint(config(preset="reference-manual"))


def test_other_data_is_refused_unless_ignored(midgame):
    state, _ = midgame
    text = log_text(state, version=2)
    with pytest.raises(DataChanged, match=r"^g:3: .*other game data.*--ignore-data-change"):
        load_log(text, "g", installed="0" * 64)
    loaded = load_log(text, "g", installed="0" * 64, ignore_data_change=True)
    assert loaded.data_changed and loaded.writer.text() == text


def test_until_stops_after_that_move(midgame):
    _, text = midgame
    loaded = load_log(text, "g", until=12)
    assert loaded.state.seq == 12 and not loaded.complete
    # lines after move 12 are not read: damage there goes unnoticed with --until
    lines = lines_of(text)
    assert load_log("".join(lines[:-3]) + "garbage\n", "g", until=12).state.seq == 12


def test_a_game_on_a_custom_deck_cannot_be_logged():
    with pytest.raises(LogError, match="installed"):
        log_text(helpers.game())


def test_crlf_line_ends_still_verify(midgame):
    _, text = midgame
    assert load_log(text.replace("\n", "\r\n"), "g").state.seq == 40


def edit(text: str, line: int, new: str | None) -> str:
    """Replace line `line` (1-based) with `new`, or delete it when None."""
    lines = lines_of(text)
    if new is None:
        del lines[line - 1]
    else:
        lines[line - 1] = new
    return "".join(lines)


def find(text: str, prefix: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith(prefix))


def check_names_line(text: str, line: int, exc=ReplayMismatch, match: str = "") -> str:
    with pytest.raises(exc) as info:
        load_log(text, "g.fauna")
    msg = str(info.value)
    assert msg.startswith(f"g.fauna:{line}: "), msg
    assert match in msg, msg
    return msg


def test_a_changed_move_is_named(midgame):
    state, text = midgame
    n = find(text, "7 ")
    player, move = state.history[6]
    free = next(m for m in new_game(state.config, 11).legal_moves() if m.kind == "area" and m != move)
    old = lines_of(text)[n - 1]
    changed = old.replace(f": {state.move_text(move)} @", f": {free.area} @")
    assert changed != old
    check_names_line(edit(text, n, changed), n)


def test_a_changed_move_with_a_recomputed_hash_breaks_the_next_line(midgame):
    state, text = midgame
    n = find(text, "7 ")
    prev_hash = lines_of(text)[n - 2].rstrip("\n").rsplit(" @", 1)[1]
    body = lines_of(text)[n - 1].rsplit(" @", 1)[0]
    body = body.split(": ", 1)[0] + ": pass" if not body.endswith(": pass") else body[:-4] + "Tasmania"
    forged = edit(text, n, f"{body} @{chain(prev_hash, body)}\n")
    with pytest.raises(ReplayMismatch) as info:
        load_log(forged, "g.fauna")
    line = int(str(info.value).split(":")[1])
    assert line >= n  # either illegal here, or the re-derived evaluation / next hash differs later


@pytest.mark.parametrize("what", ["score ", "round 2 ", "player \"bob\"", "seed ", "goal "])
def test_a_changed_derived_or_header_line_is_named(midgame, what):
    _, text = midgame
    n = find(text, what)
    old = lines_of(text)[n - 1]
    new = old.replace("1", "2", 1) if "1" in old.split(" @")[0] else old.replace("b", "B", 1)
    assert new != old
    check_names_line(edit(text, n, new), n)


def test_deleted_duplicated_and_reordered_lines_are_named(midgame):
    _, text = midgame
    n = find(text, "5 ")
    check_names_line(edit(text, n, None), n, match="expected move number 5, found 6")
    dup = lines_of(text)
    dup.insert(n, dup[n - 1])
    check_names_line("".join(dup), n + 1)
    swapped = lines_of(text)
    swapped[n - 1], swapped[n] = swapped[n], swapped[n - 1]
    check_names_line("".join(swapped), n)
    header = lines_of(text)
    header[4], header[5] = header[5], header[4]
    check_names_line("".join(header), 5, match="expected hash")


def test_truncation_is_detected_anywhere(midgame):
    _, text = midgame
    n_lines = len(lines_of(text))
    check_names_line(text[:-20], n_lines, match="cut short")
    # cut at a line boundary: the closing line is missing
    check_names_line("".join(lines_of(text)[:-1]), n_lines - 1, match="truncated")
    check_names_line("".join(lines_of(text)[:-5]), n_lines - 5, match="truncated")
    check_names_line("".join(lines_of(text)[:7]), 7, match="truncated")


def test_lines_after_the_end_are_refused(midgame):
    _, text = midgame
    n = len(lines_of(text))
    check_names_line(text + lines_of(text)[-1], n + 1, match="end of the file")


def test_malformed_files_are_format_errors():
    good = log_text(new_game(config(), 1), version=2)
    with pytest.raises(LogFormatError, match="^g:1: the file is empty"):
        load_log("", "g")
    with pytest.raises(LogFormatError, match="^g:1: not a fauna game log"):
        load_log("[game]\nseed = 1\n", "g")
    with pytest.raises(LogFormatError, match="^g:1: unsupported log format 'fauna-log 9'.*reads 'fauna-log 2' and "):
        load_log(good.replace("fauna-log 2 @", "fauna-log 9 @", 1), "g")
    with pytest.raises(LogFormatError,
                       match="^g:1: this log is 'fauna-log 1', written by an older fauna .* cannot re-run"):
        load_log(good.replace("fauna-log 2 @", "fauna-log 1 @", 1), "g")
    with pytest.raises(LogFormatError, match="^g:4: malformed line"):
        load_log(edit(good, 4, 'preset "published"\n'), "g")
    with pytest.raises(LogFormatError, match="^g:3: not UTF-8"):
        decode_log(good.encode()[:150] + b"\xff" + good.encode()[151:], "g")


def test_bad_header_values_name_their_line():
    good = log_text(new_game(config(), 1), version=2)

    def rehash(text: str) -> str:  # a deliberate edit: recompute the chain so only the value is wrong
        out, head = [], CHAIN_START
        for ln in text.splitlines():
            body = ln.rsplit(" @", 1)[0]
            head = chain(head, body)
            out.append(f"{body} @{head}\n")
        return "".join(out)

    with pytest.raises(LogFormatError, match='^g:5: .*units.*"furlongs"|^g:5: .*furlongs'):
        load_log(rehash(good.replace('units "metric"', 'units "furlongs"')), "g")
    with pytest.raises(LogFormatError, match="^g:2: seed must be a whole number"):
        load_log(rehash(good.replace("seed 1 @", "seed -1 @")), "g")
    with pytest.raises(LogFormatError, match="^g:9: .*player"):
        load_log(rehash(good.replace('player "alice"', "player alice")), "g")
    with pytest.raises(LogFormatError, match="^g:4: preset 'mine.toml' is not bundled"):
        load_log(rehash(good.replace('preset "published"', 'preset "mine.toml"')), "g")
    with pytest.raises(LogFormatError, match="^g:9: .*twice"):
        load_log(rehash(good.replace("goal 120 @", 'goal 120 @x\ngoal 100 @')), "g")


def test_stale_moves_name_who_moved_last(midgame):
    state, text = midgame
    loaded = load_log(text, "g")
    last_player = state.history[-1][0]
    assert last_player != state.to_move
    with pytest.raises(IllegalMove, match=rf"stale: move 30 was already made.*move 40, by {last_player}"):
        next_move_check(loaded, state.to_move, 30)
    with pytest.raises(IllegalMove, match=r"next is move 41"):
        next_move_check(loaded, state.to_move, 45)
    with pytest.raises(IllegalMove, match=rf"{last_player} already moved, the last move was move 40, by {last_player}"):
        next_move_check(loaded, last_player, None)
    with pytest.raises(IllegalMove, match="not playing"):
        next_move_check(loaded, "zed", None)
    next_move_check(loaded, state.to_move, 41)
    next_move_check(loaded, state.to_move, None)


def test_writer_matches_log_text_move_by_move():
    state = new_game(config(cards="black", units="imperial"), 99)
    writer = LogWriter(new_game(state.config, 99))
    rng = SplitMix64(7)
    for _ in range(60):
        legal = state.legal_moves()
        move = legal[rng.below(len(legal))]
        player = state.to_move
        state.apply(move, player)
        writer.play(player, state.move_text(move))
        assert writer.text() == log_text(state)


def test_every_line_is_printable_text(midgame):
    _, text = midgame
    assert all(ln.isprintable() for ln in text.splitlines())


def test_malformed_inline_table_is_a_format_error():
    good = log_text(new_game(config(), 1))
    out, head = [], CHAIN_START
    for ln in good.replace('preset "published"', 'preset {"row": [1]}').splitlines():
        body = ln.rsplit(" @", 1)[0]
        head = chain(head, body)
        out.append(f"{body} @{head}\n")
    with pytest.raises(LogFormatError, match="^g:5: game.preset: row 1 must be a table"):
        load_log("".join(out), "g")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 3), st.text(max_size=3)), min_size=1,
                      max_size=3))
def test_random_edits_never_crash_and_never_pass(edits):
    text = _SMALL_LOG
    for pos, kind, new in edits:
        pos %= len(text) + 1
        if kind == 0:
            text = text[:pos] + new + text[pos:]
        elif kind == 1:
            text = text[:pos] + text[pos + 1 + len(new):]
        elif kind == 2:
            text = text[:pos] + new + text[pos + len(new):]
        else:
            lines = text.splitlines(keepends=True)
            if lines:
                i = pos % len(lines)
                lines.insert(min(i + 1 + len(new), len(lines)), lines[i])
                text = "".join(lines)
    try:
        loaded = load_log(text, "g")
    except (LogFormatError, ReplayMismatch):
        return
    # only an edit that changed nothing (or only line-end style) may pass
    assert text.removeprefix("\ufeff").replace("\r\n", "\n") == _SMALL_LOG
    assert loaded.writer.text() == _SMALL_LOG


_SMALL_LOG = log_text(play(new_game(Config.from_dict({"game": {}, "players": PLAYERS}), 3), 25))


def _rehashed(text: str, old: str, new: str) -> str:
    """`text` with `old` replaced by `new` and every hash recomputed (a deliberate edit, not a damaged file)."""
    out, head = [], CHAIN_START
    for ln in text.replace(old, new, 1).splitlines():
        body = ln.rsplit(" @", 1)[0]
        head = chain(head, body)
        out.append(f"{body} @{head}\n")
    return "".join(out)


def test_format_3_box_line_is_read_strictly():
    good = log_text(new_game(config(), 1))
    for bad in ("box green 1-180", "box green 1-180 black 180-1", "box black 1-180 green 1-180",
                "box green 1,2-180 black 1-180", "box green none black none"):
        with pytest.raises(LogFormatError, match="^g:3: box"):
            load_log(_rehashed(good, "box green 1-180 black 1-180", bad), "g")
    smaller = load_log(_rehashed(good, "box green 1-180 black 1-180", "box green 1-90 black 1-90"), "g", until=0)
    assert len(smaller.state.order) == 90  # the game deals from the box it names


def test_format_3_front_facts_that_do_not_fit_their_answer_name_the_front_line():
    text = log_text(play(new_game(config(), 1), 12))
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("front 1 "))
    front = lines[i].rsplit(" sealed ", 1)[0]
    n = int(front.split('"areas": ', 1)[1].split(",", 1)[0])
    with pytest.raises(ReplayMismatch, match=rf"^g:{i + 1}: expected 'front 1 "):
        load_log(_rehashed(text, front, front.replace(f'"areas": {n},', f'"areas": {n + 1},', 1)), "g")


def test_format_3_seal_hides_the_answer_until_the_round_is_evaluated():
    state = new_game(config(), 3)
    text = log_text(state)
    animal = state.animal
    assert f'"{animal.areas[0]}"' not in text and "answer 1 " not in text
    played = play(new_game(config(), 3), 200)
    full = log_text(played)
    assert f"answer 1 {animal.name}: " in full and f'"{animal.areas[0]}"' in full


def test_format_3_answer_values_are_bounded_before_they_are_read():
    from rules.fauna.replay import animal_from_facts

    front = {"class": "mammal", "scientific": "X y", "areas": 1, "asks": ["weight"], "n/a": []}
    for bad in ("1e999999999", "-3", "0x10", " 5", "1" * 25):
        with pytest.raises(ValueError):
            animal_from_facts(1, "green", "X", front, {"areas": ["Sahel"], "weight": bad})
    assert animal_from_facts(1, "green", "X", front, {"areas": ["Sahel"], "weight": "0.003"}).measures["weight"]
