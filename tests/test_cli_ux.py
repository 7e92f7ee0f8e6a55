"""Issue 13: what a first-time player and an e-mail group meet, each item checked through the CLI."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from click.testing import CliRunner

from fauna_cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
FALCON_SEED = 52  # the bundled default game's first card is the peregrine falcon (55 areas), carol starts


def invoke(args, input=None, env=None):
    """Run `fauna ARGS` in-process, stdout and stderr apart."""
    return CliRunner().invoke(cli, args, input=input, env=env)


# -- item 2: tables fit the terminal -------------------------------------------------------------------

def test_round_table_of_a_widespread_animal_fits_80_columns(tmp_path):
    script = tmp_path / "falcon.txt"
    script.write_text("carol: Tasmania\nalice: Sahel\nbob: India\ncarol: pass\nalice: pass\nbob: pass\n")
    r = invoke(["play", "--seed", str(FALCON_SEED), "--moves", str(script)], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.stderr
    assert "Round 1 evaluation: Peregrine falcon" in r.stdout
    tables = [line for line in r.stdout.splitlines() if not line.startswith(("Seed", "Asks", "The script"))]
    assert max(len(line) for line in tables) <= 80
    assert "Basin, Great Dividing Range, Tasmania" in " ".join(r.stdout.split())  # wrapped, not cut
    doc = json.loads(invoke(["play", "--seed", str(FALCON_SEED), "--moves", str(script), "--format", "json"],
                            env={"COLUMNS": "80"}).stdout)
    assert len(doc["rounds"][0]["answer"]["areas"]) == 55  # JSON keeps the whole list on one key


def test_animal_card_fits_and_has_no_empty_header_row():
    r = invoke(["animal", "show", "peregrine falcon", "--reveal"], env={"COLUMNS": "80"})
    lines = r.stdout.splitlines()
    assert lines[0].startswith("card") and max(len(line) for line in lines) <= 80


# -- item 9: wide characters and composed names ------------------------------------------------------

def test_wide_names_keep_table_columns_aligned(tmp_path):
    from wcwidth import wcswidth

    cfg = tmp_path / "wide.toml"
    cfg.write_text('[game]\nseed = 3\n[[players]]\nname = "小林"\n[[players]]\nname = "🦊fox"\n'
                   '[[players]]\nname = "bob"\n')
    game = str(tmp_path / "g.fauna")
    assert invoke(["pbem", "new", "--config", str(cfg), "--out", game]).exit_code == 0
    out = invoke(["pbem", "status", game]).stdout.splitlines()
    head = next(i for i, line in enumerate(out) if line.startswith("player"))
    rows = out[head:head + 5]
    score_col = {wcswidth(line[:line.index(word)]) for line, word in zip(rows[2:], ("0", "0", "0"))}
    assert score_col == {wcswidth(rows[0][:rows[0].index("score")])}, rows
    assert any("wcwidth" in d for d in _dependencies())


def _dependencies() -> list[str]:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]


def test_decomposed_name_is_the_same_player(tmp_path):
    composed = "Zo\u00eb"
    decomposed = unicodedata.normalize("NFD", composed)
    assert decomposed != composed
    cfg = tmp_path / "zoe.toml"
    cfg.write_text(f'[game]\nseed = 4\nstart = "{decomposed}"\n[[players]]\nname = "{composed}"\n'
                   '[[players]]\nname = "bob"\n')
    game = str(tmp_path / "g.fauna")
    assert invoke(["pbem", "new", "--config", str(cfg), "--out", game]).exit_code == 0
    r = invoke(["pbem", "move", game, "--as", decomposed, "Tasmania"])
    assert r.exit_code == 0, r.stderr
    script = tmp_path / "s.txt"
    script.write_text(f"{decomposed}: Sahel\n")
    r = invoke(["play", "--config", str(cfg), "--moves", str(script)])
    assert r.exit_code == 0, r.stderr


# -- item 11: consistency ----------------------------------------------------------------------------

def test_bare_fauna_prints_help_on_stdout_and_succeeds():
    r = invoke([])
    assert r.exit_code == 0 and "Usage:" in r.stdout and r.stderr == ""


def test_bench_takes_dash_h():
    from fauna_cli.bench import bench

    r = CliRunner().invoke(bench, ["-h"])
    assert r.exit_code == 0 and "--games" in r.output


def test_every_json_document_is_an_object_with_a_version():
    for args in (["map", "areas"], ["scales"], ["animal", "list"], ["map", "neighbors", "Tasmania"],
                 ["animal", "show", "lion"]):
        doc = json.loads(invoke(args + ["--format", "json"]).stdout)
        assert isinstance(doc, dict) and doc["version"] == 1, args


def test_errors_are_json_under_format_json():
    r = invoke(["map", "neighbors", "Atlantis", "--format", "json"])
    assert r.exit_code == 2
    err = json.loads(r.stderr)["error"]
    assert err["type"] == "UnknownArea" and "Atlantis" in err["message"] and err["exit_code"] == 2
    r = invoke(["map", "areas", "--continent", "Atlantis", "--format", "json"])
    assert json.loads(r.stderr)["error"]["exit_code"] == 2


# -- item 12: small texts ----------------------------------------------------------------------------

def test_kind_and_units_options_have_help():
    assert "Only land areas" in invoke(["map", "areas", "--help"]).stdout
    assert "imperial (oz" in invoke(["scales", "--help"]).stdout
    assert "Units of the revealed" in invoke(["animal", "show", "--help"]).stdout
