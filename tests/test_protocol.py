"""The shared engine runs games through their RULES: Fauna's golden logs verify through the shared log too."""

from pathlib import Path

import pytest

from rules.core.errors import ConfigError, ReplayMismatch
from rules.core.log import GameLog, LogFormatError, load_game_log
from rules.core.protocol import decision_stream
from rules.core.registry import game_names, load_rules, rules_for_log

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
GOLDENS = sorted(p for p in REPLAYS.glob("*.fauna") if p.read_text(encoding="utf-8").startswith("fauna-log 3 "))


@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: p.name)
def test_fauna_goldens_verify_through_the_shared_log(path):  # the format it writes: 3 (2 is Fauna's reader's)
    text = path.read_text(encoding="utf-8")
    rules = rules_for_log(text.split("\n", 1)[0])
    assert rules is not None and rules.name == "fauna"
    loaded = load_game_log(text, path.name, rules)
    assert loaded.complete and loaded.state.is_over
    assert loaded.writer.text() == text  # re-written from its moves alone, byte for byte


def test_shared_log_names_an_edited_move_line():
    path = GOLDENS[0]
    lines = path.read_text(encoding="utf-8").split("\n")
    i = next(i for i, ln in enumerate(lines) if ln.startswith("3 "))
    lines[i] = lines[i].replace(": ", ": Tasmania @", 1).rsplit(" @", 1)[0] + " @" + lines[i].rsplit(" @", 1)[1]
    with pytest.raises((ReplayMismatch, LogFormatError)) as err:
        load_game_log("\n".join(lines), path.name, load_rules("fauna"))
    assert f"{path.name}:{i + 1}:" in str(err.value)


def test_a_game_written_by_the_shared_log_replays_and_continues():
    rules = load_rules("fauna")
    doc = {"game": {"rules": "fauna", "goal": 30}, "players": [{"name": "ann"}, {"name": "bob", "bot": "random"}]}
    config = rules.config_from_dict(doc, "test", None)
    state = rules.new_state(config, 11)
    log = GameLog(rules, state)
    bots = {1: rules.make_bot("random", {}, 11, 1)}
    me = rules.make_bot("random", {}, 11, 0)
    while not state.is_over:
        seat = list(state.names).index(state.to_move)
        log.play(state.to_move, (bots.get(seat) or me).choose(state))
        if state.seq == 7:
            half = log.text()
    full = log.text()
    assert load_game_log(full, "g", rules).writer.text() == full
    part = load_game_log(half, "g", rules)
    assert part.state.seq == 7 and not part.state.is_over and part.writer.text() == half


def test_registry_refuses_an_unknown_game_with_a_suggestion():
    with pytest.raises(ConfigError, match="did you mean 'fauna'"):
        load_rules("fuana")
    assert game_names()[0] == "fauna"


def test_decision_streams_differ_by_seat_and_move_and_repeat_exactly():
    a = decision_stream(5, 0, 3).next()
    assert a == decision_stream(5, 0, 3).next()
    others = {decision_stream(5, 1, 3).next(), decision_stream(5, 0, 4).next(), decision_stream(6, 0, 3).next()}
    assert len({a, *others}) == 4


def _game_with_other_facts(card_round: int = 1):
    """A Fauna game (shared log) whose round-`card_round` card was dealt with facts the installed deck does not
    give (as after a data update): its log, the card as played, and the installed one."""
    import dataclasses
    from fractions import Fraction

    from rules.fauna.animals import Deck
    from rules.fauna.dealing import DealtDeck, box_contents, box_text
    from rules.fauna.game import new_game

    rules = load_rules("fauna")
    doc = {"game": {"rules": "fauna", "goal": 40}, "players": [{"name": "ann", "bot": "random"},
                                                               {"name": "bob", "bot": "random"}]}
    config = rules.config_from_dict(doc, "test", None)
    installed = rules.new_state(config, 5).box.card(card_round - 1)
    weight = installed.measures.get("weight")
    played = dataclasses.replace(installed, measures={**installed.measures,
                                                      "weight": (weight or Fraction(1)) * 3 + 1})
    base = Deck.default()
    box = box_contents(base)
    deck = DealtDeck(base, box, {(played.card, played.side): played}, box_line=box_text(box))
    state = new_game(config, 5, deck=deck)
    log = GameLog(rules, state)
    bots = [rules.make_bot("random", {}, 5, i) for i in range(2)]
    while not state.is_over:
        log.play(state.to_move, bots[list(state.names).index(state.to_move)].choose(state))
    return rules, log.text(), played, installed


def test_the_shared_log_plays_the_facts_a_log_recorded_not_the_installed_ones():
    rules, text, played, installed = _game_with_other_facts()
    assert played.measures != installed.measures
    loaded = load_game_log(text, "g", rules)  # re-derived with the recorded weight, byte for byte
    assert loaded.writer.text() == text and loaded.state.box.card(0).measures == played.measures
    again = rules.restart(loaded.state)  # a public file, a view file, the tables: the same game again
    assert again.box.card(0).measures == played.measures
    changes = rules.facts.against_installed(loaded.state)
    assert [(c.round, c.subject) for c in changes] == [(1, played.name)]
    assert changes[0].facts[0].startswith("weight was ") and changes[0].text().startswith(f"round 1, {played.name}: ")


def test_a_game_that_records_no_facts_starts_from_the_installed_data():
    for name in game_names():
        rules = load_rules(name)
        assert (rules.facts is not None) == (name == "fauna")  # Arctic, ExoFauna, Evo: fingerprinted data instead
