"""What the cards do, read from their data: the one query API over card effects that the advisor, the
coach and the bots read (never the raw ops, never a table keyed by a card's name).

- `card_alternatives(card)`: every way an action-deck card can resolve when played, as `Effect`s (what
  it adds to each requirement, Actions, draws, reductions, blocks, trashing), from the basic card's
  rule (2.3) or the crew card's ops (the effect vocabulary, effect_ops.py)
- ship parts: `static_reduction` (the requirement a part lowers at the start of every contract),
  `use_ops` (what its activated ability does), `blocks_die`, `trashes_from_hand`, `adds_own_die`
  (what using it does to the hazard dice or the hand, from its ops or, for a named hook, its bot hint)
- objectives: `solo_kind` (the contract kind an objective rewards completing alone)

Hand-set judgements the effects do not hold (what a card is worth to a bot) are the cards' bot hints
(`hints.py`, the `bot` field of each card).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.cards import BASIC, REQ_TYPES, Objective, Part

R, T, S, D, C = range(5)


class Effect:
    """What playing one action-deck card does, from its data (2.3, 2.4, 2.5)."""

    __slots__ = ("pool", "actions", "draw", "reduce", "reduce_any", "block", "branches", "trash_hand",
                 "trash_optional", "trash_top")

    def __init__(self) -> None:
        self.pool = [0, 0, 0, 0, 0]
        self.actions = 0
        self.draw = 0
        self.reduce = [0, 0, 0, 0, 0]
        self.reduce_any = 0
        self.block = 0
        self.branches: list[Effect] = []
        self.trash_hand = False
        self.trash_optional = True
        self.trash_top = 0

    def merged(self, other: Effect) -> Effect:
        e = Effect()
        e.pool = [a + b for a, b in zip(self.pool, other.pool, strict=True)]
        e.reduce = [a + b for a, b in zip(self.reduce, other.reduce, strict=True)]
        e.actions = self.actions + other.actions
        e.draw = self.draw + other.draw
        e.reduce_any = self.reduce_any + other.reduce_any
        e.block = self.block + other.block
        e.trash_hand = self.trash_hand or other.trash_hand
        e.trash_optional = self.trash_optional and other.trash_optional
        e.trash_top = self.trash_top + other.trash_top
        return e

    def alternatives(self) -> list[Effect]:
        """The effect with each choice resolved one way (no choice: itself)."""
        if not self.branches:
            return [self]
        base = Effect().merged(self)
        return [base.merged(b) for br in self.branches for b in br.alternatives()]


def _basic_effect(card: int) -> Effect:
    e = Effect()
    slug = BASIC[card]
    if slug == "reactor":
        e.pool[R], e.actions = 1, 2
    elif slug == "thruster":
        e.pool[T], e.draw = 1, 2
    elif slug == "shield":
        e.pool[S], e.block = 1, 1
    elif slug.startswith("damage-"):
        e.pool[D] = int(slug[-1])
    return e


def _play_as(e: Effect, type_name: str, n: int | None) -> None:
    if type_name == "damage":
        e.pool[D] += n or 1
    elif type_name in REQ_TYPES:
        t = REQ_TYPES.index(type_name)
        e.pool[t] += 1
        if t == R:
            e.actions += 2
        elif t == T:
            e.draw += 2
        elif t == S:
            e.block += 1


def ops_effect(ops: list[Any] | tuple[Any, ...]) -> Effect:
    """Read a crew card's op list (the effect vocabulary, effect_ops.py) into an Effect; unknown ops add
    nothing."""
    e = Effect()
    for op in ops:
        if not isinstance(op, Mapping):
            continue
        kind = op.get("op")
        n = op.get("n")
        k = n if isinstance(n, int) else 1
        if kind == "actions":
            e.actions += k
        elif kind == "draw":
            e.draw += k
        elif kind == "play_as":
            t = op.get("type") or op.get("card")
            if isinstance(t, str) and t.startswith("damage-") and t[-1].isdigit():
                _play_as(e, "damage", int(t[-1]))
            elif isinstance(t, str):
                _play_as(e, t, n if isinstance(n, int) else None)
        elif kind == "reduce":
            t = op.get("type")
            if t in REQ_TYPES:
                e.reduce[REQ_TYPES.index(t)] += k
        elif kind == "reduce_any":
            e.reduce_any += k
        elif kind == "block":
            e.block += k
        elif kind == "trash_hand":
            e.trash_hand = True
            e.trash_optional = bool(op.get("optional", True))
        elif kind == "trash_top":
            e.trash_top += 1
        elif kind == "choose":
            options = op.get("options")
            if isinstance(options, list):
                e.branches.append(_branch_set([ops_effect(o) for o in options if isinstance(o, list)]))
    return e


def _branch_set(options: list[Effect]) -> Effect:
    holder = Effect()
    holder.branches = options
    return holder


def _crew_effect(crew: int) -> Effect:
    e = ops_effect(A.CAT.crew[crew].effects)
    e.pool[C] += 1
    return e


@cache
def card_alternatives(card: int) -> tuple[Effect, ...]:
    """Every way card `card` (an action-deck id) can resolve when played."""
    e = _basic_effect(card) if card < A.CREW_BASE else _crew_effect(card - A.CREW_BASE)
    return tuple(e.alternatives())


# ---------------------------------------------------------------------------------------- ship parts
def static_reduction(part: Part) -> tuple[int, int]:
    """(requirement type, n) a part lowers at the start of every contract (3.4.2), or (-1, 0)."""
    for e in part.effects:
        if isinstance(e, dict) and e.get("op") == "at_start" and not e.get("if_hand_lacks"):
            for op in e.get("effects", []):
                if isinstance(op, dict) and op.get("op") == "reduce" and op.get("type") in REQ_TYPES:
                    n = op.get("n", 1)
                    return REQ_TYPES.index(op["type"]), n if isinstance(n, int) else 1
    return -1, 0


def use_ops(part: Part) -> list[dict[str, Any]]:
    """The ops its activated ability (`use`, 3.4.3b) carries out; [] for none or a named hook."""
    out: list[dict[str, Any]] = []
    for e in part.effects:
        if isinstance(e, dict) and e.get("op") == "use":
            out.extend(op for op in e.get("effects", []) if isinstance(op, dict))
    return out


def is_hooked(part: Part) -> bool:
    """True when a named hook (Python, not ops) carries out the part's ability."""
    return any(isinstance(e, dict) and e.get("op") == "hook" for e in part.effects)


def blocks_die(part: Part) -> bool:
    """Does using the part block a hazard die (its ability is a block; a hook: its hint)?"""
    return {str(o.get("op")) for o in use_ops(part)} == {"block"} or part.bot.blocks_die


def trashes_from_hand(part: Part) -> bool:
    """Does using the part trash a card from its owner's hand (paid by trashing; a hook: its hint)?"""
    return any(isinstance(e, dict) and e.get("op") == "use" and isinstance(e.get("pay"), dict)
               and "trash_any" in e["pay"] for e in part.effects) or part.bot.trashes_from_hand


def adds_own_die(part: Part) -> bool:
    """Does each use add a hazard die against its user (a hook's hint)?"""
    return part.bot.adds_own_die


# ---------------------------------------------------------------------------------------- objectives
def solo_kind(objective: Objective) -> str:
    """The contract kind the objective rewards completing alone (its condition), or ""."""
    cond = objective.condition
    if cond.get("type") == "contract" and cond.get("solo") and cond.get("kind") and cond.get("success", True):
        return str(cond["kind"])
    return ""
