"""Fauna's own commands (`map`, `scales`, `animal`): questions about Fauna's board, scales and deck.

Imported when one of them is used (fauna_cli/main.py lists them lazily), so `fauna --help` and the other
games' commands never load Fauna's board; every other command reaches Fauna through its RULES.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from fauna_cli import exitcodes
from fauna_cli.main import FORMAT_OPTION, LazyGroup
from fauna_cli.render import dump_json, table
from rules.core.errors import UnknownArea
from rules.fauna import Board

if TYPE_CHECKING:
    from rules.fauna import Scales
    from rules.fauna.deckstats import Count


def _complete_area(ctx, param, incomplete):
    """Area names that start with what is typed (case, accents and punctuation aside)."""
    from click.shell_completion import CompletionItem

    from rules.core.names import normalize

    inc = normalize(incomplete)
    return [CompletionItem(n) for n in Board.default().names if normalize(n).startswith(inc)]


def _complete_animal(ctx, param, incomplete):
    """Animal names that start with what is typed ('adelie' finds 'Adélie penguin')."""
    from click.shell_completion import CompletionItem

    from rules.core.names import normalize
    from rules.fauna import Deck

    inc = normalize(incomplete)
    return [CompletionItem(n) for n in Deck.default().names() if normalize(n).startswith(inc)]


@click.group("map")
def map_group() -> None:
    """Fauna's board: areas, neighbours, adjacency."""


@map_group.command("areas")
@click.option("--kind", type=click.Choice(["land", "marine"]), help="Only land areas or only marine areas.")
@click.option("--continent", help="e.g. Africa, Europe, Oceans.")
@FORMAT_OPTION
def map_areas(kind, continent, fmt) -> None:
    """List the board's areas."""
    board = Board.default()
    areas = board.areas
    if continent:
        conts = sorted({a.continent for a in areas})
        match = [c for c in conts if c.lower() == continent.lower()]
        if not match:
            raise click.BadParameter(f"unknown continent {continent!r}; choose from {', '.join(conts)}",
                                     param_hint="--continent")
        areas = [a for a in areas if a.continent == match[0]]
    if kind:
        areas = [a for a in areas if a.kind == kind]
    if fmt == "json":
        click.echo(dump_json({"areas": [{"name": a.name, "kind": a.kind, "continent": a.continent,
                                         "aliases": list(a.aliases), "neighbors": board.neighbors(a)}
                                        for a in areas]}), nl=False)
        return
    rows = [[a.name, a.kind, a.continent, ", ".join(a.aliases)] for a in areas]
    click.echo(table(rows, ["area", "kind", "continent", "also"], fmt))


@map_group.command("neighbors")
@click.argument("area", shell_complete=_complete_area)
@FORMAT_OPTION
def map_neighbors(area, fmt) -> None:
    """The areas adjacent to AREA."""
    board = Board.default()
    a = board.area(area)
    links = board.neighbor_links(a)
    if fmt == "json":
        click.echo(dump_json({"area": a.name, "neighbors": [{"name": n, "link": kind} for n, kind in links]}), nl=False)
        return
    click.echo(table([[n, kind] for n, kind in links], [f"neighbours of {a.name}", "link"], fmt))


@map_group.command("adjacent")
@click.argument("a", shell_complete=_complete_area)
@click.argument("b", shell_complete=_complete_area)
@FORMAT_OPTION
def map_adjacent(a, b, fmt) -> None:
    """Whether A and B are adjacent: prints yes (exit 0) or no (exit 1)."""
    board = Board.default()
    try:
        x, y = board.area(a), board.area(b)
    except UnknownArea as exc:
        raise exc
    link = board.link(x, y)
    if x.name == y.name:
        answer, reason = False, f"{x.name} is one area, not two"
    elif link:
        answer, reason = True, {"border": "they share a land border", "coast": "land meets sea along a coast",
                                "sea line": "the seas meet along a dashed sea line",
                                "wrap": "joined through the map's edge labels"}[link.kind]
    else:
        answer, reason = False, "they share no border"
    if fmt == "json":
        click.echo(dump_json({"a": x.name, "b": y.name, "adjacent": answer, "reason": reason,
                              "link": link.kind if link else None}), nl=False)
    else:
        click.echo(f"{'yes' if answer else 'no'}: {x.name} and {y.name}: {reason}")
    sys.exit(exitcodes.OK if answer else exitcodes.NO)


@click.command("scales")
@click.option("--units", type=click.Choice(["metric", "imperial"]), default="metric", show_default=True,
              help="Which side of the scales: metric (g, kg, t; cm, m) or imperial (oz, lb, tons; in, ft).")
@FORMAT_OPTION
def scales_cmd(units, fmt) -> None:
    """The spaces of Fauna's three scales."""
    from rules.fauna import Scales

    sc = Scales.default()
    if fmt == "json":
        click.echo(dump_json({"units": units, "scales": [{"scale": s.key, "title": s.title,
                                                          "measures": list(s.measures), "units": units,
                                                          "spaces": [sp.label for sp in s.side(units).spaces]}
                                                         for s in sc]}), nl=False)
        return
    for s in sc:
        rows = [[str(sp.index + 1), sp.label] for sp in s.side(units).spaces]
        click.echo(f"{s.title} ({units}, {len(rows)} spaces)")
        click.echo(table(rows, ["#", "space"], fmt))
        click.echo()


@click.group("animal", cls=LazyGroup)
def animal_group() -> None:
    """Fauna's animal deck."""


@animal_group.command("show")
@click.argument("name", shell_complete=_complete_animal)
@click.option("--reveal", is_flag=True, help="Also show the answer (areas, measures, booklet, sources).")
@click.option("--units", type=click.Choice(["metric", "imperial"]), default="metric", show_default=True,
              help="Units of the revealed measures: metric or imperial.")
@FORMAT_OPTION
def animal_show(name, reveal, units, fmt) -> None:
    """The card of an animal (the answer only with --reveal)."""
    from rules.fauna import Deck, Scales
    from rules.fauna.animals import MEASURE_TITLES
    from rules.fauna.front import card_front

    a = Deck.default().animal(name)
    front = card_front(a)
    doc = {"card": a.card, "side": a.side, **front.to_dict()}
    if reveal:
        sc = Scales.default()
        measures = []
        for m, v in a.measures.items():
            side = sc.for_measure(m).side(units)
            measures.append({"measure": m, "value": "N/A" if v is None else side.format_value(v),
                             "space": "closed" if v is None else side.spaces[side.space_of(v)].label})
        doc.update(areas_list=list(a.areas), answer=measures, booklet=a.booklet,
                   sources=[{"title": s.title, "url": s.url} for s in a.sources])
    if fmt == "json":
        click.echo(dump_json(doc), nl=False)
        return
    rows = [["card", f"{a.card} ({a.side})"], ["class", a.cls], ["name", a.name], ["scientific", a.scientific],
            ["areas", str(a.n_areas)]]
    for m, _scale, open_ in front.measures:
        rows.append(["asks", f"{MEASURE_TITLES[m]}" + ("" if open_ else " (N/A)")])
    if reveal:
        rows.append(["lives in", ", ".join(a.areas)])
        for m in doc["answer"]:
            rows.append([MEASURE_TITLES[m["measure"]], f"{m['value']} ({m['space']})"])
        rows.append(["booklet", a.booklet])
        for s in a.sources:
            rows.append(["source", f"{s.title} {s.url}".strip()])
    click.echo(table(rows, [], fmt))  # a two-column card: no header row


@animal_group.command("list")
@click.option("--cards", type=click.Choice(["green", "black"]), help="Only one side of the cards.")
@FORMAT_OPTION
def animal_list(cards, fmt) -> None:
    """Every animal in the deck (card fronts only)."""
    from rules.fauna import Deck

    animals = [a for a in Deck.default().animals if cards is None or a.side == cards]
    if fmt == "json":
        click.echo(dump_json({"animals": [{"card": a.card, "side": a.side, "difficulty": a.side, "name": a.name,
                                           "scientific": a.scientific, "class": a.cls, "areas": a.n_areas}
                                          for a in animals]}), nl=False)
        return
    rows = [[str(a.card), a.side, a.name, a.scientific, a.cls, str(a.n_areas)] for a in animals]
    click.echo(table(rows, ["card", "side", "name", "scientific", "class", "areas"], fmt))


def _rows(counts: list[Count]) -> list[list[str]]:
    """One table row per count: its label, then the animals in all, on green cards and on black cards."""
    return [[c.label, str(c.total), str(c.green), str(c.black)] for c in counts]


def _value(scales: Scales, key: str, value) -> str:
    """A measured value as the metric side of its scale writes it."""
    side = scales.get(key).side("metric")
    return side.format_value(value)


def _stats_command() -> click.Command:
    """`animal stats`, made when first used: its preset choices and the deck statistics cost a quick query time."""
    from rules.fauna.scoring import PRESET_NAMES

    @click.command("stats")
    @click.option("--preset", "preset_name", type=click.Choice(PRESET_NAMES), default="published",
                  show_default=True, help="Scoring table whose rows give the area-count bands.")
    @FORMAT_OPTION
    def stats(preset_name: str, fmt: str) -> None:
        """Balance of the deck: animals per class, continent, difficulty, area-count band and area (fewest first)."""
        _print_stats(preset_name, fmt)

    return stats


def __getattr__(name: str) -> click.Command:
    """`stats` on first use (LazyGroup looks it up by name): see _stats_command."""
    if name == "stats":
        command = _stats_command()
        globals()["stats"] = command
        return command
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _print_stats(preset_name: str, fmt: str) -> None:
    """The deck statistics under the `preset_name` scoring table, as tables or JSON."""
    from rules.fauna import Board, Deck, Scales, preset
    from rules.fauna.deckstats import deck_stats

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


animal_group.lazy = {"stats": "fauna_cli.fauna_queries:stats"}
animal_group.lazy_help = {
    "stats": "Balance of the deck: animals per class, continent, difficulty, area-count band and area."}
