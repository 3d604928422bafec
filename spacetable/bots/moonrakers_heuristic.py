"""Moonrakers' "heuristic" bot: the greedy bot's plan, with card knowledge read from the card data and
exact odds for its own plays.

Card knowledge is derived, never keyed by card name: a crew card's profile (net Actions, draws, Damage,
Shield, reductions) comes from its `effects` ops through the card model the advisor reads too
(`card_facts.card_alternatives`); a ship part's value from the cards it adds and its ability ops, each
op worth a unit (`OP_VALUE`) scaled by its number and by how often its trigger pays (`TRIGGER_WEIGHT`);
the static reductions of parts, which parts block a die, which objectives reward completing a kind of
contract alone (`card_facts`), when to use an activated ability, which objectives reward an ally's
failure — all from the data. So a card added to the data files is valued and played with no edit here
(tests add a strictly better part defined only in data).

The plan itself (planning by expected value, negotiation, answers, execution order, effect choices) is
the greedy bot's code (`moonrakers_greedy`), run with this bot's `CardTables` instead of the greedy
bot's hand-set ones. On top of it: in an execution with requirements still unmet it asks the advisor's
exact search which play of its hand maximises the chance of meeting them from its hand, Actions and
draw pile (contents, not order), and plays that; it never passes while a play still raises that chance;
planning values a contract run alone with the same exact odds; as Mission Leader it hands hazard
dice to invitees who can take them at no loss (no Prestige, or a Shield likely in hand, from the public
make-up of their decks); an invitee weighs the leader's gain against its own and sabotages when that
pays; buying adds to each card's derived value how much it raises the expected value of its best
contract on the display over hands sampled from its deck with the card in it (`deck_fit`); Binding Ties
reputation is spent for the winning Prestige.

The exact search's memo belongs to one bot instance and is cleared when the game (its seed) changes,
so a game's choices never depend on the games played before it in the same process.

It reads only what its seat may know: public state, its own hand, objectives and draw-pile contents,
its own decision frame and the legal actions (tests compare its choice with the one from
`determinize(seat)`).
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import Any

from spacetable.bots.base import register_bot
from spacetable.bots.moonrakers_greedy import (  # the shared plan, run with this bot's tables
    ACTION_CARD,
    BUY_MIN,
    CREW0,
    CREW_BUY_BASE,
    CREW_IDS,
    DISPATCH,
    FACTION_ID,
    LONG_GAME,
    USE_RULES,
    WIN,
    CardTables,
    CrewProfile,
    GreedyBot,
    Handler,
    Mercs,
    Plan,
    at_risk,
    crew_columns,
    invite_step,
    my_eval,
    needs_left,
    plan_engine,
    reputation_step,
    shortfall,
)
from spacetable.bots.moonrakers_greedy import (
    STAY_VALUE as STAY_VALUE_G,
)
from spacetable.bots.moonrakers_greedy import (
    answer_step as greedy_answer,
)
from spacetable.bots.moonrakers_greedy import (
    answer_terms as greedy_answer_terms,
)
from spacetable.bots.moonrakers_greedy import (
    contract_value as greedy_value,
)
from spacetable.bots.moonrakers_greedy import (
    make_plan as greedy_make_plan,
)
from spacetable.bots.moonrakers_greedy import (
    negotiate_step as greedy_negotiate,
)
from spacetable.bots.moonrakers_greedy import (
    prestige_worth as greedy_kp,
)
from spacetable.engine.action import Action
from spacetable.engine.rng import Rng
from spacetable.engine.state import State
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import advisor
from spacetable.games.moonrakers.card_facts import (
    blocks_die,
    card_alternatives,
    solo_kind,
    static_reduction,
    use_ops,
)
from spacetable.games.moonrakers.cards import (
    DMG1,
    DMG3,
    REACTOR,
    SHIELD,
    THRUSTER,
    Crew,
    Objective,
    Part,
)
from spacetable.games.moonrakers.dice import exposed
from spacetable.games.moonrakers.execution import PlayTurn
from spacetable.games.moonrakers.negotiation import (
    BONUS,
    CREDITS,
    DICE,
    INVITE,
    OPEN,
    PRESTIGE,
    Answer,
    Negotiate,
)
from spacetable.games.moonrakers.part_specs import FX
from spacetable.games.moonrakers.rules import Buy
from spacetable.games.moonrakers.state import MoonrakersState

CAT = A.CAT

# ---------------------------------------------------------------------------------------- tables
# Everything below is derived from the card data (effects, cards, cost), never from a card's name:
# a card added to the data files gets a profile, a keep value and a buy value with no edit here.
def _crew_profile(crew: Crew) -> CrewProfile:
    """(net Actions after paying 1, cards drawn, Damage counted, Shield counted, requirement reduction
    (type, n) with type -1 = any, -2 = none), the best of its branches, read from the crew's effects."""
    alts = card_alternatives(CREW0 + crew.id)
    act = max(e.actions for e in alts) - 1
    draw = max(e.draw for e in alts)
    dmg = max(e.pool[3] for e in alts)
    shield = max(max(e.pool[2], e.block) for e in alts)
    any_n = max(e.reduce_any for e in alts)
    typed = max(((max(e.reduce), e.reduce.index(max(e.reduce))) for e in alts), default=(0, 0))
    if any_n:
        return act, draw, dmg, shield, -1, any_n
    if typed[0]:
        return act, draw, dmg, shield, typed[1], typed[0]
    return act, draw, dmg, shield, -2, 0


CREW_ACT, CREW_DRAW, CREW_DMG, CREW_SHIELD, CREW_RED_T, CREW_RED_N = crew_columns(_crew_profile)

BASIC_VALUE = (3.0, 2.5, 2.0, 1.5, 2.5, 3.5, 0.0)
"""Keep-value of the seven basic cards (2.3: rules, not card data)."""


def crew_value(crew: Crew) -> float:
    """Keep-value of a crew card from its effects: what it adds when played, its price as a tiebreak."""
    a, d, dmg, sh, rt, rn = _crew_profile(crew)
    reduction = rn if rt != -2 else 0
    return 2.0 + 1.2 * (a + 1) + 0.8 * d + 0.7 * dmg + 0.8 * sh + reduction + 0.2 * crew.cost


CARD_VALUE = list(BASIC_VALUE) + [crew_value(c) for c in CAT.crew]
"""Keep-value of each action-deck card (trash / discard the lowest first)."""

OP_VALUE = {"actions": 2.5, "draw": 1.2, "reduce": 1.4, "reduce_any": 1.8, "block": 1.0, "deal": 0.8,
            "play_as": 1.0, "play_boosted": 0.9, "pool": 1.2, "fewer_dice": 2.0, "hand_size": 4.0,
            "free_play": 1.5, "replay_crew": 1.5, "siphon": 1.0, "discard_die": 1.5, "stay_credits": 0.6,
            "gain_card": -0.8}
"""What one unit of an ability op is worth in a part (per contract where it applies)."""
TRIGGER_WEIGHT = {"at_start": 1.0, "use": 0.7, "on_play": 0.6, "at_check": 0.5, "on_trash": 0.3,
                  "on_discard": 0.3}
"""How often a part's trigger pays off: always at the start, less for conditional triggers."""


def _ops_value(ops: Any, weight: float) -> float:
    v = 0.0
    if not isinstance(ops, (list, tuple)):
        return v
    for op in ops:
        if not isinstance(op, dict):
            continue
        kind = str(op.get("op"))
        if kind in TRIGGER_WEIGHT:
            w = weight * TRIGGER_WEIGHT[kind]
            if op.get("if_hand_lacks") or op.get("ml_only") or op.get("nth") or op.get("once"):
                w *= 0.6
            if op.get("cost") not in (None, 0):
                w *= 0.8
            v += _ops_value(op.get("effects"), w)
            continue
        n = op.get("n", 1)
        k = float(n) if isinstance(n, int) and not isinstance(n, bool) else 1.5
        if op.get("who") == "allies":
            k *= 0.3  # helps the others, not its owner
        if op.get("per") in ("ally", "die"):
            k *= 0.6
        unit = OP_VALUE.get(kind, 0.5)
        if kind == "hand_size":
            k = max(0.0, k - 5.0)  # 2.10: the starting hand holds 5
        if kind in ("deal", "play_boosted"):
            val = op.get("value", n)
            k = float(val) if isinstance(val, int) else 2.0
        v += weight * unit * k
    return v


def part_value(part: Part) -> float:
    """A ship part's value from its data: the cards it adds to the deck (1.1.2, 5.2) and its ability
    ops (weighted by trigger, scaled by their numbers); named hooks count their price only."""
    cards = sum(BASIC_VALUE[c] for c in part.cards) - 0.8 * len(part.cards)  # each card dilutes the deck
    ability = _ops_value(list(part.effects), 1.0)
    hooked = any(isinstance(e, dict) and e.get("op") == "hook" for e in part.effects)
    return 0.6 * part.cost + 0.5 * cards + (0.3 * part.cost if hooked else ability)


PART_VALUE = [part_value(p) for p in CAT.parts]
CREW_BUY_VALUE = [CREW_BUY_BASE + 0.5 * c.cost + 1.0 * CARD_VALUE[CREW0 + c.id] - 3.0 + 1.5 * CREW_ACT[c.id]
                  for c in CAT.crew]
PART_RED = [static_reduction(p) for p in CAT.parts]


def _objective_value(o: Objective) -> float:
    cond = o.condition
    if cond.get("type") == "contract" and cond.get("solo") and cond.get("kind"):
        return 0.5
    if cond.get("type") == "contract":
        return 0.35
    return 0.2


OBJ_VALUE = [_objective_value(o) for o in CAT.objectives]
SOLO_OBJ = {o.id: solo_kind(o) for o in CAT.objectives if solo_kind(o)}
"""Objectives for completing a contract of one kind alone (read from their conditions)."""
SABOTEUR_OBJ = frozenset(o.id for o in CAT.objectives if o.condition.get("type") == "contract"
                         and o.condition.get("success") is False and o.condition.get("role") == "ally")
"""Objectives claimed when a contract one joined as an ally fails (read from their conditions)."""


def _use_rule(part: Part) -> Callable[[list[int], bool, int], bool]:
    """When to use a part's activated ability, from what its ops do (for a named hook, whose ops say
    nothing, from its bot hint `use_when`, as the greedy bot reads it: `USE_RULES`)."""
    ops = use_ops(part)
    kinds = {str(op.get("op")) for op in ops}
    if any(op.get("who") == "allies" for op in ops):
        return lambda need, risk, act: False
    if kinds & {"deal", "play_boosted"}:
        return lambda need, risk, act: need[3] > 0
    if "play_as" in kinds:
        if any(op.get("card") == "shield" for op in ops):
            return lambda need, risk, act: need[2] > 0
        return lambda need, risk, act: any(n > 0 for n in need)
    if kinds == {"block"}:
        return lambda need, risk, act: risk
    if ops or not part.bot.use_when:
        return lambda need, risk, act: any(n > 0 for n in need)
    return USE_RULES[part.bot.use_when]


_USE_WHEN = {p.slug: _use_rule(p) for p in CAT.parts}
BLOCK_PARTS = frozenset(p.slug for p in CAT.parts if blocks_die(p))

RIVALRY_2P = 0.35
"""Share of the leader's reward an invitee weighs against its own with a single rival (2 players)."""
RIVALRY = 0.0
"""The same, split among the rivals of a 3–5 player game: none (tuning runs at 4 players, 200 games
each: 0.15 won 24.5–25.5%, 0 won 27.5–28.5%, all within one another's intervals)."""
EXPOSURE_W = 1.0
"""Weight of the Prestige a contract's unblocked hazard dice may cost (the greedy bot's: 1.0)."""
EXPOSURE_W_MANY = 0.7
"""The same at 3-5 players, where more invitees can take dice (`_die_target`): 4 players against 3
greedy bots, 33.0% at 0.7 (648 games) against 31.2% at 1.0 (800 games), within noise."""

HEURISTIC_TABLES = CardTables(
    crew_act=CREW_ACT, crew_draw=CREW_DRAW, crew_dmg=CREW_DMG, crew_shield=CREW_SHIELD,
    crew_red_t=CREW_RED_T, crew_red_n=CREW_RED_N, card_value=CARD_VALUE, part_value=PART_VALUE,
    part_red=PART_RED, obj_value=OBJ_VALUE, solo_obj=SOLO_OBJ, crew_buy_value=CREW_BUY_VALUE,
    use_when=_USE_WHEN, block_parts=BLOCK_PARTS, rivalry_2p=RIVALRY_2P, rivalry=RIVALRY,
    exposure_w=EXPOSURE_W)
"""The card knowledge derived above; each bot instance adds its own exact-odds search."""


# ---------------------------------------------------------------------------------------- exact odds
EXACT_STATES = 20_000
"""Memo entries after which the exact play search is abandoned for the greedy rules."""


RankedPlays = tuple[list[tuple[Action, float]], advisor.Search, tuple[int, ...], tuple[int, ...],
                    tuple[int, ...]]
"""`best_play`'s ranked plays, then the search and the hand, pile and discard (counts per kind)."""


class ExactOdds:
    """One bot's exact searches (the advisor's `Search`), one per set of card kinds it holds, with
    their memos kept between decisions of one game (an entry depends only on its key: what is in hand,
    pile and discard, the Actions and what is missing) and dropped when a new game (seed) starts."""

    __slots__ = ("searches", "game")

    def __init__(self) -> None:
        self.searches: dict[tuple[int, ...], advisor.Search] = {}
        self.game: object = None

    def start(self, s: MoonrakersState) -> None:
        """Forget every memo when `s` belongs to another game than the last decision's."""
        key = (s.seed, s.n, tuple(s.config.get("expansions", ())), tuple(s.config.get("modules", ())))
        if key != self.game:
            self.game = key
            self.searches.clear()

    def search(self, cards: tuple[int, ...]) -> advisor.Search:
        got = self.searches.get(cards)
        if got is None or len(got.memo) > EXACT_STATES or not got.exact or got.work > EXACT_STATES:
            if len(self.searches) > 4:
                self.searches.clear()
            got = self.searches[cards] = advisor.Search(list(cards), limit=EXACT_STATES // 4)
        return got

    def _own_cards(self, hand: list[int], pile: list[int], discard: list[int]) -> tuple[
            advisor.Search, dict[int, int], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """The search over the card kinds of hand, pile and discard; the index of each kind; and
        the three zones as counts per kind (contents only, never the pile's order)."""
        cards, idx, (h, p, d) = advisor.by_kind(hand, pile, discard)
        return self.search(cards), idx, h, p, d

    def solo_odds(self, s: MoonrakersState, me: int, c: int) -> float | None:
        """P(meeting contract `c` alone from the current hand, 1 Action (3.4.2) and the draw pile's
        contents), the requirements lowered by its parts' start-of-contract reductions; None if too big."""
        pl = s.players[me]
        need = list(CAT.contracts[c].req)
        for part in pl.parts:
            t, n = PART_RED[part]
            if t >= 0:
                need[t] = max(0, need[t] - n)
        search, _, hand, pile, disc = self._own_cards(pl.hand, pl.draw, pl.discard)
        p = search.p(hand, pile, disc, 1, tuple(need))
        return p if search.exact else None

    def block_first(self, s: MoonrakersState, me: int, legal: list[Action]) -> Action | None:
        """`SHIELD_FIRST`: the blocking play to make now, or None."""
        ex = s.ex
        assert ex is not None
        if ex.order[0] != me or not at_risk(s, me):
            return None
        st = ex.seats[me]
        pl = s.players[me]
        if min(exposed(st), pl.prestige + ex.deal[0][0]) <= 0 or st.actions <= 0:
            return None
        blocks = _blocking_plays(legal)
        if not blocks:
            return None
        need = needs_left(s)
        nd = merc_left(s, need) if any(a.kind == "merc" for a in legal) else tuple(max(0, x) for x in need)
        if max(nd) <= 0:
            return _strongest_block(blocks)
        search, idx, hand, pile, disc = self._own_cards(pl.hand, pl.draw, pl.discard)
        actions = st.actions
        best_p = 0.0
        block_p = -1.0
        block: Action | None = None
        for a in legal:
            if a.kind != "play":
                continue
            c = ACTION_CARD[a.index]
            if c not in idx:
                continue
            p = advisor.play_chance(search, idx[c], hand, pile, disc, actions, nd)
            if not search.exact:
                return None
            best_p = max(best_p, p)
            if CARD_BLOCKS[c] > 0 and p > block_p:
                block_p, block = p, a
        if block is not None and block_p >= best_p - SHIELD_FIRST_EPS - 1e-9:
            return block
        return None

    def best_play(self, s: MoonrakersState, me: int, legal: list[Action]) -> Action | None:
        """The hand card whose play maximises P(meeting the contract alone from here), when that is > 0
        (the first of equal ones)."""
        ranked = self._ranked_plays(s, me, legal)
        if ranked is None:
            return None
        chances, search, hand, pile, disc = ranked
        best: Action | None = None
        best_p = 0.0
        for a, p in chances:
            if p > best_p + 1e-9:
                best_p, best = p, a
        if best is None and BLOCK_WHEN_HOPELESS:
            ex = s.ex
            assert ex is not None
            return _block_play(s, me, legal, search, hand, pile, disc, ex.seats[me].actions, needs_left(s))
        return best

    def play_chances(self, s: MoonrakersState, me: int, legal: list[Action]) -> list[tuple[Action, float]]:
        """Each legal hand-card play with the chance `best_play` ranks it by (empty when `best_play`
        does not rank plays here): `best_play` takes the first of the highest, so the plays whose chance
        equals its choice's are equally good to it (a learner may be taught the whole set)."""
        ranked = self._ranked_plays(s, me, legal)
        return [] if ranked is None else ranked[0]

    def _ranked_plays(self, s: MoonrakersState, me: int, legal: list[Action]) -> RankedPlays | None:
        """`best_play`'s chances of the plays in order (None when nothing is needed, no card can be
        played or the search is not exact), with the search and the zones they came from."""
        need = needs_left(s)
        if max(need) <= 0:
            return None
        ex = s.ex
        assert ex is not None
        pl = s.players[me]
        plays = [a for a in legal if a.kind == "play"]
        if not plays:
            return None
        search, idx, hand, pile, disc = self._own_cards(pl.hand, pl.draw, pl.discard)
        nd = tuple(max(0, x) for x in need)
        actions = ex.seats[me].actions
        md: tuple[int, ...] | None = None
        if MERC_AWARE and s.n <= 2 and ex.order[0] == me and any(a.kind == "merc" for a in legal):
            md = merc_left(s, need)
            if max(md) <= 0 or md == nd:
                md = None
        chances: list[tuple[Action, float]] = []
        for a in plays:
            c = ACTION_CARD[a.index]
            if c not in idx:
                continue
            p = advisor.play_chance(search, idx[c], hand, pile, disc, actions, nd)
            if md is not None:
                p = advisor.play_chance(search, idx[c], hand, pile, disc, actions, md) + MERC_TIE * p
            if not search.exact:
                return None
            chances.append((a, p))
        return chances, search, hand, pile, disc


def _blocking_plays(legal: list[Action]) -> list[Action]:
    """The legal plays of a card that blocks hazard icons (3.4.8)."""
    return [a for a in legal if a.kind == "play" and CARD_BLOCKS[ACTION_CARD[a.index]] > 0]


def _strongest_block(blocks: list[Action]) -> Action:
    return max(blocks, key=lambda a: CARD_BLOCKS[ACTION_CARD[a.index]])


MERC_AWARE = False
"""As Mission Leader at 1-2 players, play the hand card that maximises the chance of meeting what the
basic cards of the Mercenary row (8.4, 8.5: public, no Action) leave missing, the chance without
them (weight `MERC_TIE`) breaking ties (False: the chance from its own cards only). Off: 2 players
against greedy, seeds 1-300, with the buying fit on, 196 wins with it against 213 without."""
MERC_TIE = 0.1

SHIELD_FIRST = False
"""As Mission Leader with hazard icons that would cost it Prestige (3.4.9 step 3) and a blocking card
in hand, play it first when that costs at most `SHIELD_FIRST_EPS` of the chance of meeting the
requirements from hand, Actions, draw pile and the basic cards of the Mercenary row (8.4: they cost no
Action, so an Action they save blocks an icon instead). Off: 2 players against greedy, seeds 1-200,
117 wins with it against 120 without (0.1 given up: 114;
benchmarks/results/2026-12-01-moonrakers-2p-hazard-dice.md)."""
SHIELD_FIRST_EPS = 0.0
SHIELD_FIRST_MAX_PLAYERS = 2
"""Table sizes up to which that rule is used (the Mercenary row exists at 1-2 players, 1.3.7)."""


def merc_left(s: MoonrakersState, need: list[int], crew: bool = False) -> tuple[int, ...]:
    """What is still missing once the basic cards of the Mercenary row (8.5, public) are counted (and,
    with `crew`, its Crew cards: one crew requirement and their Damage each)."""
    left = [max(0, x) for x in need]
    for c in s.merc_row:
        if c < 3:
            left[c] -= 1
        elif DMG1 <= c <= DMG3:
            left[3] -= c - DMG1 + 1
        elif crew and c >= CREW0:
            left[4] -= 1
            left[3] -= HEURISTIC_TABLES.crew_dmg[c - CREW0]
    return tuple(max(0, x) for x in left)


CARD_BLOCKS = [max(max(e.block, e.pool[2]) for e in card_alternatives(c)) for c in range(len(CARD_VALUE))]
"""Blocks (3.4.8) each action-deck card gives its player when played, read from its effects."""
BLOCK_WHEN_HOPELESS = False
"""When no play of its hand can still meet the requirements of a solo contract (exact odds 0, the
Mercenary row counted), a captain whose hazard dice would cost it Prestige plays a card that blocks
(3.4.8, 3.4.9 step 3). Off: 2 players against greedy, seeds 1-666, 57.1% with it against 58.3%
without (the search does not see part abilities or Mercenary crew abilities, so some "lost" contracts
were not)."""
BLOCK_MAX_PLAYERS = 2
"""Table sizes up to which that rule is used: measured at 2 players only (at 3-5 players solo
contracts are rare and the rule was not measured there)."""


def _block_play(s: MoonrakersState, me: int, legal: list[Action], search: advisor.Search,
                hand: tuple[int, ...], pile: tuple[int, ...], disc: tuple[int, ...], actions: int,
                need: list[int]) -> Action | None:
    """A blocking card to play when the contract is lost whatever it plays: its hazard icons cost
    Prestige whether the contract succeeds or fails (3.4.9), and a Shield spent on a lost contract
    still saves one. Mercenary cards (8.4, public) count as met requirements first, so a contract the
    row can still finish is not given up. Only alone: with allies, their hidden hands may still meet
    it. None when it is not at risk or not hopeless."""
    ex = s.ex
    assert ex is not None
    if s.n > BLOCK_MAX_PLAYERS or len(ex.order) > 1:
        return None  # allies' hands are hidden: its own odds alone do not make a contract lost
    st = ex.seats[me]
    if exposed(st) <= 0 or not at_risk(s, me):
        return None
    blocks = _blocking_plays(legal)
    if not blocks:
        return None
    if s.n <= 2 and ex.order[0] == me and any(a.kind == "merc" for a in legal):
        nd = merc_left(s, need, crew=True)
    else:
        nd = tuple(max(0, x) for x in need)
    if max(nd) <= 0 or search.p(hand, pile, disc, actions, nd) > 0 or not search.exact:
        return None
    return _strongest_block(blocks)


# ---------------------------------------------------------------------------------------- the bot
class HeuristicBot(GreedyBot):
    """See the module docstring."""

    name = "heuristic"

    def __init__(self) -> None:
        super().__init__()
        self.odds = ExactOdds()
        self.tables = HEURISTIC_TABLES.with_solo_odds(self.odds.solo_odds)
        self.dispatch = _DISPATCH

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        assert isinstance(state, MoonrakersState)
        self.odds.start(state)
        self.tables.exposure_w = EXPOSURE_W if state.n <= 2 else EXPOSURE_W_MANY
        return super().choose(state, seat, rng)

    def _extra(self, s: MoonrakersState, seat: int, legal: list[Action], own: list[Action]) -> Action | None:
        return _trade_to_five(s, seat, legal) or reputation_step(s, seat, legal, own)

    def _first(self, s: MoonrakersState, seat: int, top: object, legal: list[Action]) -> Action | None:
        if isinstance(top, PlayTurn) and _sabotage(s, seat) and A.PASS in legal:
            return A.PASS  # an ally who gains by the contract failing plays nothing (3.3.4: not obliged)
        if isinstance(top, Answer) and _sabotage(s, seat, top) and A.ACCEPT in legal:
            return A.ACCEPT  # join, then let it fail
        if isinstance(top, PlayTurn):
            if SHIELD_FIRST and s.n <= SHIELD_FIRST_MAX_PLAYERS:
                block = self.odds.block_first(s, seat, legal)
                if block is not None:
                    return block
            return self.odds.best_play(s, seat, legal)
        return None


def _saboteur_objective(s: MoonrakersState, me: int, ml: int) -> bool:
    """It holds an objective claimed when a contract it joined as an ally fails (from the conditions)."""
    for o in s.players[me].objectives:
        if o in SABOTEUR_OBJ:
            cond = CAT.objectives[o].condition
            if cond.get("ml_most_prestige") and s.players[ml].prestige < max(p.prestige for p in s.players):
                continue
            return True
    return False


def _sabotage(s: MoonrakersState, me: int, answer: Answer | None = None) -> bool:
    """Whether `me`, an ally (or an invitee answering), gains by the contract failing: a Saboteur-like
    objective in hand, or a leader whom success would carry to 10 Prestige ahead of it (7.1)."""
    if s.n < 2:
        return False
    if answer is not None:
        neg = next((f for f in reversed(s.stack) if isinstance(f, Negotiate)), None)
        if neg is None:
            return False
        ml, c = neg.player, neg.contract
        ml_gain = CAT.contracts[c].prestige - sum(x[0] for x in neg.shares)
        my_gain = neg.shares[answer.index][0]
        mine = s.players[me].prestige + my_gain
    else:
        ex = s.ex
        if ex is None or me not in ex.seats or ex.order[0] == me:
            return False
        ml, c = ex.order[0], ex.contract
        ml_gain = ex.deal[0][0]
        mine = s.players[me].prestige + ex.deal[ex.order.index(me)][0]
    lead = s.players[ml].prestige + ml_gain
    if lead >= WIN and lead >= mine:
        return answer is None  # as an invitee, declining (below) does it at no risk
    if (answer is None and SABOTAGE_NEAR and lead >= WIN - SABOTAGE_NEAR
            and s.players[ml].prestige > s.players[me].prestige):
        return True  # a leader pulling away: its contract failing (and its dice, 3.4.9) pays more
    return _saboteur_objective(s, me, ml) and s.players[me].prestige < WIN - 1


def _trade_to_five(s: MoonrakersState, me: int, legal: list[Action]) -> Action | None:
    """Binding Ties: trade other tokens for the fifth of one faction when +1 Prestige then wins or the
    tokens are otherwise idle late on (the 5 is then spent by `best_spends`)."""
    pl = s.players[me]
    for a in legal:
        if a.kind != "trade":
            continue
        f = FACTION_ID.get(str(a.args[0]), -1)
        if 0 <= f < 5 and pl.rep[f] == 4 and (pl.prestige >= WIN - 1 or s.turn > LONG_GAME // 2):
            return a
    return None


# ---------------------------------------------------------------------------------------- armory
def card_buy_value(card: Part | Crew, owned: list[Part]) -> float:
    """What buying `card` is worth to a captain owning the parts `owned` (derived from the data)."""
    if isinstance(card, Part):
        v = _owned_value(card)
        if len(owned) >= 4:  # 5.3: a fifth part scraps one
            v -= min(_owned_value(p) for p in owned) + 1.0
        return v
    if card.id < len(CAT.crew) and CAT.crew[card.id] is card:
        return CREW_BUY_VALUE[card.id]
    return CREW_BUY_BASE + 0.5 * card.cost + crew_value(card) - 3.0 + 1.5 * _crew_profile(card)[0]


def _owned_value(p: Part) -> float:
    return PART_VALUE[p.id] if p.id < len(CAT.parts) and CAT.parts[p.id] is p else part_value(p)


def buy_choice(credits: int, owned: list[Part], offers: list[Part | Crew],
               row: list[Part | Crew] | None = None,
               fit: dict[int, float] | None = None) -> Part | Crew | None:
    """3.5.1: the affordable Armory card worth most, if it beats keeping the credits (or None).

    Credits only help by buying (and break ties, 7.1), so the bar falls as they pile up. With `fit`
    (`deck_fit`, by `id(card)`), each card's value gains `BUY_FIT_W` × its fit to the deck; without it,
    a part that is clearly better than what the row holds for a little more money is saved for (a
    plan) when the bar would otherwise only be met by a weaker crew card."""
    bar = BUY_MIN - (0.3 * (credits - 6) if credits > 6 else 0.0)
    best: Part | Crew | None = None
    best_v = bar
    for c in offers:
        if c.cost > credits:
            continue
        v = card_buy_value(c, owned)
        if fit is not None:
            v += BUY_FIT_W * fit.get(id(c), 0.0)
        if v > best_v:
            best_v, best = v, c
    if isinstance(best, Crew) and row and fit is None:
        for c in row:  # a plan: keep the money for a much better part within reach next turn
            if (isinstance(c, Part) and credits < c.cost <= credits + SAVE_REACH
                    and card_buy_value(c, owned) >= best_v + SAVE_MARGIN):
                return None
    return best


BUY_FIT_W = 5.0
"""Weight of a card's fit to the deck (`deck_fit`) added to its buy value (0: off). Against greedy,
paired seeds, 300 games each: 2 players (seeds 1-300) 182 wins without, 203 / 204 / 219 / 213 at
1 / 2 / 3 / 5; 4 players (seeds 1001-1300) 104 without, 111 / 116 / 118 / 138 / 133 at 1 / 2 / 3 / 5 / 8."""
BUY_FIT_MANY = True
"""Whether the fit is also used at 3-5 players."""
FIT_SAMPLES = 48
"""Sampled hands per deck in `deck_fit`."""
FIT_ALL = False
"""Whether `deck_fit` values each sampled hand against a random display of 8 contracts of the whole
deck (True) or against the display on the table (False)."""


def _start_actions(parts: list[int]) -> float:
    """A contract's Actions at its start (3.4.2): 1, plus those the parts give every time, whatever the
    hand (their compiled `at_start` effects)."""
    n = 1.0
    for q in parts:
        for t in FX[q].start:
            if t.mask == 0 and not t.ml_only:
                for op in t.effects:
                    if op.op == "actions" and not op.allies and not op.per and op.n > 0:
                        n += op.n
    return n


def _mercs(s: MoonrakersState) -> Mercs | None:
    """The Mercenary row's basic cards the plan may count on (8.4: at 1-2 players)."""
    return Mercs(HEURISTIC_TABLES, s.merc_row) if s.n <= 2 and s.merc_row else None


def _best_value(s: MoonrakersState, me: int, pn: Plan, contracts: list[int], kp: float,
                mercs: Mercs | None) -> float:
    """The greedy plan's value (`contract_value`) of the best of `contracts` with plan `pn`, or of staying
    at base."""
    best = STAY_VALUE_G
    for c in contracts:
        v = greedy_value(HEURISTIC_TABLES, s, me, c, pn, kp, mercs)[0]
        if v > best:
            best = v
    return best


def deck_fit(s: MoonrakersState, me: int, offers: list[Part | Crew]) -> dict[int, float]:
    """What each offered card adds to the expected value of this captain's best contract on the display
    (the greedy plan's estimate, `contract_value`), over hands sampled from its whole deck with the card in it
    (5.2, 5.3: a part's cards, static reductions, start Actions and hand size counted), less the same
    without it (the same sampled hands: common random numbers). Keyed by `id(card)`. Uses only the
    deck's contents as its owner knows them (sorted, never the pile's order; cards trashed unseen from
    the pile are kept among them), its parts, the public display and Mercenary row."""
    pl = s.players[me]
    # its draw pile as it knows it: a card trashed unseen from its top stays among the candidates
    deck = sorted(pl.hand + pl.draw + pl.unseen + pl.discard)
    if not deck:
        return {}
    contracts = [c for c in s.contracts if c >= 0]
    s2 = s.copy()
    p2 = s2.players[me]
    p2.discard = []
    kp = greedy_kp(s, me)
    mercs = _mercs(s)
    rng = Rng(0x5EED_F17 + 1009 * s.turn + 31 * me + len(deck))
    perms: list[list[int]] = []
    for _ in range(FIT_SAMPLES):
        d = deck.copy()
        rng.shuffle(d)
        perms.append(d)
    marks = [[rng.below(len(deck) + 6) for _ in range(6)] for _ in range(FIT_SAMPLES)]
    displays = [contracts] * FIT_SAMPLES
    if FIT_ALL:  # a card bought now is drawn once the display has moved on: a random display per hand
        every = [c.id for c in CAT.contracts]
        displays = []
        for _ in range(FIT_SAMPLES):
            rng.shuffle(every)
            displays.append(every[:8])
    parts0 = list(pl.parts)

    def value(cards: list[int], parts: list[int], hand_size: int, actions: float, k: int) -> float:
        perm = perms[k]
        if cards:  # the new cards at sampled places among the deck's
            perm = perm.copy()
            for j, x in enumerate(cards):
                perm.insert(marks[k][j % 6] % (len(perm) + 1), x)
        hand = perm[:hand_size]
        p2.draw = perm[hand_size:]
        p2.hand = hand
        p2.parts = parts
        pn = greedy_make_plan(HEURISTIC_TABLES, s2, me, hand, actions)
        return _best_value(s2, me, pn, displays[k], kp, mercs)

    base_hs = pl.hand_size
    base_act = _start_actions(parts0)
    base = [value([], parts0, base_hs, base_act, k) for k in range(FIT_SAMPLES)]
    out: dict[int, float] = {}
    for card in offers:
        if isinstance(card, Part):
            parts = parts0 + [card.id]
            if len(parts) > 4:  # 5.3: the weakest part is scrapped
                parts.remove(min(parts0, key=lambda q: PART_VALUE[q]))
            cards = list(card.cards)
            hs = max([5, *(FX[q].hand_size for q in parts)])  # 2.10, as `part_effects` sets it
            act = _start_actions(parts)
        else:
            parts, cards, hs, act = parts0, [CREW0 + card.id], base_hs, base_act
        tot = 0.0
        for k in range(FIT_SAMPLES):
            tot += value(cards, parts, hs, act, k) - base[k]
        out[id(card)] = tot / FIT_SAMPLES
    return out


SAVE_REACH = 3
"""Credits a contract or two usually brings: a part this much dearer is within reach."""
SAVE_MARGIN = 2.5


def _buy(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    pl = s.players[me]
    owned = [CAT.parts[p] for p in pl.parts]
    offers: list[Part | Crew] = []
    by_card: dict[int, Action] = {}
    for a in legal:
        if a.kind != "buy":
            continue
        slug = str(a.args[0])
        card: Part | Crew = CAT.parts[A.PART_ID[slug]] if slug in A.PART_ID else CAT.crew[CREW_IDS[slug]]
        offers.append(card)
        by_card[id(card)] = a
    row: list[Part | Crew] = [CAT.parts[p] for p in s.part_row if p >= 0]
    row += [CAT.crew[c] for c in s.crew_row if c >= 0]
    fit = deck_fit(s, me, offers) if BUY_FIT_W and (s.n <= 2 or BUY_FIT_MANY) else None
    pick = buy_choice(pl.credits, owned, offers, row, fit)
    if pick is not None:
        return by_card[id(pick)]
    return A.DONE if A.DONE in legal else legal[-1]


# ---------------------------------------------------------------------------------------- negotiation
def ally_supply(tb: CardTables, s: MoonrakersState, q: int) -> list[float]:
    """What captain `q` can be expected to add per requirement type (R, T, S, D, C) as an ally, from
    public knowledge: the composition of its whole deck (bought and trashed cards are public, so hand
    plus draw pile plus discard is a known multiset; only their order and split are hidden), a hand of
    its hand size drawn from it, the Actions that hand can pay (1, 3.4.2, plus Reactors and crew that
    give Actions back), and the static reductions of its parts."""
    pl = s.players[q]
    deck = pl.hand + pl.draw + pl.unseen + pl.discard
    out = [0.0] * 5
    if not deck:
        return out
    per = [0.0] * 5
    actions = 0.0
    for c in deck:
        if c == REACTOR:
            per[0] += 1.0
            actions += 1.0
        elif c == THRUSTER:
            per[1] += 1.0
        elif c == SHIELD:
            per[2] += 1.0
        elif DMG1 <= c <= DMG3:
            per[3] += c - DMG1 + 1
        elif c >= CREW0:
            k = c - CREW0
            per[4] += 1.0
            per[3] += tb.crew_dmg[k]
            per[2] += tb.crew_shield[k]
            actions += tb.crew_act[k] + 1 if tb.crew_act[k] >= 0 else 0.0
    h = pl.hand_size / len(deck)
    plays = 1.0 + h * actions  # Actions to pay for the cards (a Reactor pays for itself, 2.3)
    cards = pl.hand_size - h * per[0]
    scale = min(1.0, plays / cards) if cards > 0 else 1.0
    for t in range(5):
        out[t] = per[t] * h * (1.0 if t == 0 else scale)
    for part in pl.parts:
        rt, rn = tb.part_red[part]
        if rt >= 0:
            out[rt] += rn
    return out


def complement_invitees(tb: CardTables, s: MoonrakersState, me: int, c: int, k: int) -> list[int]:
    """The `k` rivals whose decks best fill what the Mission Leader's own hand will miss on contract
    `c` (3.3.3), the leaders last among equals (Prestige handed to a leader brings it nearer 10)."""
    pn = plan_engine(tb, s, me, s.players[me].hand, 1.0)
    sf = shortfall(pn, CAT.contracts[c].req)
    top = max(p.prestige for p in s.players)
    dice = CAT.contracts[c].dice

    def score(q: int) -> float:
        sup = ally_supply(tb, s, q)
        fill = sum(min(sf[t], sup[t]) for t in range(5))
        if INVITE_DICE_W and dice:  # an invitee who can take a die at no loss (see `_die_target`)
            fill += INVITE_DICE_W * (1.0 if s.players[q].prestige == 0 else p_shields(s, q, 1))
        return fill - LEADER_PENALTY * (s.players[q].prestige >= top) - 0.05 * s.players[q].prestige

    others = sorted(((me + i) % s.n for i in range(1, s.n)), key=lambda q: (-score(q), (q - me) % s.n))
    return sorted(others[:k])


EXTRA_ALLIES = 0
"""Invitees beyond the planned number of allies at 3-5 players (0: as planned; 1 measured 34.7%
against 34.5% at 4 players, seeds 1001-1400, within noise)."""
LEADER_PENALTY = 0.5
"""Fill units an invitee loses for holding the most Prestige."""
INVITE_DICE_W = 1.0
"""Fill units an invitee gains for being able to take a hazard die at no loss (3+ players: 31.6% with
1.0 against 31.2% without, 648 / 800 games, within noise)."""
LOWBALL = 0.0
"""Whether the first proposal (round 1) offers a single credit per invitee (1) or the greedy plan's fair
share of the credits (0, the default: 4 players, 800 games, 26.4% with it against 24.0% without, before
the dice rule; within one another's intervals)."""


def negotiate_step(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    """The greedy bot's negotiation, inviting by complement (`complement_invitees`)."""
    if isinstance(top, Negotiate) and top.step == INVITE:
        ev = my_eval(tb, s, me, top.contract)
        k = max(1, ev.allies + (1 if top.round >= 2 else 0) + (EXTRA_ALLIES if s.n >= 3 else 0))
        pick = invite_step(legal, complement_invitees(tb, s, me, top.contract, min(k, s.n - 1)))
        if pick is not None:
            return pick
    if (isinstance(top, Negotiate) and top.step == DICE and DICE_SHIELD_P < 1.0 and top.round <= DICE_ROUNDS
            and s.n >= DICE_MIN_PLAYERS):
        pick = _die_target(s, me, top, legal)
        if pick is not None:
            return pick
    if (isinstance(top, Negotiate) and top.step == OPEN and REPROPOSE and top.round == 1 and top.accepted
            and A.PROPOSE in legal and _declined_dice(top)):
        return A.PROPOSE  # an invitee turned down a die: ask again without it rather than start short
    if isinstance(top, Negotiate) and top.round == 1 and LOWBALL and top.step in (PRESTIGE, CREDITS, BONUS):
        # a first offer of the least that pays for joining (a credit, 3.3.3); the rounds after it
        # offer what the greedy plan offers (a fair share of the credits, then Prestige)
        want_credits = 1 if top.step == CREDITS else 0
        shares = [a for a in legal if a.kind != "solo"]
        if shares:
            return shares[min(want_credits, len(shares) - 1)]
    return greedy_negotiate(tb, s, me, top, legal)


def p_shields(s: MoonrakersState, q: int, k: int) -> float:
    """P(captain `q`'s hand holds at least `k` Shields), from public knowledge only: the Shields of its
    deck not in its discard pile are among its hand and draw pile, whose split is hidden (hypergeometric)."""
    pl = s.players[q]
    if k <= 0:
        return 1.0
    hidden = len(pl.hand) + len(pl.draw) + len(pl.unseen)
    shields = (pl.hand.count(SHIELD) + pl.draw.count(SHIELD) + pl.unseen.count(SHIELD))
    h = len(pl.hand)
    if hidden <= 0 or h <= 0 or shields < k:
        return 0.0
    total = comb(hidden, h)
    hits = sum(comb(shields, j) * comb(hidden - shields, h - j) for j in range(k, min(h, shields) + 1))
    return hits / total


def _die_target(s: MoonrakersState, me: int, neg: Negotiate, legal: list[Action]) -> Action | None:
    """3.3.1: a hazard die to an invitee who can take it at no loss (no Prestige to lose, or a Shield
    likely in hand to block it, 3.4.8): it costs the Mission Leader nothing to hand it on."""
    best: Action | None = None
    best_p = DICE_SHIELD_P
    for a in legal:
        if a.kind != "die":
            continue
        q = A.SEAT_OF[str(a.args[1])]
        if q == me:
            continue
        i = neg.invitees.index(q)
        if s.players[q].prestige == 0 and neg.shares[i][0] == 0:
            return a  # nothing to lose (7.2)
        p = p_shields(s, q, neg.dice.count(q) + 1)
        if p > best_p:
            best_p, best = p, a
    return best


def _declined_dice(neg: Negotiate) -> bool:
    """Whether an invitee who declined the last proposal was given a hazard die in it."""
    return any(ans == 0 and q in neg.dice for q, ans in zip(neg.invitees, neg.answers, strict=False))


DICE_SHIELD_P = 0.6
"""An invitee takes a die when it likely holds a Shield for it (this chance or more); 1.0: never."""
DICE_ROUNDS = 1
"""Proposal rounds in which dice are offered to invitees that way."""
DICE_MIN_PLAYERS = 3
"""Table sizes from which dice are offered that way: not at 2 players, where it made no difference
(heuristic against greedy, seeds 1-666: 57.1% with it, 58.3% without)."""
REPROPOSE = False
"""After a first proposal in which an invitee given a die declined, propose again instead of starting
with those who accepted (off: 4 players, 800 games, 28.1% with it against 31.2% without)."""
SABOTAGE_NEAR = 0
"""An ally lets a contract fail when it would carry a Mission Leader ahead of it this near 10 (0: off)."""


HAND_W = 0.0
"""Weight, for an invitee, of what joining does to its hand (3.4.9 step 5: a participant's hand is
discarded and a fresh one drawn; a captain who declines keeps the hand it will lead with): the value
of its best contract on the display with a fresh hand drawn from its pile, less with the hand it holds
(0: off, the greedy answer). Off: 2 players against greedy, seeds 1-300, before the buying fit,
180 wins at 1.0 against 182 without."""
HAND_SAMPLES = 32


def _best_contract(s: MoonrakersState, me: int, hand: list[int], skip: int) -> float:
    """The greedy plan's value of its best contract on the display (but `skip`) with `hand`, or of
    staying at base."""
    pn = greedy_make_plan(HEURISTIC_TABLES, s, me, hand, _start_actions(s.players[me].parts))
    return _best_value(s, me, pn, [c for c in s.contracts if c >= 0 and c != skip], greedy_kp(s, me),
                       _mercs(s))


def hand_swap_value(s: MoonrakersState, me: int, skip: int) -> float:
    """E[best contract value with a fresh hand] − best contract value with the current hand, the fresh
    hand drawn from the contents of its draw pile (then its discard pile and the current hand, 2.8),
    never from the pile's order."""
    pl = s.players[me]
    cur = _best_contract(s, me, pl.hand, skip)
    pile = sorted(pl.draw + pl.unseen)
    rest = sorted(pl.discard + pl.hand)
    s2 = s.copy()
    p2 = s2.players[me]
    rng = Rng(0x5EED_A55 + 1009 * s.turn + 31 * me + len(pile))
    hs = pl.hand_size
    tot = 0.0
    for _ in range(HAND_SAMPLES):
        a = pile.copy()
        rng.shuffle(a)
        if len(a) < hs:
            b = rest.copy()
            rng.shuffle(b)
            a += b
        p2.hand = a[:hs]
        p2.draw = a[hs:]
        p2.discard = []
        tot += _best_contract(s2, me, p2.hand, skip)
    return tot / HAND_SAMPLES - cur


def answer_step(tb: CardTables, s: MoonrakersState, me: int, top: object, legal: list[Action]) -> Action:
    """The greedy answer (3.3.3), with what joining does to its hand weighed in (`HAND_W`)."""
    if not HAND_W:
        return greedy_answer(tb, s, me, top, legal)
    terms = greedy_answer_terms(tb, s, me, top)
    if terms is None:
        return A.DECLINE
    value, bar, contract = terms
    return A.ACCEPT if value + HAND_W * hand_swap_value(s, me, contract) > bar else A.DECLINE


_DISPATCH: dict[type, Handler] = {**DISPATCH, Buy: _buy, Negotiate: negotiate_step, Answer: answer_step}


register_bot("moonrakers", "heuristic", HeuristicBot)
