"""What Arctic reads and writes besides moves: its data file, configs and the log's header and event lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.arctic import cards
from rules.arctic.cards import ANIMALS
from rules.arctic.config import ArcticConfig, PlayerSpec, config_from_dict, config_to_dict
from rules.arctic.log import event_line, header_lines, parse_header
from rules.arctic.state import Event
from rules.core.errors import ConfigError, DataError

ROOT = Path(__file__).resolve().parent.parent
DATA_FILE = ROOT / "data" / "arctic" / "arctic.toml"


# ----- the data file

def test_a_checkout_reads_its_own_data_file() -> None:
    assert Path(cards._data_path()) == DATA_FILE  # an edit to data/arctic/arctic.toml is what the game uses


def test_an_installed_copy_reads_the_packaged_data_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cards.os.path, "isfile", lambda path: False)  # no checkout around the package
    path = Path(cards._data_path())
    assert path.name == "arctic.toml" and "landscape = [0, 1, 3, 6, 10, 15]" in path.read_text(encoding="utf-8")


def load_with(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str) -> cards.ArcticData:
    """Load a copy of the data file with one line changed."""
    text = DATA_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "arctic.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    monkeypatch.setattr(cards, "_data_path", lambda: str(path))
    return cards.load.__wrapped__()


@pytest.mark.parametrize("old, new, message", [
    ("landscape = [0, 1, 3, 6, 10, 15]", "landscape = [0, 1, 3, 6, 10]", "landscape needs 6 values"),
    ("landscape = [0, 1, 3, 6, 10, 15]", 'landscape = [0, 1, 3, 6, 10, "15"]', "landscape must be a list of whole"),
    ("landscape = [0, 1, 3, 6, 10, 15]", "landscape = 15", "landscape must be a list of whole"),
    ("draw_values = [1, 2, 3, 4, 5]", "draw_values = [1, 2, 3, 4]", "draw_values 5"),
    ("token_start = 2", "token_start = 6", "token_start 0-5"),
    ("token_start = 2", "token_start = -1", "token_start 0-5"),
    ("token_start = 2", "token_start = true", "token_start must be a whole number"),
    ("token_start = 2", 'token_start = "2"', "token_start must be a whole number"),
    ('animals = ["fox", "moose", "walrus", "orca", "puffin", "bear"]',
     'animals = ["fox", "moose", "walrus", "orca", "puffin"]', "animals must list the 6 animals"),
    ('animals = ["fox", "moose", "walrus", "orca", "puffin", "bear"]',
     'animals = ["fox", "moose", "walrus", "orca", "puffin", 6]', "animals must list the 6 animals"),
])
def test_a_broken_data_file_is_refused_with_the_key_at_fault(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                             old: str, new: str, message: str) -> None:
    with pytest.raises(DataError, match=message):
        load_with(monkeypatch, tmp_path, old, new)


@pytest.mark.parametrize("start", [0, 5])
def test_tokens_may_start_on_either_end_card(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, start: int) -> None:
    assert load_with(monkeypatch, tmp_path, "token_start = 2", f"token_start = {start}").token_start == start


# ----- configs

def players(*names: str) -> list[dict[str, str]]:
    return [{"name": n} for n in names]


def test_a_config_made_without_power_sides_has_every_side_random() -> None:
    cfg = ArcticConfig((PlayerSpec("ann"), PlayerSpec("ben", "planner")))
    assert config_to_dict(cfg)["game"]["powers"] == dict.fromkeys(ANIMALS, "random")
    assert config_from_dict(config_to_dict(cfg)) == cfg


def test_a_misspelt_power_side_gets_a_suggestion() -> None:
    with pytest.raises(ConfigError, match=r"game.powers.fox = 'randon' must be .* \(did you mean 'random'\?\)"):
        config_from_dict({"game": {"rules": "arctic", "powers": {"fox": "randon"}}, "players": players("a", "b")})


def test_a_power_side_that_is_not_text_is_refused_without_a_suggestion() -> None:
    with pytest.raises(ConfigError) as err:
        config_from_dict({"game": {"rules": "arctic", "powers": {"orca": 1}}, "players": players("a", "b")})
    assert str(err.value) == 'config: game.powers.orca = 1 must be "A", "B" or "random"'


# ----- the log header

def test_a_header_alone_reads_back_and_keeps_names_as_written() -> None:
    cfg = ArcticConfig((PlayerSpec("Zoë"), PlayerSpec("Bjørn", "random")), seed=3, powers=("A",) * 6)
    head = header_lines(cfg)
    assert 'player "Zoë"' in head and 'player "Bjørn" {"bot": "random"}' in head
    back, seed, used = parse_header(head, "g.log")
    assert (back, seed, used) == (cfg, 3, len(head))


@pytest.mark.parametrize("texts, message", [
    ([], "g.log:1: expected 'arctic-log 1' on the first line"),
    (["fauna-log 1", "seed 1"], "g.log:1: expected 'arctic-log 1' on the first line"),
    (["arctic-log 1"], "g.log:2: expected 'seed ...'"),
    (["arctic-log 1", "seed 1", "powers {}", 'start null', 'player 5'], "g.log:5: expected 'player \"NAME\"'"),
    (["arctic-log 1", "seed 1", "powers {}", 'start null', 'player "a" {"bot": "random", "x": 1}'],
     "g.log:5: expected 'player \"NAME\"'"),
    (["arctic-log 1", "seed 1", "powers {}", 'start null', 'player "a" ["bot"]'],
     "g.log:5: expected 'player \"NAME\"'"),
])
def test_a_broken_header_names_its_line(texts: list[str], message: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_header(texts, "g.log")
    assert str(err.value).startswith(message)


def test_a_penalty_line_says_how_many_cards_were_missing() -> None:
    assert event_line(Event("penalty", "ann", 3, 1)) == "penalty ann 3 (2 not taken: no cards left)"
    assert event_line(Event("penalty", "ann", 2, 2)) == "penalty ann 2"
