"""play --log appends what each move adds (issue 17): the file is a valid log after every move, in linear time."""

import os

from fauna_cli.logfile import LogAppender, Shadow
from rules.core.rng import SplitMix64
from rules.fauna import Config, new_game
from rules.fauna.protocol import RULES
from rules.fauna.replay import load_log, log_text

CONFIG = Config.from_dict({"game": {"goal": 40}, "players": [{"name": "ann"}, {"name": "bob"}, {"name": "cy"}]})


def test_the_file_is_the_whole_log_after_every_move_and_grows_in_place(tmp_path):
    path = tmp_path / "g.fauna"
    state = new_game(CONFIG, 7)
    shadow, appender = Shadow(RULES, state), LogAppender(path)
    appender.sync(shadow.writer.lines, shadow.writer.closing_line())
    inode = os.stat(path).st_ino
    rng = SplitMix64(3)
    while not state.is_over:
        before = path.read_bytes()
        legal = state.legal_moves()
        state.apply(legal[rng.below(len(legal))])
        shadow.catch_up(state)
        appender.sync(shadow.writer.lines, shadow.writer.closing_line())
        text = path.read_text()
        assert text == log_text(state)  # a complete, verifiable log after every move
        closing = before.rsplit(b"\n", 2)[-2] + b"\n" if not before.endswith(b"\n\n") else b""
        assert path.read_bytes().startswith(before[:len(before) - len(closing)])  # the permanent lines stay put
        assert os.stat(path).st_ino == inode  # appended in place, not rewritten
    assert load_log(path.read_text(), "g").state.is_over


def test_an_undo_rewrites_the_file_once_and_the_log_follows_the_new_history(tmp_path):
    path = tmp_path / "g.fauna"
    state = new_game(CONFIG, 7)
    for _ in range(4):
        state.apply(state.legal_moves()[-1])
    shadow, appender = Shadow(RULES, state), LogAppender(path)
    appender.sync(shadow.writer.lines, shadow.writer.closing_line())
    earlier = new_game(CONFIG, 7)
    for player, move in state.history[:2]:
        earlier.apply(move, player)
    earlier.apply(earlier.legal_moves()[0])  # a different third move: the history forked
    assert not shadow.follows(earlier)
    shadow = Shadow(RULES, earlier)
    appender.sync(shadow.writer.lines, shadow.writer.closing_line())
    assert path.read_text() == log_text(earlier)
    earlier.apply(earlier.legal_moves()[-1])
    shadow.catch_up(earlier)
    appender.sync(shadow.writer.lines, shadow.writer.closing_line())
    assert path.read_text() == log_text(earlier)
