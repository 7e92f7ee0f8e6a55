"""Issue 19: a game keeps the facts it was dealt, so a data update never breaks a game in progress or an old log.

Each test points fauna at a copy of data/ (FAUNA_DATA_DIR), edits the copy as a release of the deck
would (a booklet sentence, a source, an animal's weight, an animal added to the box) and goes on.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner
from coverage_pause import unmeasured_from

from fauna_cli.gamefile import load_game
from fauna_cli.main import cli
from rules.core.data import use_built_cache
from rules.core.rng import SplitMix64
from rules.fauna import animals, board, data, scales, scoring
from rules.fauna.replay import load_log

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_V3 = ROOT / "replays" / "3p-published-metric-v3.fauna"
GOLDEN_V2 = ROOT / "replays" / "2p-published-metric.fauna"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], prog_name="fauna")


def _forget_loaded_data() -> None:
    for cached in (data.data_dir, animals._default_deck, board._default_board, scales._default_scales,
                   scoring.preset):
        cached.cache_clear()


@pytest.fixture
def install(monkeypatch, tmp_path):
    """install(folder): from now on fauna reads its data from `folder` (as another release would be installed)."""

    def use(folder: Path) -> None:
        monkeypatch.setenv("FAUNA_DATA_DIR", str(folder))
        _forget_loaded_data()

    yield use
    monkeypatch.delenv("FAUNA_DATA_DIR", raising=False)
    _forget_loaded_data()


def copy_data(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(ROOT / "data", folder)
    return folder


def _block(folder: Path, name: str) -> tuple[Path, str, str]:
    """(file, text, the [[animal]] block of `name`) in a data copy."""
    for path in sorted((folder / "animals").glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        for block in text.split("[[animal]]"):
            if f'\nname = "{name}"\n' in block:
                return path, text, block
    raise AssertionError(f"{name} not in the deck")


def edit_animal(folder: Path, name: str, key: str, change) -> None:
    """Replace line `key = ...` of an animal's block by change(old line)."""
    path, text, block = _block(folder, name)
    start = "  { title" if key == "source" else f"{key} = "
    line = next(ln for ln in block.split("\n") if ln.startswith(start))
    new_block = block.replace(line, change(line), 1)
    assert new_block != block
    path.write_text(text.replace(block, new_block, 1), encoding="utf-8")


def add_card(folder: Path) -> None:
    """A new card 181 (both sides) at the end of the deck: the box of a game in progress must not change."""
    extra = ""
    for side, name, sci in (("green", "Test hare", "Lepus probatus"), ("black", "Test owl", "Strix probata")):
        extra += (f'\n[[animal]]\ncard = 181\nside = "{side}"\nname = "{name}"\nscientific = "{sci}"\n'
                  'class = "mammal"\nareas = ["Sahel"]\nweight = 2.5\nlength = 50.0\n'
                  'sources = [{ title = "A test source" }]\n')
    path = folder / "animals" / "06-oceans.toml"
    path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")


def heavier(line: str) -> str:
    value = line.split(" = ", 1)[1]
    number = 5.0 if "n/a" in value else float(value) * 3 + 1
    return f"weight = {number}"


EDITS = {
    "booklet": lambda folder, animal: edit_animal(folder, animal, "booklet",
                                                  lambda ln: ln[:-1] + ' A typo fixed."'),
    "source": lambda folder, animal: edit_animal(folder, animal, "source",
                                                 lambda ln: ln.replace('title = "', 'title = "Corrected: ', 1)),
    "weight": lambda folder, animal: edit_animal(folder, animal, "weight", heavier),
    "added animal": lambda folder, animal: add_card(folder),
}


def start_game(path: Path, seed: int = 4242, players=("ann", "bob")) -> None:
    config = path.with_suffix(".toml")
    config.write_text('[game]\ngoal = 30\n' + "".join(f'[[players]]\nname = "{p}"\n' for p in players))
    made = run("pbem", "new", "--config", config, "--out", path, "--seed", seed)
    assert made.exit_code == 0, made.output


def next_move(path: Path, rng: SplitMix64) -> tuple[str, str] | None:
    """(player, move) a simple policy picks on the file as the installed fauna reads it; None when over."""
    state = load_game(path).state
    if state.is_over:
        return None
    legal = state.legal_moves()
    return state.to_move, state.move_text(legal[rng.below(len(legal))])


def move(path: Path, player: str, text: str) -> None:
    result = run("pbem", "move", path, "--as", player, *text.split(" "))
    assert result.exit_code == 0, result.output


@dataclass
class MemoryCache:
    """A built-object cache in memory (the CLI keeps one on disk), for tests that switch releases every move."""

    values: dict[bytes, object] = field(default_factory=dict)

    def get(self, key: bytes) -> object | None:
        return self.values.get(key)

    def put(self, key: bytes, value: object) -> None:
        self.values[key] = value


def play_to_end(path: Path, rng: SplitMix64, installs=None) -> None:
    for i in range(2000):
        with unmeasured_from(30, i):  # the later moves run the lines of the first thirty again
            if installs:
                installs[i % len(installs)]()
            chosen = next_move(path, rng)
            if chosen is None:
                return
            move(path, *chosen)
    raise AssertionError("the game did not end")


def answer_of(text: str, round_no: int) -> dict:
    line = re.search(rf"^answer {round_no} [^:]+: (\{{.*\}}) @", text, re.M)
    assert line is not None
    return json.loads(line.group(1))


def release_2(tmp_path: Path, install) -> Path:
    """Today's data installed as release 1; release 2, a copy of it for an edit, returned to install later."""
    install(copy_data(tmp_path, "release-1"))
    return copy_data(tmp_path, "release-2")


def weight_kept_and_shown(game: Path, reference: bytes, round_no: int, name: str) -> None:
    """The round in progress was evaluated with the weight it was dealt, and --against-installed names the change."""
    assert answer_of(game.read_text(), round_no) == answer_of(reference.decode(), round_no)
    shown = run("replay", game, "--against-installed")
    assert shown.exit_code == 0, shown.output
    assert re.search(rf"round {round_no}, {re.escape(name)}: weight was .+ in this game, is .+ now",
                     shown.output), shown.output


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The game as played start to end on today's data: every edited game must end byte for byte like it (played
    once: the tests that edit the data install copies of it and put the default back after)."""
    folder = tmp_path_factory.mktemp("reference")
    path = folder / "game.fauna"
    start_game(path)
    play_to_end(path, SplitMix64(9))
    _forget_loaded_data()
    return path.read_bytes()


@pytest.mark.parametrize("edit", list(EDITS))
def test_a_game_in_progress_goes_on_to_its_end_after_a_data_update(edit, tmp_path, install, reference):
    after = release_2(tmp_path, install)
    game = tmp_path / "game.fauna"
    start_game(game)
    rng = SplitMix64(9)
    for _ in range(3):  # ann and bob move, then a new release of the deck is installed
        move(game, *next_move(game, rng))
    state = load_game(game).state
    current, round_no = state.animal, state.round
    EDITS[edit](after, current.name)
    install(after)
    status = run("pbem", "status", game)
    assert status.exit_code == 0 and "warning" not in status.output, status.output
    play_to_end(game, rng)
    replayed = run("replay", game)
    assert replayed.exit_code == 0 and "Verified" in replayed.output, replayed.output
    assert game.read_bytes() == reference  # the game as it would have been without the update
    if edit == "weight":
        weight_kept_and_shown(game, reference, round_no, current.name)


@pytest.mark.parametrize("edit", list(EDITS))
def test_a_golden_log_verifies_and_continues_to_the_same_end_after_a_data_update(edit, tmp_path, install):
    golden = GOLDEN_V3.read_bytes()
    first = load_log(golden.decode(), str(GOLDEN_V3)).state.box.card(0)
    changed = copy_data(tmp_path, "release-2")
    EDITS[edit](changed, first.name)
    install(changed)
    copy = tmp_path / GOLDEN_V3.name
    copy.write_bytes(golden)
    whole = run("replay", copy)
    assert whole.exit_code == 0 and "Verified" in whole.output, whole.output
    # the golden cut after move 4 (an unfinished game file), finished with its own moves on the new release
    part = load_log(golden.decode(), str(GOLDEN_V3), until=4)
    copy.write_text(part.writer.text(), encoding="utf-8")
    moves = [r for r in load_log(golden.decode(), str(GOLDEN_V3)).records if r.kind == "move"][4:]
    for i, r in enumerate(moves):
        with unmeasured_from(30, i):  # the later moves run the lines of the first thirty again
            move(copy, r.player, r.text.split(": ", 1)[1])
    assert copy.read_bytes() == golden
    if edit == "weight":
        shown = run("replay", copy, "--against-installed", "--format", "json")
        changes = json.loads(shown.output)["against_installed"]
        assert changes and changes[0]["round"] == 1 and "weight was" in changes[0]["facts"][0]


def test_two_installs_with_different_decks_alternate_the_moves_of_one_game(tmp_path, install, reference):
    ann = copy_data(tmp_path, "ann-release")
    bob = copy_data(tmp_path, "bob-release")  # a newer deck: other weights, other booklets, one more card
    for name in ("Lion", "Red fox", "Aye-aye", "African bush elephant", "Okapi"):
        EDITS["weight"](bob, name)
        EDITS["booklet"](bob, name)
    add_card(bob)
    install(ann)
    game = tmp_path / "game.fauna"
    start_game(game)
    built = MemoryCache()  # what each release's own cache folder gives: its deck built once, keyed by its files
    use_built_cache(built)
    try:
        play_to_end(game, SplitMix64(9), installs=[lambda: install(ann), lambda: install(bob)])
    finally:
        use_built_cache(None)
    decks = [k for k in built.values if k.startswith(b"4:deck\0")]
    assert len(decks) == 2  # one deck of each release, each built from its own files
    assert game.read_bytes() == reference
    for who in (ann, bob):
        install(who)
        assert run("replay", game).exit_code == 0


def test_a_format_2_log_made_with_other_data_is_refused_by_name_saying_how_to_go_on(tmp_path, install):
    changed = copy_data(tmp_path, "release-2")
    EDITS["booklet"](changed, "Lion")
    install(changed)
    result = run("replay", GOLDEN_V2)
    assert result.exit_code == 4
    assert "fauna-log 2" in result.output and "--ignore-data-change" in result.output
    assert run("replay", GOLDEN_V2, "--ignore-data-change").exit_code == 0  # a booklet plays no part in a game
    add_card(changed)  # a format-2 game deals from the installed box: another box deals other cards
    _forget_loaded_data()
    assert run("replay", GOLDEN_V2, "--ignore-data-change").exit_code == 4


def test_a_format_3_game_keeps_drawing_from_its_box(tmp_path, install):
    game = tmp_path / "game.fauna"
    start_game(game)
    assert re.search(r"^box green 1-180 black 1-180 @", game.read_text(), re.M)
    changed = copy_data(tmp_path, "release-2")
    add_card(changed)
    install(changed)
    loaded = load_game(game)
    assert len(loaded.state.order) == 180
    fresh = tmp_path / "new.fauna"
    start_game(fresh)
    assert re.search(r"^box green 1-181 black 1-181 @", fresh.read_text(), re.M)


def test_fauna_data_dir_must_be_a_data_folder(tmp_path, install):
    install(tmp_path)
    result = run("replay", GOLDEN_V3)
    assert result.exit_code != 0 and "FAUNA_DATA_DIR" in result.output


@pytest.mark.parametrize("how", ["pbem move", "play --continue"])
def test_a_format_2_game_goes_on_in_format_2(tmp_path, how):
    golden = GOLDEN_V2.read_text(encoding="utf-8")
    full = load_log(golden, str(GOLDEN_V2))
    copy = tmp_path / "game.fauna"
    copy.write_text(load_log(golden, str(GOLDEN_V2), until=4).writer.text(), encoding="utf-8")
    moves = [(r.player, r.text.split(": ", 1)[1]) for r in full.records if r.kind == "move"][4:]
    if how == "pbem move":
        for player, text in moves:
            move(copy, player, text)
    else:
        script = "".join(f"{p}: {t}\n" for p, t in moves)
        result = CliRunner().invoke(cli, ["play", "--continue", str(copy), "--moves", "-"], input=script)
        assert result.exit_code == 0, result.output
    assert copy.read_text(encoding="utf-8") == golden


# -- a refereed game (the shared log, rules/core/log.py, through Fauna's RULES.facts) -----------------------

def start_refereed(path: Path, seed: int = 4242, players=("ann", "bob")) -> Path:
    """A refereed game (public file `path`, key beside it) with the same config and seed as start_game's."""
    config = path.with_suffix(".toml")
    config.write_text('[game]\ngoal = 30\n' + "".join(f'[[players]]\nname = "{p}"\n' for p in players))
    key = path.with_suffix(".key")
    made = run("pbem", "new", "--config", config, "--out", path, "--seed", seed, "--referee", key, "--public-seed")
    assert made.exit_code == 0, made.output
    return key


def refereed_log(key: Path) -> str:
    """The full log in the referee's key file."""
    from rules.core.referee import read_key

    return read_key(key.read_text(encoding="utf-8"), str(key))[1]


def refereed_state(key: Path):
    from rules.core.log import load_game_log
    from rules.core.registry import load_rules

    return load_game_log(refereed_log(key), str(key), load_rules("fauna")).state


def referee_moves(game: Path, key: Path, rng: SplitMix64, count: int | None = None) -> None:
    """The referee enters moves picked as next_move picks them (on the game as the installed fauna reads it)."""
    for i in range(2000 if count is None else count):
        with unmeasured_from(30, i):  # the later moves run the lines of the first thirty again
            state = refereed_state(key)
            if state.is_over:
                return
            legal = state.legal_moves()
            text = state.move_text(legal[rng.below(len(legal))])
            moved = run("pbem", "move", game, "--key", key, "--as", state.to_move, *text.split(" "))
        assert moved.exit_code == 0, moved.output
    assert count is not None, "the game did not end"


@pytest.mark.parametrize("edit", list(EDITS))
def test_a_refereed_game_in_progress_goes_on_to_its_end_after_a_data_update(edit, tmp_path, install, reference):
    after = release_2(tmp_path, install)
    game = tmp_path / "game.fauna"
    key = start_refereed(game)
    rng = SplitMix64(9)
    referee_moves(game, key, rng, 3)
    state = refereed_state(key)
    current, round_no = state.animal, state.round
    EDITS[edit](after, current.name)
    install(after)
    status = run("pbem", "status", tmp_path / f"game-{state.to_move}.view")
    assert status.exit_code == 0, status.output
    referee_moves(game, key, rng)
    assert refereed_log(key).encode() == reference  # the very log of the plain game, had nothing been installed
    refused = run("replay", game, "--against-installed")  # the answers are sealed with the seed until the reveal
    assert refused.exit_code == 2 and "reveal" in refused.output, refused.output
    assert run("pbem", "reveal", game, "--key", key).exit_code == 0
    replayed = run("replay", game)
    assert replayed.exit_code == 0 and "commitment matches" in replayed.output, replayed.output
    if edit == "weight":
        weight_kept_and_shown(game, reference, round_no, current.name)
        data = json.loads(run("replay", game, "--against-installed", "--format", "json").output)
        assert [c["round"] for c in data["against_installed"]] == [round_no]
    else:
        shown = run("replay", game, "--against-installed")
        assert shown.exit_code == 0 and "nothing would change" in shown.output, shown.output


def test_a_refereed_game_keeps_drawing_from_its_box(tmp_path, install):
    game = tmp_path / "game.fauna"
    key = start_refereed(game)
    changed = copy_data(tmp_path, "release-2")
    add_card(changed)
    install(changed)
    assert len(refereed_state(key).order) == 180
    assert re.search(r"^box green 1-180 black 1-180 @", game.read_text(), re.M)
    referee_moves(game, key, SplitMix64(3), 6)
    assert re.search(r"^box green 1-180 black 1-180 @", refereed_log(key), re.M)


@pytest.mark.parametrize("name", ["2p-arctic.arctic", "2p-exofauna.exofauna", "2p-evo.evo"])
def test_against_installed_on_a_game_that_records_no_facts_says_so(name):
    result = run("replay", ROOT / "replays" / name, "--against-installed")
    assert result.exit_code == 2, result.output
    assert "records no facts" in result.output and len(result.output.strip().split("\n")) == 1


def test_a_refereed_game_on_another_board_or_scales_is_refused_by_name(tmp_path, install):
    game = tmp_path / "game.fauna"
    key = start_refereed(game)
    changed = copy_data(tmp_path, "release-2")
    scales_file = changed / "scales.toml"
    scales_file.write_text(scales_file.read_text(encoding="utf-8") + "\n# a comment changes the fingerprint\n",
                           encoding="utf-8")
    install(changed)
    before = key.read_bytes(), game.read_bytes()
    result = run("pbem", "move", game, "--key", key, "--as", "ann", "pass")
    assert result.exit_code == 4, result.output
    assert "game.key:" in result.output and "this game was played on another board, scales or scoring preset" \
        in result.output and len(result.output.strip().split("\n")) == 1
    assert (key.read_bytes(), game.read_bytes()) == before
