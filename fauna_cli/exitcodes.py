"""The documented exit codes, and the mapping from error types to them."""

from __future__ import annotations

from rules.core.errors import ConfigError, DataError, FaunaError, IllegalMove, ReplayMismatch, UnknownName

OK = 0
NO = 1            # a "no" answer or a failed check
USAGE = 2         # bad usage, unknown name, bad config or data, unreadable file
ILLEGAL_MOVE = 3  # an illegal or unparseable move
NOT_VERIFIED = 4  # a replay or game file that does not verify
INTERNAL = 70     # a bug in fauna itself (please report it)
BROKEN_PIPE = 141  # the output was closed early (`fauna ... | head`): 128 + SIGPIPE, as for other CLI tools
INTERRUPTED = 130  # stopped with Ctrl-C (128 + SIGINT, as shells report it)

HELP = """Exit codes: 0 success; 1 a "no" answer or a failed check; 2 bad usage, unknown name,
bad config or unreadable file; 3 an illegal or unparseable move; 4 a replay or game file
that does not verify; 70 an internal error (a bug: please report it); 130 interrupted
(Ctrl-C); 141 the output was closed early (e.g. piped into head)."""


def code_for(error: BaseException) -> int:
    """Exit code for an error type."""
    if isinstance(error, ReplayMismatch):
        return NOT_VERIFIED
    if isinstance(error, IllegalMove):
        return ILLEGAL_MOVE
    if isinstance(error, (ConfigError, DataError, UnknownName, OSError)):
        return USAGE
    if isinstance(error, FaunaError):
        return USAGE
    return INTERNAL
