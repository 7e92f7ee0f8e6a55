"""The `expert` search bot decides from its own view: hidden things changed alone never change its choice.

For each game, positions come from bots-only games; at each one where the expert's seat has a choice, a
twin position is made by dealing again only what that seat cannot see (other hands, face-down piles and
their order, the bag, future dice), with the test's own generator and its own code (not the bot's
determinize, so a determinize that forgot a hidden pile would be caught). The bot must choose the same
move in both. A deliberately unfair search (its worlds are copies of the truth) is shown to be caught.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.core.bots import seat_bots
from rules.core.errors import ConfigError
from rules.core.registry import load_rules
from rules.core.rng import SplitMix64
from rules.core.search import ExpertBot

THINK = 24  # playouts per decision in these tests: enough for choices to depend on the worlds, cheap for CI


def _shuffle_into(rng: SplitMix64, slots: list[list[Any]]) -> None:
    """Deal the cards of several lists again among them, each keeping its length."""
    pool = [c for s in slots for c in s]
    rng.shuffle(pool)
    at = 0
    for s in slots:
        s[:] = pool[at:at + len(s)]
        at += len(s)


def twin_arctic(state: Any, seat: int, rng: SplitMix64) -> Any:
    from rules.arctic.cards import WILD

    t = state.copy()
    downs = [[e - WILD for e in t.piles[s] if e >= WILD] for s in range(t.n) if s != seat]
    slots = [t.hands[s] for s in range(t.n) if s != seat] + t.penalties + [t.draw, t.reserve] + downs
    _shuffle_into(rng, slots)
    others = [s for s in range(t.n) if s != seat]
    for s, down in zip(others, downs, strict=True):
        it = iter(down)
        t.piles[s] = [next(it) + WILD if e >= WILD else e for e in t.piles[s]]
    free = [a for a in range(6) if a != t.totems[seat]]
    rng.shuffle(free)
    for i, s in enumerate(others):
        t.totems[s] = free[i]
    return t


def twin_exofauna(state: Any, seat: int, rng: SplitMix64) -> Any:
    t = state.copy()
    other = 1 - t.colour_of(t.names[seat])
    below = [t.decks[0][1:], t.decks[1][1:]]
    _shuffle_into(rng, [t.hands[other], *below])
    t.decks = [t.decks[k][:1] + below[k] for k in (0, 1)]
    t._legal = None
    return t


def twin_evo(state: Any, seat: int, rng: SplitMix64) -> Any:
    t = state.copy()
    _shuffle_into(rng, [t.hand[s] for s in range(t.n) if s != seat] + [t.deck])
    rng.shuffle(t.bag)
    keep = 1 if t.tokens and t.gene(seat, "sixth sense") else 0
    movers = [i for i in range(keep, len(t.tokens)) if t.tokens[i] != "meteorite"]  # the meteorite stays put
    values = [t.tokens[i] for i in movers] + [t.removed_token]
    rng.shuffle(values)
    t.removed_token = values.pop()
    for i, v in zip(movers, values, strict=True):
        t.tokens[i] = v
    t.rng = SplitMix64(rng.next())
    return t


TWINS = {"arctic": (twin_arctic, "planner", 2), "exofauna": (twin_exofauna, "heuristic", 2),
         "evo": (twin_evo, "heuristic", 3)}


def positions(game: str, games: int, every: int) -> list[tuple[Any, int, ExpertBot]]:
    """Positions with the expert (seat 0) to move and a choice, every `every`-th such decision, with its bot."""
    rules = load_rules(game)
    _, other, n = TWINS[game]
    players = [{"name": "ex", "bot": "expert", "think": THINK}] + [{"name": f"o{i}", "bot": other} for i in range(1, n)]
    config = rules.config_from_dict({"game": {"rules": game}, "players": players}, "test", None)
    out = []
    for g in range(games):
        seed = 1000 + g
        state = rules.new_state(config, seed)
        bots = seat_bots(rules, config, seed)
        count = 0
        while not state.is_over:
            seat = list(state.names).index(state.to_move)
            bot = bots[seat]
            assert bot is not None
            if seat == 0 and len(state.legal_moves()) > 1:
                count += 1
                if count % every == 0:
                    out.append((state.copy(), seat, bot))
            state.apply(bots[seat].choose(state) if seat else state.legal_moves()[0])
    return out


@pytest.mark.parametrize("game", list(TWINS))
def test_hidden_changes_do_not_change_the_decision(game: str) -> None:
    twin = TWINS[game][0]
    rng = SplitMix64(99)
    checked = 0
    for state, seat, bot in positions(game, 2, 6):
        other = twin(state, seat, rng)
        assert other.view(state.names[seat]) == state.view(state.names[seat])  # the bot cannot tell them apart
        assert bot.choose(other) == bot.choose(state), (game, state.seq)
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize("game", list(TWINS))
def test_a_world_keeps_the_bots_view(game: str) -> None:
    """Every world the search plays in looks to the bot exactly like the position it decides in."""
    rng = SplitMix64(5)
    for state, seat, bot in positions(game, 1, 4):
        name = state.names[seat]
        world = bot.determinize(state, seat, rng)
        assert world.view(name) == state.view(name)
        assert world.legal_moves() == state.legal_moves()


def test_a_search_that_peeks_is_caught() -> None:
    """The same search in copies of the truth (no redraw) changes its mind on the twins: the test has teeth."""
    rng = SplitMix64(99)
    differ = 0
    for state, seat, bot in positions("exofauna", 2, 6):
        peek = ExpertBot(bot.seed, seat, bot.think, lambda s, _seat, _rng: s.copy(), evaluate=bot.evaluate,
                         horizon=bot.horizon, policy=bot.policy)
        other = twin_exofauna(state, seat, rng)
        differ += peek.choose(other) != peek.choose(state)
    assert differ > 0


def test_an_evo_search_that_peeks_is_caught() -> None:
    """Evo's search (its own candidates and horizon) in copies of the truth changes its mind on the twins."""
    rng = SplitMix64(99)
    differ = 0
    for state, seat, bot in positions("evo", 3, 4):
        peek = replace(bot, determinize=lambda s, _seat, _rng: s.copy())
        other = twin_evo(state, seat, rng)
        differ += peek.choose(other) != peek.choose(state)
    assert differ > 0


def test_the_expert_is_reproducible_and_seated_by_the_config() -> None:
    rules = load_rules("exofauna")
    players = [{"name": "a", "bot": "expert", "think": 40}, {"name": "b", "bot": "expert"}]
    config = rules.config_from_dict({"game": {"rules": "exofauna"}, "players": players}, "test", None)
    assert rules.config_from_dict(rules.config_to_dict(config), "again", None) == config
    bots = seat_bots(rules, config, 7)
    assert [b.think for b in bots] == [40, 200]  # type: ignore[union-attr]
    first = [bots[0].choose(rules.new_state(config, 7)) for _ in range(2)]  # type: ignore[union-attr]
    assert first[0] == first[1]


@pytest.mark.parametrize("game", list(TWINS))
def test_think_is_checked(game: str) -> None:
    rules = load_rules(game)
    n = TWINS[game][2]
    for bad, word in (({"bot": "expert", "think": 0}, "whole number"), ({"bot": "expert", "think": "lots"}, "whole"),
                      ({"bot": TWINS[game][1], "think": 10}, "applies only to expert")):
        players = [{"name": "a"} | bad] + [{"name": f"p{i}"} for i in range(1, n)]
        with pytest.raises(ConfigError, match=word):
            rules.config_from_dict({"game": {"rules": game}, "players": players}, "test", None)
