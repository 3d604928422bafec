"""Execution (3.4): hazard rolls, start of contract, play rounds, and the end of execution (3.4.9).

Cards contribute to the shared pool (3.4.6); Actions, draws and blocks go only to the player who
played them (3.4.7, 3.4.8). Part and crew abilities are called through the hooks in `effects.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from spacetable.engine.action import Action
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import effects, objectives, reputation_window
from spacetable.games.moonrakers.cards import DMG1, DMG3, MISS, REACTOR, SHIELD, THRUSTER
from spacetable.games.moonrakers.dice import blocked_icons, exposed, is_blocked, unblocked_icons
from spacetable.games.moonrakers.frames import Frame
from spacetable.games.moonrakers.mercenary import mercenary_fees, play_mercenary
from spacetable.games.moonrakers.records import (
    AFTERMATH,
    BUYING,
    CLAIMS,
    EXECUTION,
    REWARDS,
    ROLLING,
    Execution,
    Seat,
)
from spacetable.games.moonrakers.ship import Scrap, install_part
from spacetable.games.moonrakers.zones import draw, refill_contracts, refill_hand

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

R_REACTOR: Final = 0
R_THRUSTER: Final = 1
R_SHIELD: Final = 2
R_DAMAGE: Final = 3
R_CREW: Final = 4
BASIC_TYPE: Final = (R_REACTOR, R_THRUSTER, R_SHIELD, R_DAMAGE, R_DAMAGE, R_DAMAGE, -1)
"""Requirement type each basic card counts as (Miss counts as nothing)."""
THIRD: Final = 1.0 / 3.0
HAZARD_OUTCOMES: Final = [(A.HAZARD[0], THIRD), (A.HAZARD[1], THIRD), (A.HAZARD[2], THIRD)]
"""1.1.3: faces 0, 0, 1, 1, 2, 2 icons."""


# ------------------------------------------------------------------------------- set-up
def begin_execution(s: MoonrakersState, contract: int, allies: list[int], deal: dict[int, list[int]],
                    dice_to: list[int], rep_to: int) -> None:
    """Participants, binding deal and dice assignment are fixed; hazard dice are rolled next."""
    ml = s.ml
    ex = Execution(contract)
    order = [ml] + [(ml + i) % s.n for i in range(1, s.n) if (ml + i) % s.n in allies]
    ex.order = order
    ex.seats = {p: Seat(p) for p in order}
    c = A.CAT.contracts[contract]
    ex.deal = [[0, 0, 0] for _ in order]
    given = [0, 0, 0]
    for i in range(1, len(order)):
        sh = deal.get(order[i])
        if sh is None:
            continue  # [0, 0, 0]
        ex.deal[i] = sh.copy()
        given[0] += sh[0]
        given[1] += sh[1]
        given[2] += sh[2]
    ex.deal[0] = [c.prestige - given[0], c.credits - given[1], c.bonus - given[2]]
    ex.rep_faction_to = rep_to
    for p in order:
        n = dice_to.count(p) - effects.dice_reduction(s, p)  # 3.4.1, R21
        ex.to_roll.extend([p] * max(0, n))
    s.ex = ex
    s.phase = ROLLING
    if s.events is not None:
        s.emit("3.3.5", "mission-start", ml, contract, tuple(order[1:]))


class HazardDie(Frame):
    """Chance: one hazard die rolled by `player`; it targets that player (3.4.1, 3.4.5).

    `index` ≥ 0 re-rolls that die of the player instead of adding one.
    """

    __slots__ = ("index", "hook")
    name = "hazard-roll"
    chance = True

    def __init__(self, seat: int, index: int = -1, hook: str = "") -> None:
        super().__init__(seat)
        self.index = index
        self.hook = hook

    def legal(self, s: MoonrakersState) -> list[Action]:
        return [a for a, _ in HAZARD_OUTCOMES]

    def apply(self, s: MoonrakersState, a: Action) -> None:
        s.stack.pop()
        icons = int(a.args[0])
        assert s.ex is not None
        dice = s.ex.seats[self.player].dice
        if self.index >= 0:
            dice[self.index] = icons
            s.emit("3.4.5", "reroll", self.player, icons)
        else:
            dice.append(icons)
            if s.events is not None:
                s.emit("3.4.1", "roll", self.player, icons)
        if self.hook:
            effects.after_die(s, self.player, icons, self.hook)

    def copy(self) -> Frame:
        return HazardDie(self.player, self.index, self.hook)


def roll_step(s: MoonrakersState) -> None:
    """Phase step: roll the next die, or start the contract once all are rolled (3.4.1, 3.4.2)."""
    ex = s.ex
    assert ex is not None
    if ex.to_roll:
        s.stack.append(HazardDie(ex.to_roll.pop(0)))
        return
    for p in ex.order:  # 3.4.2: one Action each, start bonuses, then triggers in seat order (R25)
        ex.seats[p].actions = 1
    s.phase = EXECUTION
    s.stack.append(PlayTurn(ex.order[0]))  # below any choice a start-of-contract trigger pushes
    for p in ex.order:
        effects.contract_start(s, p)


# ------------------------------------------------------------------------------- play rounds
class PlayTurn(Frame):
    """A participant's single step in the play rounds (3.4.3): play, use, Mercenary, or pass."""

    __slots__ = ()
    name = "execution.play"

    def legal(self, s: MoonrakersState) -> list[Action]:
        ex = s.ex
        assert ex is not None
        seat = self.player
        st = ex.seats[seat]
        out: list[Action] = []
        seen = 0
        free = st.actions >= 1  # a play costs at most 1 Action (2.7): only at 0 does the cost decide
        for card in s.players[seat].hand:
            bit = 1 << card
            if seen & bit:
                continue
            seen |= bit
            if free or effects.play_cost(s, seat, card) <= st.actions:
                out.append(A.PLAY[card])
        out.extend(effects.activated(s, seat))
        if s.merc_row and seat == ex.order[0]:
            mseen = 0
            for card in s.merc_row:
                bit = 1 << card
                if not mseen & bit:
                    mseen |= bit
                    out.append(A.MERC[card])
        out.append(A.PASS)
        return out

    def apply(self, s: MoonrakersState, a: Action) -> None:
        ex = s.ex
        assert ex is not None
        seat = self.player
        kind = a.kind
        if kind == "pass":
            ex.passes += 1
            if s.events is not None:
                s.emit("3.4.3", "pass", seat)
            if ex.passes >= len(ex.order):  # 3.4.4: a full cycle of passes ends the execution
                s.stack.pop()
                s.phase = REWARDS
                if s.bt:  # Binding Ties "at any time": before the success check (docs/binding-ties.md)
                    reputation_window.open_windows(s, ex.order, reputation_window.BEFORE_SUCCESS)
                return
        else:
            ex.passes = 0
        self.next_participant(s)
        if kind == "play":
            card = A.CARD_OF[a.index] if a.index >= 0 else A.CARD_ID[str(a.args[0])]
            cost = effects.play_cost(s, seat, card)
            s.players[seat].hand.remove(card)
            ex.seats[seat].actions -= cost
            play_card(s, seat, card)
        elif kind == "use":
            effects.use(s, seat, a)
        elif kind == "merc":
            play_mercenary(s, seat, A.CARD_OF[a.index] if a.index >= 0 else A.CARD_ID[str(a.args[0])])

    def next_participant(self, s: MoonrakersState) -> None:
        """The step is over: the next participant in the cycle acts (3.4.3)."""
        ex = s.ex
        assert ex is not None
        ex.turn = (ex.turn + 1) % len(ex.order)
        self.player = ex.order[ex.turn]

    def step_taken(self, s: MoonrakersState) -> None:
        """An expansion action (a reputation spend during the contract) was this participant's step
        (3.4.3b); "at any time" spends and trades are not (`reputation.takes_step`)."""
        assert s.ex is not None
        s.ex.passes = 0
        self.next_participant(s)

    def copy(self) -> Frame:
        return PlayTurn(self.player)


def play_card(s: MoonrakersState, seat: int, card: int) -> None:
    """A card already taken from hand and paid for goes into play (2.2): contribution, effect, triggers."""
    ex = s.ex
    assert ex is not None
    st = ex.seats[seat]
    st.play.append(card)
    st.cards += 1
    if s.events is not None:
        s.emit("2.2", "play", seat, card)
    if card < 7:
        t = BASIC_TYPE[card]
        if t == R_DAMAGE:
            value = card - DMG1 + 1
            contribute(s, st, R_DAMAGE, value)
            st.dmg_cards += 1
            ex.damage_cards += 1
        elif t >= 0:
            contribute(s, st, t, 1)
            basic_effect(s, seat, t)
        effects.after_play(s, seat, card, t)
    else:
        contribute(s, st, R_CREW, 1)  # 2.4
        effects.after_play(s, seat, card, R_CREW)
        effects.crew_ability(s, seat, card - 7)


def contribute(s: MoonrakersState, st: Seat, t: int, amount: int) -> None:
    """A card counted as type t adds `amount` to the pool (3.4.6) and counts as played (6.4.3)."""
    ex = s.ex
    assert ex is not None
    ex.pool[t] += amount
    st.played[t] += 1
    if t == R_DAMAGE:
        st.damage += amount


def basic_effect(s: MoonrakersState, seat: int, t: int) -> None:
    """The effect of a Reactor, Thruster or Shield, also for cards played as one (2.3, 2.5)."""
    ex = s.ex
    assert ex is not None
    if t == R_REACTOR:
        ex.seats[seat].actions += 2
    elif t == R_THRUSTER:
        draw(s, seat, 2)
    elif t == R_SHIELD:
        ex.seats[seat].blocks += 1


def play_as(s: MoonrakersState, seat: int, t: int, amount: int = 1) -> None:
    """Count an already-played card also as a card of type t, with that type's effect (2.5, R19)."""
    ex = s.ex
    assert ex is not None
    contribute(s, ex.seats[seat], t, amount)
    basic_effect(s, seat, t)
    effects.after_play(s, seat, -1, t)


def deal_damage(s: MoonrakersState, seat: int, n: int) -> None:
    """"Deal N Damage": adds to the pool without playing a card (2.6)."""
    ex = s.ex
    assert ex is not None
    ex.pool[R_DAMAGE] += n
    ex.seats[seat].damage += n
    s.emit("2.6", "deal", seat, n)


def damage_total(ex: Execution) -> int:
    """The Damage pool, with Kary Powalk's +1 per Damage card (open question 4)."""
    return ex.pool[R_DAMAGE] + ex.damage_bonus * ex.damage_cards


def pool_value(ex: Execution, t: int) -> int:
    return damage_total(ex) if t == R_DAMAGE else ex.pool[t]


def is_met(s: MoonrakersState) -> bool:
    ex = s.ex
    assert ex is not None
    req = A.CAT.contracts[ex.contract].req
    return all(pool_value(ex, t) >= ex.target(t, req) for t in range(5))


# ------------------------------------------------------------------------------- end of execution
class BonusCard(Frame):
    """Choose the Crew or the Ship Part deck for one bonus card (5.4)."""

    __slots__ = ()
    name = "bonus-card"

    def vacuous(self, s: MoonrakersState) -> bool:
        return not s.crew_deck and not s.part_deck  # 5.4: with both decks empty the bonus is lost

    def legal(self, s: MoonrakersState) -> list[Action]:
        out = []
        if s.crew_deck:
            out.append(A.BONUS_CREW)
        if s.part_deck:
            out.append(A.BONUS_PART)
        return out

    def apply(self, s: MoonrakersState, a: Action) -> None:
        s.stack.pop()
        seat = self.player
        if a is A.BONUS_CREW:
            crew = s.crew_deck.pop()
            s.players[seat].discard.append(crew + 7)
            s.emit("5.4", "bonus-crew", seat, crew)
        else:
            part = s.part_deck.pop()
            s.emit("5.4", "bonus-part", seat, part)
            install_part(s, seat, part)

    def copy(self) -> Frame:
        return BonusCard(self.player)


def give_bonus(s: MoonrakersState, seat: int, n: int) -> None:
    """Queue n bonus cards for a seat; with both decks empty the bonus is lost (5.4)."""
    for _ in range(n):
        s.stack.append(BonusCard(seat))


def rewards_step(s: MoonrakersState) -> None:
    """3.4.9 steps 1–2: success check, then rewards ML first and allies in seat order."""
    ex = s.ex
    assert ex is not None
    effects.before_success_check(s)
    ex.success = is_met(s)
    if s.events is not None:  # with what each requirement fell short by, for the log's "why"
        req = A.CAT.contracts[ex.contract].req
        short = tuple(max(0, ex.target(t, req) - pool_value(ex, t)) for t in range(5))
        s.emit("3.4.9", "success" if ex.success else "failure", ex.contract, short)
    if ex.success:
        fee_p, fee_c = mercenary_fees(s)
        bonus_queue: list[tuple[int, int]] = []
        for i, p in enumerate(ex.order):
            pr, cr, bo = ex.deal[i]
            if i == 0:
                pr -= fee_p
                cr -= fee_c
            if pr:
                s.players[p].prestige += pr
                if s.events is not None:
                    s.emit("3.4.9", "prestige", p, pr)
            if cr:
                s.players[p].credits += cr
                if s.events is not None:
                    s.emit("3.4.9", "credits", p, cr)
            if bo:
                bonus_queue.append((p, bo))
        for p, bo in reversed(bonus_queue):  # ML's bonus cards resolve first
            give_bonus(s, p, bo)
    effects.after_contract_rewards(s)
    s.phase = AFTERMATH


def aftermath_step(s: MoonrakersState) -> None:
    """3.4.9 step 3: hazard losses (icons of unblocked dice minus blocks, dice.py); then, with
    Binding Ties, the participants' "at any time" windows before the objective check."""
    ex = s.ex
    assert ex is not None
    for p in ex.order:
        lost = min(exposed(ex.seats[p]), s.players[p].prestige)
        if lost > 0:
            s.players[p].prestige -= lost
            st = ex.seats[p]
            s.emit("3.4.9", "hazard-loss", p, lost, unblocked_icons(st), st.blocks)
    s.phase = CLAIMS
    if s.bt:
        reputation_window.open_windows(s, ex.order, reputation_window.AFTER_LOSSES)


def claims_step(s: MoonrakersState) -> None:
    """3.4.9 steps 4–6: objectives, cleanup, contract discarded and refilled."""
    ex = s.ex
    assert ex is not None
    objectives.check(s, objectives.AFTER_EXECUTION)
    for p in ex.order:  # step 5: participants only; others keep their hands (R7)
        pl = s.players[p]
        pl.discard.extend(pl.hand)
        pl.discard.extend(ex.seats[p].play)
        pl.hand = []
        ex.seats[p].play = []
        refill_hand(s, p)
    s.contract_discard.append(ex.contract)
    refill_contracts(s)
    s.last_ex = ex
    s.ex = None
    s.phase = BUYING


def public_execution(s: MoonrakersState) -> dict[str, Any] | None:
    ex = s.ex
    if ex is None:
        return None
    req = A.CAT.contracts[ex.contract].req
    return {
        "contract": A.CONTRACT_SLUGS[ex.contract],
        "participants": [A.SEATS[p] for p in ex.order],
        "deal": {A.SEATS[p]: ex.deal[i] for i, p in enumerate(ex.order)},
        "pool": [pool_value(ex, t) for t in range(5)],
        "target": [ex.target(t, req) for t in range(5)],
        "dice": {A.SEATS[p]: ex.seats[p].dice for p in ex.order},
        # a reputation-blocked die's icons count as blocked, so that icons − blocks is the loss
        "blocks": {A.SEATS[p]: ex.seats[p].blocks + blocked_icons(ex.seats[p]) for p in ex.order},
        "blocked_dice": {A.SEATS[p]: [i + 1 for i in range(len(ex.seats[p].dice))
                                      if is_blocked(ex.seats[p], i)] for p in ex.order},
        "actions": {A.SEATS[p]: ex.seats[p].actions for p in ex.order},
        "played": {A.SEATS[p]: [A.CARD_SLUGS[c] for c in ex.seats[p].play] for p in ex.order},
        "to_act": A.SEATS[ex.order[ex.turn]],
        "passes": ex.passes,
    }


__all__ = ["DMG3", "MISS", "REACTOR", "SHIELD", "THRUSTER", "Scrap", "install_part"]
