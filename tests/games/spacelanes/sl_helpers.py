"""Helpers for the Space Lanes tests: set up games and put states into chosen situations."""

from __future__ import annotations

from spacetable.engine.game import get_game
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.spacelanes.board import ADJ, ENDS
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.travel import land

CT = CONTENT.card_types
SLUG = {t.slug: t for t in CONTENT.card_types}


def new(players: int = 2, seed: int = 1, modes: tuple[str, ...] = (), **params: object) -> SpaceLanesState:
    s = get_game("spacelanes").new_game({"players": players, "modes": list(modes), **params}, seed)
    assert isinstance(s, SpaceLanesState)
    return s


def started(players: int = 2, seed: int = 1, starts: tuple[int, ...] | None = None, first: int = 0,
            modes: tuple[str, ...] = (), clear_hands: bool = True, **params: object) -> SpaceLanesState:
    """A game at the first player's main decision. Hands are emptied (to the discard pile) unless asked
    otherwise, so that no response window opens by accident."""
    s = new(players, seed, modes, **params)
    for p in range(players):
        s.apply(f"start {starts[p] if starts else 0}")
    if clear_hands:
        for p in range(players):
            s.discard.extend(s.hand[p])
            s.hand[p] = []
    s.apply(f"first {first}")
    pass_all(s)
    return s


def pass_all(s: SpaceLanesState) -> None:
    """Pass every response window until the active player decides."""
    while s.decision_name() == "respond":
        s.apply("pass")


def card(s: SpaceLanesState, slug: str) -> int:
    """Take one physical copy of card `slug` out of wherever it is (deck or discard) and return its id."""
    t = SLUG[slug].index
    for pile in (s.deck, s.discard):
        for i, c in enumerate(pile):
            if CONTENT.deck[c] == t:
                return pile.pop(i)
    for h in s.hand:
        for i, c in enumerate(h):
            if CONTENT.deck[c] == t:
                return h.pop(i)
    raise AssertionError(f"no free copy of {slug}")


def give(s: SpaceLanesState, p: int, *slugs: str) -> None:
    for slug in slugs:
        s.hand[p].append(card(s, slug))


def fuel_cards(s: SpaceLanesState, p: int, k: int) -> None:
    """Give p k Economic/Station/Asteroids/Wormhole cards to burn as fuel."""
    for pile in (s.deck, s.discard):
        for c in list(pile):
            if k == 0:
                break
            if CT[CONTENT.deck[c]].kind in ("asteroids", "economic", "station", "wormhole"):
                pile.remove(c)
                s.hand[p].append(c)
                k -= 1
    assert k == 0


def lane_from(slot: int, distance: int | None = None) -> tuple[int, int]:
    """(lane slot, other end) of a lane leaving `slot`."""
    for ls, m in ADJ[slot]:
        return ls, m
    raise AssertionError


def set_lane_distance(s: SpaceLanesState, ls: int, d: int) -> None:
    for i, ln in enumerate(CONTENT.lanes):
        if ln.distance == d:
            j = s.lane_of.index(i)
            s.lane_of[j], s.lane_of[ls] = s.lane_of[ls], s.lane_of[j]
            s.dist = [CONTENT.lanes[x].distance for x in s.lane_of]
            return
    raise AssertionError


def put_on_lane(s: SpaceLanesState, p: int, ls: int, mark: int = 1) -> None:
    s.node[p] = -1
    s.lane[p] = ls
    s.mark[p] = mark


def place_hostile(s: SpaceLanesState, ls: int, slug: str) -> int:
    cid = card(s, slug)
    s.hostile[ls] = cid
    return cid


def settlement_slot(s: SpaceLanesState, slug: str) -> int:
    for slot, i in enumerate(s.slot_set):
        if CONTENT.settlements[i].slug == slug:
            return slot
    raise AssertionError


def move_to_settlement(s: SpaceLanesState, p: int, slug: str) -> int:
    slot = settlement_slot(s, slug)
    land(s, p, slot)
    return slot


def random_play(s: SpaceLanesState, rng: Rng, max_steps: int = 100000) -> None:
    n = 0
    while not s.is_terminal() and n < max_steps:
        if s.current_player() == CHANCE:
            s.sample_chance()
        else:
            s.apply_fast(rng.choice(s.legal_actions()))
        n += 1


def legal_texts(s: SpaceLanesState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


__all__ = ["ENDS", "GOODS", "CONTENT"]
