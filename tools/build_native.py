"""Compile Evo's random-playout fast path with mypyc, about twice as fast, for search and the bench.

    python tools/build_native.py [--into DIR] [--remove]

Copies the modules of each group in rules/core/native.py (GROUPS: rules/evo/playout.py above its end mark and
rules/evo/playsteps.py) into a package `fauna_native`, compiles them with mypyc (part of mypy: `pip install
mypy`, and a C compiler), and puts the package into DIR, by default this Python's site-packages, with a digest
of the sources it copied. `rules.evo.playout.play_out` then runs the compiled copy, as long as the sources are
those it was built from (after an edit or a pull: build again; FAUNA_NATIVE=0 runs the Python). The Python
stays the reference: tests/test_native.py builds a copy and runs Evo's playout tests against it.
--remove takes the package out of DIR again.

Exit codes: 0 built (or removed), 2 a usage error, 3 mypyc or a C compiler missing, or the compilation failed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.core.native import END_MARK, GROUPS, PACKAGE, copy_name, digest, source_path  # noqa: E402

SETUP = """
import sys
from mypyc.build import mypycify
from setuptools import setup
setup(name={package!r}, py_modules=[], script_args=["build_ext", "--build-lib", sys.argv[1]],
      ext_modules=mypycify({files!r}, opt_level="3", group_name={package!r}))
"""


class BuildError(Exception):
    """The compiled copies could not be built; the message says why in a line."""


def copy_source(module: str, group: tuple[str, ...]) -> str:
    """A module's source as its compiled copy has it: cut at END_MARK, its group's imports pointed at the copies."""
    text = source_path(module).read_text(encoding="utf-8")
    text = text.split(END_MARK, 1)[0]
    for other in group:
        text = re.sub(rf"^from {re.escape(other)} import", f"from {copy_name(other)} import", text, flags=re.M)
    return text


def missing() -> str | None:
    """What this machine lacks to compile the copies (mypyc, setuptools, a C compiler), or None."""
    for module, package in (("mypyc.build", "mypy (mypyc comes with it)"), ("setuptools", "setuptools")):
        try:
            importlib.import_module(module)
        except ImportError:
            return f"{module.split('.')[0]} is not installed: pip install '.[native]' (or pip install {package})"
    if not (shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc") or shutil.which("clang")):
        return "no C compiler found (cc, gcc or clang): mypyc needs one"
    return None


def build(into: Path) -> list[Path]:
    """Compile every group into DIR/fauna_native (replacing what was there); the files written."""
    lacking = missing()  # said before any work, in a line
    if lacking:
        raise BuildError(lacking)
    into = into.resolve()
    with tempfile.TemporaryDirectory(prefix="fauna-native-") as tmp:
        work = Path(tmp)
        (work / PACKAGE).mkdir()
        (work / PACKAGE / "__init__.py").write_text("", encoding="utf-8")
        files: list[str] = []
        for group in GROUPS.values():
            for module in group:
                path = work / (copy_name(module).replace(".", "/") + ".py")
                path.write_text(copy_source(module, group), encoding="utf-8")
                files.append(str(path.relative_to(work)))
        out = work / "out"
        env = {**os.environ, "MYPYPATH": str(ROOT)}
        done = subprocess.run([sys.executable, "-c", SETUP.format(package=PACKAGE, files=files), str(out)],
                              cwd=work, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
            raise BuildError("mypyc failed: " + (" | ".join(lines[-6:]) or f"exit code {done.returncode}"))
        digests = "".join(f"    {group!r}: {digest(group)!r},\n" for group in GROUPS)
        (out / PACKAGE / "__init__.py").write_text(
            '"""Compiled playouts (tools/build_native.py), used as rules/core/native.py says."""\n\n'
            f"DIGESTS = {{\n{digests}}}  # each group's sources when it was compiled\n", encoding="utf-8")
        built = sorted(out.rglob("*.so")) + sorted(out.rglob("*.pyd"))
        if not built:
            raise BuildError(f"mypyc wrote no compiled module into {out}")
        remove(into)
        written = []
        for path in sorted(p for p in out.rglob("*") if p.is_file()):
            target = into / path.relative_to(out)
            target.parent.mkdir(parents=True, exist_ok=True)
            part = target.with_name(target.name + ".part")  # a half-copied file never has the real name
            shutil.copyfile(path, part)
            part.replace(target)
            written.append(target)
    return written


def remove(into: Path) -> list[Path]:
    """Take fauna_native (the package and mypyc's shared module beside it) out of DIR; what was removed."""
    gone = []
    package = into / PACKAGE
    if package.is_dir():
        shutil.rmtree(package)
        gone.append(package)
    for shared in sorted(into.glob(f"{PACKAGE}__mypyc*")):
        shared.unlink()
        gone.append(shared)
    return gone


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--into", type=Path, default=Path(sysconfig.get_paths()["platlib"]),
                        help="directory on sys.path for the package (default: this Python's site-packages)")
    parser.add_argument("--remove", action="store_true", help="remove the compiled copies from --into")
    args = parser.parse_args(argv)
    if not args.into.is_dir():
        print(f"build_native: --into {args.into}: no such directory", file=sys.stderr)
        return 2
    if args.remove:
        gone = remove(args.into)
        print(f"removed {len(gone)} entries from {args.into}" if gone else f"nothing to remove in {args.into}")
        return 0
    try:
        written = build(args.into)
    except BuildError as e:
        print(f"build_native: {e}", file=sys.stderr)
        return 3
    modules = ", ".join(m for group in GROUPS.values() for m in group)
    print(f"compiled {modules} into {args.into / PACKAGE} ({len(written)} files); "
          f"FAUNA_NATIVE=0 runs the Python instead")
    return 0


if __name__ == "__main__":
    sys.exit(main())
