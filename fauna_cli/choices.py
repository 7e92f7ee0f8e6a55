"""The numbered choices under the board, grouped so that 64 placements do not push the board off the screen.

Choices that differ only in their last word or two and stand next to each other in the legal order
(ExoFauna's "play Primu blue A n", "... A ne", ...; Arctic's puffin swaps) share one line:
`1-8. play Primu blue A [n | ne | e | se | s | sw | w | nw]`. Numbers keep counting every choice, so
3 is still the third choice ("play Primu blue A e"); `moves` lists them all one a line.
"""

from __future__ import annotations

from dataclasses import dataclass

GROUP_FROM = 13  # up to this many choices are listed one a line
MAX_LINES = 16  # lines of choices at most: with the board above them they fit a 40-row terminal
MAX_TAILS = 8  # choices on one grouped line: a longer run goes on as another line


@dataclass(frozen=True)
class ChoiceLine:
    """Choices first..last (numbered from 1), written as a shared head and the tails that tell them apart."""

    first: int
    last: int
    head: str
    tails: tuple[str, ...] = ()

    def text(self) -> str:
        if not self.tails:
            return f"  {self.first}. {self.head}"
        return f"  {self.first}-{self.last}. {self.head} [{' | '.join(self.tails)}]"


def group(texts: list[str]) -> list[ChoiceLine]:
    """Runs of neighbouring choices with the same number of words that differ only in their last one or two."""
    words = [t.split(" ") for t in texts]
    out: list[ChoiceLine] = []
    i = 0
    while i < len(texts):
        w, run = words[i], None
        for k in range(len(w) - 1, max(0, len(w) - 3), -1):  # the longest shared head first
            j = i
            while (j + 1 < len(texts) and j + 1 - i < MAX_TAILS and len(words[j + 1]) == len(w)
                   and words[j + 1][:k] == w[:k]):
                j += 1
            if j > i:
                run = (k, j)
                break
        if run is None:
            out.append(ChoiceLine(i + 1, i + 1, texts[i]))
            i += 1
            continue
        k, j = run
        out.append(ChoiceLine(i + 1, j + 1, " ".join(w[:k]), tuple(" ".join(words[m][k:]) for m in range(i, j + 1))))
        i = j + 1
    return out


def choice_lines(texts: list[str], cut: bool = True) -> list[str]:
    """The lines that list `texts` under the board: one a choice when few, grouped when many, cut to MAX_LINES
    (unless not `cut`: where no prompt follows to list the rest, as in `pbem status --as NAME`)."""
    if len(texts) < GROUP_FROM:
        return [f"  {i}. {t}" for i, t in enumerate(texts, 1)]
    lines = group(texts)
    shown = [line.text() for line in (lines[:MAX_LINES] if cut else lines)]
    if cut and len(lines) > MAX_LINES:
        rest = len(texts) - lines[MAX_LINES - 2].last  # the last line shown says how many are left
        shown[-1:] = [f"  ... and {rest} more choices (type 'moves' to list them all)"]
    grouped = next((line for line in lines if line.tails), None)
    if grouped is not None:
        shown.append(f"  (numbers count through each [ ]: {grouped.first + 1} is "
                     f"'{grouped.head} {grouped.tails[1]}')")
    return shown


__all__ = ["GROUP_FROM", "MAX_LINES", "ChoiceLine", "choice_lines", "group"]
