"""The compiled copy of Evo's playout (tools/build_native.py, rules/core/native.py): used only when built from
the sources at hand, and, built, playing exactly what `State.apply` plays."""

import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rules.core import native
from tools import build_native

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def fake_package(tmp_path, monkeypatch):
    """A pure-Python stand-in for fauna_native on sys.path: make(digest) writes it, with an entry that says so."""
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(native.ENV, raising=False)

    def make(digest: str | None) -> None:
        package = tmp_path / native.PACKAGE
        package.mkdir(exist_ok=True)
        digests = {} if digest is None else {"evo": digest}
        (package / "__init__.py").write_text(f"DIGESTS = {digests!r}\n")
        (package / "evo_playout.py").write_text("def python_play_out(state, rng):\n    return 'the compiled copy'\n")
        for name in [m for m in sys.modules if m.split(".")[0] == native.PACKAGE]:
            monkeypatch.delitem(sys.modules, name)
        importlib.invalidate_caches()

    yield make
    for name in [m for m in sys.modules if m.split(".")[0] == native.PACKAGE]:
        del sys.modules[name]


def test_a_copy_built_from_these_sources_is_used(fake_package):
    fake_package(native.digest("evo"))
    assert native.why_not("evo") is None
    assert native.compiled("evo", "python_play_out")(None, None) == "the compiled copy"


def test_a_copy_built_from_other_sources_is_not_used(fake_package, monkeypatch, tmp_path):
    fake_package("0" * 64)  # as after an edit or a pull since the build
    assert f"the compiled copy at {tmp_path / native.PACKAGE} was built from other sources" in native.why_not("evo")
    assert native.compiled("evo", "python_play_out") is None
    monkeypatch.setenv(native.ENV, "require")
    with pytest.raises(native.NativeError, match="other sources than these"):
        native.compiled("evo", "python_play_out")


def test_a_package_without_the_group_is_not_used(fake_package, monkeypatch, tmp_path):
    fake_package(None)
    assert native.why_not("evo") == f"the compiled copies at {tmp_path / native.PACKAGE} have no group 'evo'"
    monkeypatch.setenv(native.ENV, "require")
    with pytest.raises(native.NativeError, match="no group 'evo'"):
        native.compiled("evo", "python_play_out")


def test_without_a_copy_the_python_runs_and_require_says_how_to_build_one(monkeypatch):
    monkeypatch.delenv(native.ENV, raising=False)
    monkeypatch.setitem(sys.modules, native.PACKAGE, None)  # not importable, even where one is built
    assert native.why_not("evo") == "no compiled copy is built (python tools/build_native.py builds one)"
    assert native.compiled("evo", "python_play_out") is None
    monkeypatch.setenv(native.ENV, "require")
    with pytest.raises(native.NativeError, match=r"but evo: no compiled copy is built \(python tools/build_native"):
        native.compiled("evo", "python_play_out")


def test_fauna_native_0_runs_the_python_even_beside_a_good_copy(fake_package, monkeypatch):
    fake_package(native.digest("evo"))
    monkeypatch.setenv(native.ENV, "0")
    assert native.compiled("evo", "python_play_out") is None


def test_the_digest_covers_every_module_of_the_group(tmp_path, monkeypatch):
    before = native.digest("evo")
    for module in native.GROUPS["evo"]:
        copy = tmp_path / "rules" / native.source_path(module).relative_to(ROOT / "rules")
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(native.source_path(module).read_bytes())
    monkeypatch.setattr(native, "_RULES", tmp_path / "rules")
    assert native.digest("evo") == before
    for module in native.GROUPS["evo"]:
        path = native.source_path(module)
        path.write_bytes(path.read_bytes() + b"\n")
        assert native.digest("evo") != before, module
        path.write_bytes(path.read_bytes()[:-1])


def test_the_copies_stop_at_the_end_mark_and_import_each_other():
    playout = build_native.copy_source("rules.evo.playout", native.GROUPS["evo"])
    assert "from fauna_native.evo_playsteps import (" in playout
    assert "from rules.evo.playsteps" not in playout
    assert "native.compiled(" not in playout  # the copy never looks for itself
    assert playout.startswith(native.source_path("rules.evo.playout").read_text().split(native.END_MARK)[0][:200])
    assert native.END_MARK in native.source_path("rules.evo.playout").read_text()


def test_the_compiled_copy_plays_what_state_apply_plays(tmp_path, capsys):
    """Build the copy as a user would, then run Evo's playout tests (every phase, the rare rejected draws, the
    unchanged state when no move is offered) against it in a process that must use it. Where nothing can be
    compiled (no mypyc or no C compiler), the build says so in a line and leaves nothing behind."""
    built = build_native.main(["--into", str(tmp_path)])
    missing = build_native.missing()
    if missing:
        assert built == 3 and not list(tmp_path.iterdir()), missing
        assert capsys.readouterr().err.startswith("build_native: ")
        return
    assert built == 0
    assert (tmp_path / native.PACKAGE / "__init__.py").exists()
    env = {**os.environ, "PYTHONPATH": str(tmp_path), native.ENV: "require"}
    env.pop("COV_CORE_SOURCE", None)
    check = subprocess.run([sys.executable, "-c", "from rules.evo import playout; print(playout._COMPILED)"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert check.returncode == 0 and "built-in" in check.stdout, check.stderr
    run = subprocess.run([sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "-p", "no:cov",
                          "tests/test_evo_playout.py", "tests/test_playout.py", "-k", "evo"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    passed = re.search(r"(\d+) passed", run.stdout)
    assert passed and int(passed.group(1)) >= 50 and "failed" not in run.stdout, run.stdout[-500:]
    assert build_native.main(["--into", str(tmp_path), "--remove"]) == 0
    assert not (tmp_path / native.PACKAGE).exists() and not list(tmp_path.glob("fauna_native__mypyc*"))


def test_the_build_says_in_a_line_what_is_missing(tmp_path, monkeypatch, capsys):
    assert build_native.main(["--into", str(tmp_path / "nowhere")]) == 2
    assert "nowhere: no such directory" in capsys.readouterr().err
    real = importlib.import_module

    def without_mypyc(name, *args):
        if name.startswith("mypyc"):
            raise ImportError(name)
        return real(name, *args)

    monkeypatch.setattr(build_native.importlib, "import_module", without_mypyc)
    assert build_native.main(["--into", str(tmp_path)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "mypyc is not installed: pip install '.[native]'" in err
    assert not list(tmp_path.iterdir())  # nothing half-built left behind
    monkeypatch.setattr(build_native.importlib, "import_module", real)
    monkeypatch.setattr(build_native.shutil, "which", lambda name: None)
    assert build_native.main(["--into", str(tmp_path)]) == 3
    assert "no C compiler found" in capsys.readouterr().err
