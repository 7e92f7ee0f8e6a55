"""`fauna animal stats`: the balance of the animal deck, as tables or JSON, rendered from rules.fauna.deckstats."""

from __future__ import annotations

import click

from fauna_cli.render import FORMATS, dump_json, table
from rules.fauna import Board, Deck, Scales, preset
from rules.fauna.deckstats import Count, deck_stats
from rules.fauna.scoring import PRESET_NAMES


def _rows(counts: list[Count]) -> list[list[str]]:
    return [[c.label, str(c.total), str(c.green), str(c.black)] for c in counts]


def _value(scales: Scales, key: str, value) -> str:
    side = scales.get(key).side("metric")
    return side.format_value(value)


@click.command("stats")
@click.option("--preset", "preset_name", type=click.Choice(PRESET_NAMES), default="published", show_default=True,
              help="Scoring table whose rows give the area-count bands.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="plain", show_default=True,
              help="Output: plain text tables, GitHub or grid tables, or JSON.")
def stats(preset_name: str, fmt: str) -> None:
    """Balance of the deck: animals per class, continent, difficulty, area-count band and area (fewest first)."""
    deck, board, scales = Deck.default(), Board.default(), Scales.default()
    st = deck_stats(deck, board, scales, preset(preset_name))
    if fmt == "json":
        click.echo(dump_json(st.to_dict(scales)), nl=False)
        return
    head = ["", "animals", "green", "black"]
    sections = [
        (f"Deck: {st.animals} animals on {st.cards} cards", table(_rows(st.by_difficulty), ["difficulty", *head[1:]],
                                                                  fmt)),
        ("By class", table(_rows(st.by_class), ["class", *head[1:]], fmt)),
        ("By continent (an animal counts once for each continent or ocean it lives in)",
         table(_rows(st.by_continent), ["continent", *head[1:]], fmt)),
        (f"By number of areas (rows of the {preset_name} scoring table)",
         table(_rows(st.by_band), ["areas", *head[1:]], fmt)),
    ]
    if st.fewest_areas and st.most_areas:
        sections[-1] = (sections[-1][0] + f"; fewest: {st.fewest_areas[0]} ({st.fewest_areas[1]}), "
                        f"most: {st.most_areas[0]} ({st.most_areas[1]})", sections[-1][1])
    rows = []
    for span in st.scales:
        small = "-" if span.smallest is None else f"{span.smallest[0]} ({_value(scales, span.scale, span.smallest[1])})"
        large = "-" if span.largest is None else f"{span.largest[0]} ({_value(scales, span.scale, span.largest[1])})"
        rows.append([span.scale, str(span.asked), str(span.not_available), f"{len(span.spaces_used)} of {span.spaces}",
                     small, large])
    sections.append(("Scales (metric side)",
                     table(rows, ["scale", "asked", "N/A", "spaces used", "smallest", "largest"], fmt)))
    area_rows = [[name, cont, str(c.total), str(c.green), str(c.black)] for name, cont, c in st.per_area]
    sections.append(("Animals per area (fewest first)",
                     table(area_rows, ["area", "continent", "animals", "green", "black"], fmt)))
    click.echo("\n\n".join(f"{title}\n{body}" for title, body in sections))
