"""determinize(seat) keeps every card whose place `seat` knows (architecture: "agrees with all p knows").

Cards go to a known place when they are put on the bottom of a deck: face-up contracts (3.2.1 swap,
3.2.4c replace), face-up Armory cards (3.5.2 swap, 8.7 Mercenary crew, the Binding Ties Armory
discard and the refused Bonus Card), and the objectives a seat returns (1.3.5 setup, 3.2.4a Stay at
Base), which only that seat knows. The oracle here does not read the state's own bookkeeping: a card
is known to seat p when it was in p's view (or named in a public event) just before it entered the
bottom of a deck; from then on, while it is still in that deck, every determinize(p) copy must hold
it at the same index (counted from the bottom) as the real deck, and determinize(p).view(p) ==
view(p) still holds.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.game import Moonrakers
from tests.engine.engine_helpers import json_strings
from tests.games.moonrakers.helpers import game, new, random_step

DECKS = ("contract_deck", "crew_deck", "part_deck", "objective_deck")
SLUGS: dict[str, list[str]] = {
    "contract_deck": list(A.CONTRACT_SLUGS),
    "crew_deck": [c.slug for c in A.CAT.crew],
    "part_deck": list(A.PART_SLUGS),
    "objective_deck": list(A.OBJECTIVE_SLUGS),
}
REVEAL_EVENTS = {"rep-bonus-crew": "crew_deck", "rep-bonus-part": "part_deck"}
"""Binding Ties Bonus Card: the top card is revealed to everyone (named in a public event only)."""


class Oracle:
    """Per seat and deck: the cards the seat saw go to the deck's bottom (still in the deck)."""

    def __init__(self, s: Moonrakers) -> None:
        self.known: list[dict[str, list[int]]] = [{d: [] for d in DECKS} for _ in range(s.n)]
        self.before = {d: list(getattr(s, d)) for d in DECKS}
        self.seen = self._seen(s, [])

    def _seen(self, s: Moonrakers, events: list[Any]) -> list[set[str]]:
        seen = [json_strings(s.view(p).to_json(), set()) for p in range(s.n)]
        for e in events:
            deck = REVEAL_EVENTS.get(e.key)
            if deck is not None:
                for p in range(s.n):
                    seen[p].add(SLUGS[deck][e.args[1]])
        return seen

    def step(self, s: Moonrakers) -> None:
        events = s.take_events()
        reshuffled = any(e.key == "contract-reshuffle" for e in events)  # R8: the discard pile, shuffled
        for d in DECKS:
            before, after = self.before[d], getattr(s, d)
            old = set(before)
            new_cards = [c for c in after if c not in old]
            k = len(new_cards)
            at_bottom = after[:k] == new_cards and after[k:] == before[:len(after) - k]
            at_bottom &= not (reshuffled and d == "contract_deck")
            for p in range(s.n):
                still = [c for c in self.known[p][d] if c in after]
                if not at_bottom:  # a reshuffled or rebuilt deck: nothing known
                    still = []
                    new_seen: list[int] = []
                else:
                    new_seen = [c for c in new_cards if SLUGS[d][c] in self.seen[p]]
                self.known[p][d] = new_seen + still
            self.before[d] = list(after)
        self.seen = self._seen(s, events)

    def forgotten(self, s: Moonrakers, p: int, det: Moonrakers) -> int:
        """Known cards of seat p that `det` moved (0 when determinize kept them all)."""
        bad = 0
        for d in DECKS:
            real, got = getattr(s, d), getattr(det, d)
            for c in self.known[p][d]:
                i = real.index(c)
                if i >= len(got) or got[i] != c:
                    bad += 1
        return bad

    def cases(self, p: int) -> int:
        return sum(len(v) for v in self.known[p].values())


def check_game(s: Moonrakers, rng: Rng, steps: int, every: int, rngs: int = 3) -> tuple[int, int]:
    """Play `steps` random decisions; every `every` decisions determinize each seat with several
    generators. Returns (checked cases with a known card, cases where one was forgotten)."""
    s.events = []
    oracle = Oracle(s)
    checked = failed = 0
    for n in range(steps):
        if s.is_terminal():
            break
        if s.current_player() != CHANCE and rng.below(3) == 0:  # uniform: also swaps, stays, replaces
            legal = s.legal_actions()
            s.apply_fast(legal[rng.below(len(legal))])
        else:
            random_step(s, rng)
        oracle.step(s)
        if n % every or s.current_player() == CHANCE:
            continue
        for p in range(s.n):
            view = json.dumps(s.view(p).to_json(), sort_keys=True)
            for k in range(rngs):
                det = s.determinize(p, Rng(rng.next64() ^ k))
                assert json.dumps(det.view(p).to_json(), sort_keys=True) == view
                if oracle.cases(p):
                    checked += 1
                    failed += oracle.forgotten(s, p, det) > 0
    return checked, failed


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 5), bt=st.booleans(),
       steps=st.integers(50, 700))
def test_determinize_keeps_known_deck_bottoms(seed: int, players: int, bt: bool, steps: int) -> None:
    """1.3.5, 3.2.1, 3.2.4a, 3.2.4c, 3.5.2, 8.7: known bottom cards stay in place in every copy."""
    s = new(players, seed=seed, bt=bt and players >= 3)
    checked, failed = check_game(s, Rng(seed ^ 0xD37), steps, every=7)
    assert failed == 0, (checked, failed)


def test_returned_setup_objective_stays_at_the_bottom_for_its_seat_only() -> None:
    """1.3.5 (R2): the objective a seat returns is known to it at the bottom; others resample it."""
    s = new(3, seed=5)
    returned = []
    while s.decision_name() == "setup.objectives":
        a = s.legal_actions()[0]
        returned.append(A.OBJECTIVE_ID[str(a.args[0])])
        s.apply(a)
    deck = s.objective_deck
    assert deck[:3] == returned[::-1]  # the last seat to return sits at the very bottom
    moved_for_others = False
    for k in range(20):
        for p in range(3):
            d = s.determinize(p, Rng(k))
            i = deck.index(returned[p])
            assert d.objective_deck[i] == returned[p]  # its own card: same place
            others = [j for j in range(3) if j != p]
            moved_for_others |= any(d.objective_deck[deck.index(returned[j])] != returned[j] for j in others)
            assert returned[p] not in [o for j in others for o in d.players[j].objectives]
    assert moved_for_others, "objectives returned by other seats are hidden and must be resampled"


def test_swapped_contract_stays_at_the_bottom() -> None:
    """3.2.1: a face-up contract swapped to the bottom of the deck is known to everyone there."""
    s = game(3, seed=8)
    s.players[0].credits = 5
    swap = next(a for a in s.legal_actions() if a.kind == "swap")
    c = A.CONTRACT_ID[str(swap.args[0])]
    s.apply(swap)
    assert s.contract_deck[0] == c
    for k in range(10):
        for p in range(3):
            assert s.determinize(p, Rng(k)).contract_deck[0] == c
    assert len({tuple(s.determinize(0, Rng(k)).contract_deck[1:]) for k in range(5)}) > 1  # rest resampled
