"""The commands every protocol game shares (fauna_cli/anygame.py), exercised with Fauna's RULES."""

import json

from click.testing import CliRunner

from fauna_cli import anygame
from fauna_cli.simulate_cmd import run_protocol_games
from rules.core.log import load_game_log
from rules.core.registry import load_rules
from rules.core.simulate import summarise

RULES = load_rules("fauna")


def config(goal=20, bot="random"):
    bob = {"name": "bob", "bot": bot} if bot else {"name": "bob"}
    return RULES.config_from_dict({"game": {"rules": "fauna", "goal": goal}, "players": [{"name": "ann"}, bob]},
                                  "t", None)


def test_a_script_line_may_hold_several_decisions_and_the_log_verifies(tmp_path, capsys):
    log = tmp_path / "g.log"
    state = RULES.new_state(config(), 5)
    first = state.move_text(state.legal_moves()[0])
    code = anygame.run_script(RULES, state, f"ann: {first}; pass\n", "s.txt", "json", str(log))
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["format"] == "fauna-log 3" and state.seq >= 2  # Fauna's Screen keeps Fauna's JSON shape
    assert doc["status"]["to_move"] == state.to_move
    assert state.history[0] == ("ann", RULES.new_state(config(), 5).parse(first))
    loaded = load_game_log(log.read_text(), "g.log", RULES)
    assert loaded.state.seq == state.seq and loaded.writer.text() == log.read_text()


def test_a_bad_script_line_names_file_and_line_and_exits_3(capsys):
    state = RULES.new_state(config(), 5)
    code = anygame.run_script(RULES, state, "# comment\nann: Atlantis\n", "s.txt", "plain", None)
    assert code == 3
    assert capsys.readouterr().err.startswith("fauna: s.txt:2: ann: unknown area 'Atlantis'")


def test_a_computer_players_line_in_a_script_is_refused(capsys):
    state = RULES.new_state(config(), 5)
    first = state.move_text(state.legal_moves()[0])
    code = anygame.run_script(RULES, state, f"ann: {first}\nbob: pass\n", "s.txt", "plain", None)
    err = capsys.readouterr().err
    assert code == 3 and "s.txt:2: bob is a computer player and moves by itself" in err


def test_pbem_move_refuses_the_wrong_player_and_a_stale_copy():
    import pytest

    from rules.core.errors import IllegalMove
    from rules.core.log import GameLog

    state = RULES.new_state(config(bot=None), 5)
    log = GameLog(RULES, state)
    first = state.to_move
    log.play(first, state.legal_moves()[0])
    text = log.text()
    other = "bob" if state.to_move == "ann" else "ann"
    with pytest.raises(IllegalMove, match=f"it is {state.to_move}'s decision"):
        anygame.pbem_move_change(load_game_log(text, "g", RULES), other, "pass", None)
    with pytest.raises(IllegalMove, match="stale"):
        anygame.pbem_move_change(load_game_log(text, "g", RULES), state.to_move, "pass", 1)
    new_text, (loaded, name, _events) = anygame.pbem_move_change(load_game_log(text, "g", RULES), state.to_move,
                                                                  loaded_move(state), 2)
    assert name == state.to_move and load_game_log(new_text, "g", RULES).state.seq == 2


def loaded_move(state):
    return state.move_text(state.legal_moves()[-1])


def test_protocol_simulation_is_the_same_with_two_jobs():
    cfg = RULES.config_from_dict({"game": {"rules": "fauna", "goal": 30},
                                  "players": [{"name": "r1", "bot": "random"}, {"name": "r2", "bot": "random"}]},
                                 "t", None)
    one = summarise(run_protocol_games(RULES, cfg, 3, 12, 1), ["r1", "r2"], ["random", "random"])
    two = summarise(run_protocol_games(RULES, cfg, 3, 12, 2), ["r1", "r2"], ["random", "random"])
    assert one == two and one["games"] == 12


def test_new_config_for_an_unknown_game_suggests_one():
    from fauna_cli.main import cli
    result = CliRunner().invoke(cli, ["new-config", "--game", "artic"], prog_name="fauna")
    assert result.exit_code == 2 and "unknown game 'artic'" in result.output
