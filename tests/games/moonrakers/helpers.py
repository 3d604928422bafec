"""Helpers for Moonrakers rules tests: build positions, drive decisions, compare snapshots.

Positions are built by playing the real decisions (setup, planning, negotiation, dice) and, where a
test needs a particular hand, display or objective, by setting those fields directly first.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from spacetable.engine import record
from spacetable.engine.errors import IllegalAction
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import new_game
from spacetable.games.moonrakers.game import Moonrakers
from spacetable.games.moonrakers.state import EXECUTION


def new(players: int = 3, seed: int = 0, bt: bool = False, fe: bool = False) -> Moonrakers:
    """A fresh game at its first decision (setup objectives), with events recorded."""
    cfg = {"players": players, "modules": ["first-encounter"] if fe else [],
           "expansions": ["binding-ties"] if bt else []}
    s = new_game(cfg, seed)
    s.events = []
    return s


def finish_setup(s: Moonrakers, first: int = 0) -> Moonrakers:
    """Keep the first two dealt objectives for everyone and make seat `first` roll lowest (1.3.6)."""
    while s.decision_name() == "setup.objectives":
        s.apply(s.legal_actions()[-1])
    while s.decision_name() == "setup.first-player":
        s.apply(f"hazard {0 if s.stack[-1].player == first else 2}")
    assert s.decision_name() == "planning" and s.ml == first
    return s


def game(players: int = 3, seed: int = 0, first: int = 0, bt: bool = False, fe: bool = False) -> Moonrakers:
    """A game at the first Planning decision with `first` as Mission Leader."""
    return finish_setup(new(players, seed, bt, fe), first)


def cid(slug: str) -> int:
    """Action-deck card id of a basic card or crew slug."""
    return A.CARD_ID[slug]


def contract(slug: str) -> int:
    return A.CONTRACT_ID[slug]


def objective(slug: str) -> int:
    return A.OBJECTIVE_ID[slug]


def part(slug: str) -> int:
    return A.PART_ID[slug]


def crew(slug: str) -> int:
    return A.CAT.crew_by_slug(slug).id


def put_contract(s: Moonrakers, slug: str, slot: int = 0) -> None:
    """Make contract `slug` face up in `slot`, swapping it with wherever it was (deck, discard)."""
    c = contract(slug)
    if c in s.contracts:
        return
    old = s.contracts[slot]
    for pile in (s.contract_deck, s.contract_discard):
        if c in pile:
            i = pile.index(c)
            if old >= 0:
                pile[i] = old
            else:
                del pile[i]
            break
    s.contracts[slot] = c


def take(s: Moonrakers, slug: str) -> None:
    """The ML chooses contract `slug` (3.2.2), placing it on the display first if needed."""
    put_contract(s, slug)
    s.apply(f"take {slug}")


def solo(s: Moonrakers, slug: str, dice: int | list[int] = 0) -> None:
    """Take `slug`, go solo, roll its dice with the given icons, and stop at the ML's first play."""
    take(s, slug)
    if s.decision_name().startswith("negotiation"):
        s.apply("solo")
    roll(s, dice)
    assert s.decision_name() == "execution.play"


def roll(s: Moonrakers, icons: int | list[int] = 0) -> None:
    """Resolve every pending hazard die: all with `icons`, or one value per die from a list."""
    values = list(icons) if isinstance(icons, list) else None
    while s.current_player() == CHANCE and s.decision_name() == "hazard-roll":
        s.apply(f"hazard {values.pop(0) if values is not None else icons}")
    assert not values, f"unused dice values {values}"


def set_hand(s: Moonrakers, seat: int, cards: list[str]) -> None:
    s.players[seat].hand = [cid(c) for c in cards]


def set_draw(s: Moonrakers, seat: int, cards: list[str]) -> None:
    """The draw pile; the last card listed is drawn first."""
    s.players[seat].draw = [cid(c) for c in cards]


def pass_all(s: Moonrakers) -> None:
    """Everyone passes until the execution ends (3.4.4)."""
    while s.phase == EXECUTION and s.decision_name() == "execution.play":
        s.apply("pass")


def give_objective(s: Moonrakers, seat: int, slug: str) -> int:
    """Move objective `slug` into seat's held objectives, from wherever it is."""
    o = objective(slug)
    if o in s.objective_deck:
        s.objective_deck.remove(o)
    for p in s.players:
        if o in p.objectives:
            p.objectives.remove(o)
    s.players[seat].objectives.append(o)
    return o


def clear_objectives(s: Moonrakers) -> None:
    """Put every held objective back under the deck (tests that watch one objective)."""
    for p in s.players:
        s.objective_deck[:0] = p.objectives
        p.objectives = []


def events(s: Moonrakers, key: str | None = None) -> list[tuple[Any, ...]]:
    """Args of recorded events (with `key`, only those), keeping them for later calls."""
    evs = s.events or []
    return [e.args for e in evs if key is None or e.key == key]


def event_keys(s: Moonrakers) -> list[str]:
    return [e.key for e in (s.events or [])]


def snapshot(s: Moonrakers) -> tuple[str, list[str]]:
    """The action log and every seat's (and a spectator's) view, as JSON text."""
    views = [json.dumps(s.view(p).to_json(), sort_keys=True) for p in [*range(s.n), None]]
    return json.dumps(record.entries_of(s)), views


def assert_illegal(s: Moonrakers, action: str) -> IllegalAction:
    """`action` raises IllegalAction naming the current decision and changes nothing."""
    before = snapshot(s)
    decision = s.decision_name()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert err.value.decision == decision
    assert decision in str(err.value)
    assert snapshot(s) == before
    return err.value


def legal(s: Moonrakers) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def random_step(s: Moonrakers, rng: Rng) -> None:
    """One decision by the random bot (or a seeded chance draw)."""
    from spacetable.bots.moonrakers_random import MoonrakersRandomBot

    if s.current_player() == CHANCE:
        s.sample_chance()
    else:
        p = s.current_player()
        s.apply_fast(MoonrakersRandomBot().choose(s, p, rng))


def to_buying(s: Moonrakers) -> None:
    """From Planning: Stay at Base taking defaults until the Buy decision (3.2.4 → 3.5)."""
    s.apply("stay")
    while s.decision_name() != "buying":
        s.apply(s.legal_actions()[-1])


def end_turn(s: Moonrakers) -> None:
    """Finish buying (done) and any decisions until the next Planning or the end of the game."""
    while not s.is_terminal() and s.decision_name() != "planning":
        if s.decision_name() == "buying":
            s.apply("done")
        elif s.current_player() == CHANCE:
            s.sample_chance()
        else:
            s.apply(s.legal_actions()[-1])


def propose(s: Moonrakers, invite: list[int], shares: dict[int, list[int]] | None = None,
            dice: list[int] | None = None, rep_to: int | None = None) -> None:
    """The ML makes one proposal (3.3.3): invitees, their [prestige, credits, bonus] shares, die targets."""
    shares = shares or {}
    s.apply("propose")
    while s.decision_name() == "negotiation.invite":
        seat = A.SEAT_OF[str(s.legal_actions()[0].args[0])]
        opts = legal(s)
        forced = f"exclude {A.SEATS[seat]}" not in opts
        s.apply(f"invite {A.SEATS[seat]}" if seat in invite or forced else f"exclude {A.SEATS[seat]}")
    for k, step in enumerate(("prestige", "credits", "bonus")):
        while s.decision_name() == "negotiation." + step:
            seat = A.SEAT_OF[str(s.legal_actions()[0].args[0])]
            s.apply(f"{step} {A.SEATS[seat]} {shares.get(seat, [0, 0, 0])[k]}")
    if s.decision_name() == "negotiation.reputation":
        s.apply(f"reputation {A.SEATS[s.ml if rep_to is None else rep_to]}")
    d = 0
    while s.decision_name() == "negotiation.dice":
        target = s.ml if dice is None or d >= len(dice) else dice[d]
        d += 1
        s.apply(f"die {d} {A.SEATS[target]}")


def answer(s: Moonrakers, accept: list[int]) -> None:
    """Invitees answer in seat order: those in `accept` accept, the others decline."""
    while s.decision_name() == "negotiation.answer":
        s.apply("accept" if s.current_player() in accept else "decline")


def mission(s: Moonrakers, slug: str, allies: list[int], shares: dict[int, list[int]] | None = None,
            dice: list[int] | None = None, icons: int | list[int] = 0, rep_to: int | None = None) -> None:
    """Take `slug`, propose to `allies` who all accept, start, roll dice; stop at the first play."""
    take(s, slug)
    if allies:
        propose(s, allies, shares, dice, rep_to)
        answer(s, allies)
        s.apply("start")
    elif s.decision_name().startswith("negotiation"):
        s.apply("solo")
    roll(s, icons)
    assert s.decision_name() == "execution.play"


def play_all(s: Moonrakers, actions: list[str]) -> None:
    """Apply execution actions in order (each by whoever is to act)."""
    for a in actions:
        s.apply(a)


def at_own_window(seed: int = 3, players: int = 4) -> Moonrakers:
    """A Binding Ties game played by greedy bots until seat 0 is offered an optional window
    (an "at any time" reputation window, `State.optional_pass`)."""
    from spacetable.sim.setup import make_bots

    s = new_game({"players": players, "modules": [], "expansions": ["binding-ties"]}, seed)
    bots, rng = make_bots("moonrakers", ["greedy"] * players), Rng(seed)
    while not (s.current_player() == 0 and s.optional_pass() is not None):
        assert not s.is_terminal(), "no window for seat 0 in this game"
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
        else:
            s.apply(bots[p].choose(s, p, rng))
    return s
