"""Moonrakers' "random" bot: random legal actions with a few rules of thumb, so playouts end.

Uniform play spends its only Action on a Miss, passes at once, and almost never forms a crew, so no
contract succeeds and no game ever reaches 10 Prestige. This bot chooses uniformly among the legal
actions except that it cooperates (as Mission Leader it invites every other captain and starts with
whoever accepted; as an invitee it accepts), picks its contract at random among the three easiest
that give Prestige and, during an execution, it plays a Reactor first when
it holds one, prefers a card that adds to a requirement not yet met (or a Shield
while its own hazard icons are unblocked), and never passes while it can
still play or use something. With Binding Ties it spends or trades reputation at random one time in
ten when it may (in a `reputation.window` it otherwise says `done`), takes a contract without
Prestige when no other is on display, stops trashing by choice (cards, or parts that trash a card)
once its deck is down to 10 cards, and rolls Flak Mine's extra die (no per-contract limit) only while
its own hazard icons are all blocked. Shares, dice, contracts,
cards and purchases stay random. It is a baseline with no strategy, for speed and balance runs.
"""

from __future__ import annotations

from spacetable.bots.base import register_bot
from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.card_facts import adds_own_die, trashes_from_hand
from spacetable.games.moonrakers.dice import exposed
from spacetable.games.moonrakers.execution import BASIC_TYPE, pool_value
from spacetable.games.moonrakers.reputation import EXTRA_KINDS

PLAY_REACTOR = A.PLAY[0]
AVOID = frozenset({"exclude", "decline", "solo"})
SPEND_TRASH = A.SPEND[A.REWARDS.index("trash")]
THIN_DECK = 10
"""With this many cards or fewer (hand, draw and discard piles) the bot no longer trashes by choice."""
TRASH_PARTS = frozenset(A.USE[p.id] for p in A.CAT.parts if trashes_from_hand(p))
"""Activated parts whose use trashes a card from hand."""
OWN_DIE_PARTS = tuple(A.USE[p.id] for p in A.CAT.parts if adds_own_die(p))
"""Activated parts each use of which adds a hazard die against the user (one: Flak Mine; a tuple, as
looking one action up in the legal list costs less than hashing every legal action)."""


def _any_in(actions: tuple[Action, ...], legal: list[Action]) -> bool:
    return any(a in legal for a in actions)  # mypyc compiles any() over a generator to a loop


class MoonrakersRandomBot:
    name = "random"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        legal = state.legal_actions()
        if len(legal) > 1 and self._thin_deck(state, seat):
            kept = [a for a in legal if a.kind != "trash" and a is not SPEND_TRASH and a not in TRASH_PARTS]
            legal = kept or legal
        if _any_in(OWN_DIE_PARTS, legal) and self._exposed(state, seat):
            legal = [a for a in legal if a not in OWN_DIE_PARTS]  # each use adds a die against itself
        if legal[-1].kind in EXTRA_KINDS:  # Binding Ties spends/trades follow the decision's own list
            spends = [a for a in legal if a.kind in EXTRA_KINDS]
            legal = [a for a in legal if a.kind not in EXTRA_KINDS]
            if not legal or rng.below(10) == 0:
                return spends[rng.below(len(spends))] if spends else legal[0]
        n = len(legal)
        if n == 1:
            return legal[0]
        last = legal[-1]
        if last is A.PASS:
            if PLAY_REACTOR in legal:
                return PLAY_REACTOR
            useful = self._useful(state, legal)
            if useful:
                return useful[rng.below(len(useful))]
            return legal[rng.below(n - 1)]
        first = legal[0]
        if first.kind == "take":
            return self._contract(state, legal, rng)
        if last is A.SOLO or first is A.SOLO or first is A.ACCEPT:
            # negotiation: start > propose; invite and accept; never solo, exclude or decline
            if A.START in legal:
                return A.START
            if A.PROPOSE in legal:
                return A.PROPOSE
            ok = [a for a in legal if a.kind not in AVOID]
            if ok:
                return ok[rng.below(len(ok))]
        return legal[rng.below(n)]

    @staticmethod
    def _thin_deck(state: State, seat: int) -> bool:
        """True when trashing more would leave too few cards to play (a random trasher empties its deck)."""
        players = getattr(state, "players", None)
        return players is not None and players[seat].deck_size() <= THIN_DECK

    @staticmethod
    def _exposed(state: State, seat: int) -> bool:
        ex = getattr(state, "ex", None)
        return ex is not None and seat in ex.seats and exposed(ex.seats[seat]) > 0

    @staticmethod
    def _useful(state: State, legal: list[Action]) -> list[Action]:
        """Basic-card plays that add to a requirement not yet met (everything else stays random)."""
        ex = getattr(state, "ex", None)
        if ex is None:
            return []
        req = A.CAT.contracts[ex.contract].req
        me = ex.seats[state.current_player()]
        open_icons = exposed(me) > 0
        out = []
        for a in legal:
            if a.kind == "play":
                card = A.CARD_ID[str(a.args[0])]
                t = BASIC_TYPE[card] if card < 7 else 4
                if t >= 0 and pool_value(ex, t) < ex.target(t, req) or (t == 2 and open_icons):
                    out.append(a)
        return out

    @staticmethod
    def _contract(state: State, legal: list[Action], rng: Rng) -> Action:
        """A random one of the three easiest contracts worth Prestige (easiest: fewest requirements)."""
        ranked = []
        for a in legal:
            if a.kind == "take":
                c = A.CAT.contracts[A.CONTRACT_ID[str(a.args[0])]]
                if c.prestige > 0:
                    ranked.append((sum(c.req) + 2 * c.dice - 2 * c.prestige, a.index, a))
        if not ranked:  # nothing gives Prestige: any contract rather than staying for ever
            takes = [a for a in legal if a.kind == "take"]
            return takes[rng.below(len(takes))] if takes else A.STAY
        ranked.sort()
        return ranked[rng.below(min(3, len(ranked)))][2]


register_bot("moonrakers", "random", MoonrakersRandomBot)
