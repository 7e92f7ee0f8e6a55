"""Compiled copies of a playout fast path (tools/build_native.py), used only when built from the sources here.

tools/build_native.py compiles copies of a group of modules (GROUPS) with mypyc into the package `fauna_native`
and records in it a digest of the sources it copied. A module of the group asks `compiled` for its compiled
entry point: it gets one only when the package is importable and its digest is of these very sources, so an
edited checkout never runs an older compiled copy (its playouts would differ from `State.apply`). The
environment variable FAUNA_NATIVE chooses: "0" never uses a compiled copy (the Python one, say to compare the
two); "require" raises NativeError when none can be used (the bench and the tests that must measure one);
anything else, or unset, uses one when it can.
"""

from __future__ import annotations

import hashlib
import importlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

PACKAGE = "fauna_native"  # the compiled copies' package, wherever tools/build_native.py put it on sys.path
ENV = "FAUNA_NATIVE"
# a group: the modules compiled together (calls between them stay native), its entry module first
GROUPS: dict[str, tuple[str, ...]] = {"evo": ("rules.evo.playout", "rules.evo.playsteps")}
END_MARK = "# -- the compiled copy ends here (rules/core/native.py) --"  # a module's lines below it are not copied
_RULES = Path(__file__).resolve().parent.parent


class NativeError(Exception):
    """A compiled copy was required (FAUNA_NATIVE=require) and none built from these sources can be imported."""


def copy_name(module: str) -> str:
    """The compiled copy's module name: rules.evo.playout is fauna_native.evo_playout."""
    return f"{PACKAGE}.{module.removeprefix('rules.').replace('.', '_')}"


def source_path(module: str) -> Path:
    """The source file of a module of a group (a module of the rules package)."""
    return _RULES.joinpath(*module.split(".")[1:]).with_suffix(".py")


def digest(group: str) -> str:
    """A digest of the sources of `group`'s modules, which a compiled copy must have been built from."""
    h = hashlib.sha256()
    for module in GROUPS[group]:
        data = source_path(module).read_bytes()
        h.update(module.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return h.hexdigest()


def why_not(group: str) -> str | None:
    """Why `group` has no usable compiled copy, or None when it has one."""
    if os.environ.get(ENV) == "0":
        return f"{ENV}=0"
    try:
        package = importlib.import_module(PACKAGE)
    except ImportError:
        return "no compiled copy is built (python tools/build_native.py builds one)"
    built = getattr(package, "DIGESTS", {}).get(group)
    if built is None:
        return f"the compiled copies at {Path(package.__file__ or PACKAGE).parent} have no group {group!r}"
    if built != digest(group):
        return (f"the compiled copy at {Path(package.__file__ or PACKAGE).parent} was built from other sources "
                f"than these (python tools/build_native.py builds it again)")
    return None


def compiled(group: str, name: str) -> Callable[..., Any] | None:
    """The compiled copy of `name` in `group`'s entry module, or None (the caller runs its own Python)."""
    reason = why_not(group)
    if reason is None:
        try:
            entry = importlib.import_module(copy_name(GROUPS[group][0]))
        except ImportError as e:  # built for another Python, or its files half removed
            reason = f"the compiled copy cannot be imported: {e}"
        else:
            fn: Callable[..., Any] = getattr(entry, name)
            return fn
    if os.environ.get(ENV) == "require":
        raise NativeError(f"{ENV}=require, but {group}: {reason}")
    return None
