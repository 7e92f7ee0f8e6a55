"""The fauna command run inside the test process, answering like `subprocess.run([... "fauna_cli", ...])`.

A child process costs about 0.15 s to start and as much again for coverage to start and save in it; the
tests that only read the command's exit code, its stdout and its one-line errors get the same answers from
the same entry point (`cli.main`: the exit codes, the one-line errors, no traceback) without the child.
Tests about processes themselves (signals, hash seeds, the installed script, files left after a kill) keep
their real children.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from click.testing import CliRunner

from fauna_cli.main import cli


def fauna(*args: object, cwd: Path | str | None = None, stdin: bytes | str | None = None,
          env: dict[str, str] | None = None, text: bool = False) -> subprocess.CompletedProcess:
    """`python -m fauna_cli ARGS` in `cwd` with `stdin`, `env` added to the environment, FAUNA_DEBUG unset.

    An exception that escapes the command's own handling (a traceback a user would see) is raised here, so
    the test fails with it.
    """
    words = [str(a) for a in args]
    environ: dict[str, str | None] = {"FAUNA_NO_CACHE": "1", "FAUNA_DEBUG": None, **(env or {})}
    before = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        result = CliRunner(env=environ).invoke(cli, words, input=stdin, prog_name="fauna")
    finally:
        os.chdir(before)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    out, err = result.stdout_bytes, result.stderr_bytes
    if text:
        return subprocess.CompletedProcess(words, result.exit_code, out.decode("utf-8", "replace"),
                                           err.decode("utf-8", "replace"))
    return subprocess.CompletedProcess(words, result.exit_code, out, err)
