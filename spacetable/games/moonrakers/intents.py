"""Compound intents: a whole negotiation proposal (3.3.3) as one form, expanded into small decisions.

The engine builds a proposal one small decision at a time (`negotiation.py`): `propose`, invite or
exclude each other seat in seat order after the Mission Leader, each invitee's share of Prestige,
credits and bonus cards, the Binding Ties faction reward's receiver, the target of every hazard die.
A person (at the web table or the terminal) would rather fill in one form. This module describes that
form (`offered`) and turns a filled-in form into the engine's action texts (`expand`). It is pure:
it never changes the state it is given and does no I/O. Bots and RL keep the small decisions.

An intent (JSON-ready; every key optional except `invite`)::

    {"kind": "proposal",
     "invite": ["p2", "p3"],                      # at least one other seat (3.3.3)
     "shares": {"p2": {"prestige": 1, "credits": 2, "bonus": 0}},   # missing = 0; the rest is the ML's
     "reputation_to": "p2",                       # Binding Ties faction reward; default the ML
     "dice": ["p1", "p2"]}                        # one participant per hazard die; default the ML
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spacetable.engine.errors import SpacetableError
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.negotiation import INVITE, MAX_ROUNDS, OPEN, Negotiate
from spacetable.games.moonrakers.rules import NO_SWAP, armory_swap_cost

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState

SHARE_KINDS = ("prestige", "credits", "bonus")
SHARE_LIMITS = (A.MAX_PRESTIGE_SHARE, A.MAX_CREDIT_SHARE, A.MAX_BONUS_SHARE)
INTENT_KEYS = frozenset({"kind", "invite", "shares", "reputation_to", "dice"})


class IntentError(SpacetableError):
    """A compound intent that cannot be carried out here. Nothing was changed."""


def _building(state: MoonrakersState, seat: int) -> Negotiate | None:
    """The negotiation frame when `seat` is its Mission Leader at the start of a proposal."""
    if state.is_terminal() or not state.stack or state.current_player() != seat:
        return None
    top = state.stack[-1]
    if not isinstance(top, Negotiate) or top.player != seat:
        return None
    if top.step == OPEN and top.round < MAX_ROUNDS:
        return top
    if top.step == INVITE and top.cursor == 0:
        return top
    return None


def offered(state: MoonrakersState, seat: int) -> dict[str, Any] | None:
    """The proposal form for the Mission Leader `seat` (3.3.3), or None when no proposal is begun.

    It lists who may be invited (seat order after the ML), the printed rewards and the largest share
    each one allows, whether a faction reward is negotiated (Binding Ties), the number of hazard dice
    to assign, and the earlier proposal's terms to start from.

    At the ML's buy phase it is instead `{"kind": "buying", "armory_swap_cost": n | None}`, so that a
    client can state what an Armory discard costs (3.5.2); that form has nothing to expand.
    """
    if (not state.is_terminal() and state.current_player() == seat
            and state.decision_name() == "buying"):
        return {"kind": "buying", "rule": "3.5.2", "armory_swap_cost": _swap_cost(state)}
    neg = _building(state, seat)
    if neg is None:
        return None
    c = A.CAT.contracts[neg.contract]
    totals = (c.prestige, c.credits, c.bonus)
    previous: dict[str, Any] | None = None
    if neg.invitees:  # the last proposal (its terms stay on the frame until the next `propose`)
        previous = {
            "invite": [A.SEATS[p] for p in neg.invitees],
            "shares": {A.SEATS[p]: dict(zip(SHARE_KINDS, sh, strict=True))
                       for p, sh in zip(neg.invitees, neg.shares, strict=False)},
            "reputation_to": A.SEATS[neg.rep_to] if neg.rep_to >= 0 else None,
            "dice": [A.SEATS[d] for d in neg.dice],
            "accepted": [A.SEATS[p] for p in neg.accepted],
        }
    return {
        "kind": "proposal",
        "rule": "3.3.3",
        "leader": A.SEATS[seat],
        "contract": A.CONTRACT_SLUGS[neg.contract],
        "round": neg.round + (1 if neg.step == OPEN else 0),
        "max_rounds": MAX_ROUNDS,
        "can_invite": [A.SEATS[p] for p in neg._others(state)],
        "totals": dict(zip(SHARE_KINDS, totals, strict=True)),
        "max_share": {k: min(t, lim) for k, t, lim in zip(SHARE_KINDS, totals, SHARE_LIMITS, strict=True)},
        "faction_reward": c.faction if state.bt else None,
        "dice": c.dice,
        "previous": previous,
    }


def _swap_cost(state: MoonrakersState) -> int | None:
    """Credits the next Armory discard costs (3.5.2; Binding Ties buy-phase rule), None if none is left."""
    cost = armory_swap_cost(state)
    return None if cost == NO_SWAP else cost


# ------------------------------------------------------------------------- checking the form
def _seat(value: Any, what: str) -> int:
    if not isinstance(value, str) or value not in A.SEAT_OF:
        raise IntentError(f"{what} must be a seat such as 'p2', not {value!r}")
    return A.SEAT_OF[value]


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise IntentError(f"{what} must be a whole number ≥ 0, not {value!r}")
    return value


def _plan(state: MoonrakersState, seat: int, neg: Negotiate, intent: Any) -> list[str]:
    """The action texts of the proposal, checked against the form (not yet against the engine)."""
    if not isinstance(intent, dict):
        raise IntentError("an intent must be a JSON object")
    unknown = sorted(str(k) for k in intent if k not in INTENT_KEYS)
    if unknown:
        raise IntentError(f"unknown intent field(s): {', '.join(unknown)}")
    if intent.get("kind", "proposal") != "proposal":
        raise IntentError(f"unknown intent kind {intent.get('kind')!r}; this table offers 'proposal'")
    others = neg._others(state)
    raw_invite = intent.get("invite")
    if not isinstance(raw_invite, list) or not raw_invite:
        raise IntentError("invite at least one other captain, or go solo instead")
    invited = {_seat(v, "an invitee") for v in raw_invite}
    if len(invited) != len(raw_invite):
        raise IntentError("an invitee is listed twice")
    for p in invited:
        if p not in others:
            raise IntentError(f"{A.SEATS[p]} cannot be invited (the Mission Leader or not at this table)")
    invitees = [p for p in others if p in invited]  # the engine asks in seat order after the ML
    participants = [seat, *invitees]
    c = A.CAT.contracts[neg.contract]
    totals = (c.prestige, c.credits, c.bonus)

    raw_shares = intent.get("shares", {})
    if not isinstance(raw_shares, dict):
        raise IntentError("shares must map invitees to {prestige, credits, bonus}")
    shares: dict[int, list[int]] = {p: [0, 0, 0] for p in invitees}
    for key, terms in raw_shares.items():
        p = _seat(key, "a share's seat")
        if p not in shares:
            raise IntentError(f"{A.SEATS[p]} is not invited, so it cannot have a share")
        if not isinstance(terms, dict):
            raise IntentError(f"{A.SEATS[p]}'s share must be an object")
        for k, v in terms.items():
            if k not in SHARE_KINDS:
                raise IntentError(f"unknown share {k!r}; shares are prestige, credits and bonus")
            shares[p][SHARE_KINDS.index(k)] = _count(v, f"{A.SEATS[p]}'s {k} share")
    for k, name in enumerate(SHARE_KINDS):
        given = sum(sh[k] for sh in shares.values())
        if given > totals[k]:
            raise IntentError(f"the shares give away {given} {name} but the contract pays {totals[k]} "
                              "(3.3.3)")
        for p, sh in shares.items():
            if sh[k] > SHARE_LIMITS[k]:
                raise IntentError(f"{A.SEATS[p]}'s {name} share is above {SHARE_LIMITS[k]}")

    texts: list[str] = []
    if neg.step == OPEN:
        texts.append("propose")
    texts += [f"{'invite' if p in invited else 'exclude'} {A.SEATS[p]}" for p in others]
    for k, name in enumerate(SHARE_KINDS):
        if totals[k] > 0:  # a reward the contract does not pay is not negotiated
            texts += [f"{name} {A.SEATS[p]} {shares[p][k]}" for p in invitees]

    rep_raw = intent.get("reputation_to")
    if state.bt and c.faction is not None:
        rep = seat if rep_raw is None else _seat(rep_raw, "reputation_to")
        if rep not in participants:
            raise IntentError(f"the faction reward must go to a participant, not {A.SEATS[rep]}")
        texts.append(f"reputation {A.SEATS[rep]}")
    elif rep_raw is not None:
        raise IntentError("this contract has no faction reward to negotiate")

    dice_raw = intent.get("dice")
    if dice_raw is None:
        dice = [seat] * c.dice
    else:
        if not isinstance(dice_raw, list) or len(dice_raw) != c.dice:
            raise IntentError(f"dice must name one participant for each of the {c.dice} hazard dice")
        dice = [_seat(v, f"die {i + 1}'s target") for i, v in enumerate(dice_raw)]
    for i, d in enumerate(dice):
        if d not in participants:
            raise IntentError(f"hazard die {i + 1} must target a participant, not {A.SEATS[d]}")
        texts.append(f"die {i + 1} {A.SEATS[d]}")
    return texts


def expand(state: MoonrakersState, seat: int, intent: Any) -> list[str]:
    """The engine action texts that make the proposal `intent` for `seat` (3.3.3).

    Each text is applied in turn to a copy and checked against its `legal_actions()`; the list stops
    where another seat must act (the invitees' answers). Raises IntentError, changing nothing, when
    no proposal is being begun by `seat` or any part of the intent is impossible.
    """
    neg = _building(state, seat)
    if neg is None:
        raise IntentError("there is no proposal for this seat to make now")
    texts = _plan(state, seat, neg, intent)
    trial = state.copy()
    done: list[str] = []
    for text in texts:
        if trial.current_player() != seat:
            break
        legal = {str(a) for a in trial.legal_actions()}
        if text not in legal:
            raise IntentError(f"{text!r} is not possible at {trial.decision_name()!r}")
        trial.apply(text)
        done.append(text)
    return done
