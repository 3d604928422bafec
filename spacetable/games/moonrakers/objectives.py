"""Objectives (§6): conditions as data and the automatic claims at the two check points (6.3, R10).

Each objective's ``condition`` in data/objectives.json uses a small vocabulary, validated at import
(a bad one raises `DataError` naming file, card and field). Four kinds, by when they are checked (6.4.1):

- ``{"type": "contract", ...}`` — the contract just executed; checked only after an execution
  (3.4.9 step 4), for its participants. Optional filters: ``success`` (true: must succeed, false:
  must fail, absent: "even if you fail"), ``role`` (``"ml"`` / ``"ally"``), ``solo`` (no allies and no
  Mercenary card, 6.4.2), ``kind`` (kill, rescue, explore, delivery), ``every_player`` (every other
  player participates), ``ml_most_prestige`` (the ML has the most Prestige, ties count),
  ``no_reward`` (an ally whose deal share is 0/0/0 and who does not take the faction reward),
  ``min`` / ``max`` (bounds on per-contract counters, see `CONTRACT_COUNTERS`), ``greater``
  (``[a, b]``: counter a > counter b) and ``solo_game`` (a contract condition used instead in a
  1-player game, 8.8).
- ``{"type": "parts", "min": {brand: n}}`` — installed parts per brand (state; both points).
- ``{"type": "deck", "min": n}`` — cards in hand + draw pile + discard pile (state; both points).
- ``{"type": "reputation", "one": a, "others": b}`` — reputation a with one faction in play and b with
  every other (state; both points).
- ``{"type": "turn", "ml_only": bool, "min": {counter: n}}`` — end of turn only; counters ``credits``
  and ``fifth_parts_bought`` (parts bought this turn while 4 were installed; requires ``ml_only``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NoReturn

from spacetable.engine.errors import DataError
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers.cards import CONTRACT_KINDS, FACTIONS, Catalog

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import Execution, MoonrakersState, Seat

AFTER_EXECUTION: Final = 0
END_OF_TURN: Final = 1

FILE = "moonrakers/data/objectives.json"
MAX_COUNT: Final = 50
"""Largest number a condition may name (printed: at most 20, Hoarder's cards)."""

Counter = Callable[["Execution", "Seat"], int]


def _played(t: int) -> Counter:
    def count(ex: Execution, st: Seat) -> int:
        return st.played[t]  # cards counted as type t, incl. played-as (6.4.3, 2.5)
    return count


def _attr(name: str) -> Counter:
    def count(ex: Execution, st: Seat) -> int:
        return int(getattr(st, name))
    return count


def _damage_total(ex: Execution, st: Seat) -> int:
    return st.damage + ex.damage_bonus * st.dmg_cards  # 6.4.3, Kary Powalk (OQ 4)


def _dice(ex: Execution, st: Seat) -> int:
    return len(st.dice)  # 6.4.4


def _merc_cards(ex: Execution, st: Seat) -> int:
    return ex.merc_basic + ex.merc_crew  # 8.8


CONTRACT_COUNTERS: Final[dict[str, Counter]] = {
    "reactor_cards": _played(0), "thruster_cards": _played(1), "shield_cards": _played(2),
    "damage_cards": _played(3), "crew_cards": _played(4),
    "damage_total": _damage_total,
    "dice": _dice,
    "hand_cards": _attr("cards"),  # cards this participant put into play (never Mercenary cards)
    "merc_cards": _merc_cards,
    **{k: _attr(k) for k in ("rep_gained", "rep_spent", "rep_credits", "rep_draws", "rep_actions",
                             "rep_objectives")},
}
"""Per-contract counters a contract condition may bound (for the participant being checked)."""

TURN_COUNTERS: Final = ("credits", "fifth_parts_bought")

CONTRACT: Final = 0
PARTS: Final = 1
DECK: Final = 2
REPUTATION: Final = 3
TURN: Final = 4
KIND_NAMES: Final = ("contract", "parts", "deck", "reputation", "turn")

_CONTRACT_KEYS: Final = {"type", "success", "role", "solo", "kind", "every_player", "ml_most_prestige",
                         "no_reward", "min", "max", "greater", "solo_game"}
_KEYS: Final = {
    "contract": _CONTRACT_KEYS,
    "parts": {"type", "min"},
    "deck": {"type", "min"},
    "reputation": {"type", "one", "others"},
    "turn": {"type", "ml_only", "min"},
}


class Condition:
    """A compiled objective condition (see the module docstring for the data form)."""

    __slots__ = ("kind", "success", "role", "solo", "contract_kind", "every_player", "ml_most_prestige",
                 "no_reward", "mins", "maxs", "greater", "solo_game", "brands", "deck_min", "rep_one",
                 "rep_others", "ml_only", "credits_min", "fifth_min", "parts_needed")

    def __init__(self, kind: int) -> None:
        self.kind = kind
        self.success: bool | None = None
        self.role = ""  # "", "ml" or "ally"
        self.solo = False
        self.contract_kind = ""
        self.every_player = False
        self.ml_most_prestige = False
        self.no_reward = False
        self.mins: tuple[tuple[Counter, int], ...] = ()
        self.maxs: tuple[tuple[Counter, int], ...] = ()
        self.greater: tuple[Counter, Counter] | None = None
        self.solo_game: Condition | None = None
        self.brands: tuple[tuple[str, int], ...] = ()
        self.deck_min = 0
        self.rep_one = 0
        self.rep_others = 0
        self.ml_only = False
        self.credits_min = 0
        self.fifth_min = 0
        self.parts_needed = 0  # sum of the brand minimums (an early exit in checks)

    def checked_at(self, point: int) -> bool:
        """6.4.1: contract conditions after an execution, turn conditions at end of turn, state at both."""
        if self.kind == CONTRACT:
            return point == AFTER_EXECUTION
        if self.kind == TURN:
            return point == END_OF_TURN
        return True


# ------------------------------------------------------------------------------- validation
class _Reader:
    def __init__(self, file: str, card: str, prefix: str = "condition") -> None:
        self.file, self.card, self.prefix = file, card, prefix

    def fail(self, field: str, message: str) -> NoReturn:
        raise DataError(self.file, self.card, f"{self.prefix}.{field}" if field else self.prefix, message)

    def boolean(self, raw: dict[str, Any], key: str) -> bool:
        v = raw.get(key, False)
        if not isinstance(v, bool):
            self.fail(key, f"must be true or false, not {v!r}")
        return v

    def count(self, v: Any, field: str) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_COUNT:
            self.fail(field, f"must be an integer from 0 to {MAX_COUNT}, not {v!r}")
        return v

    def counts(self, raw: dict[str, Any], key: str, allowed: tuple[str, ...]) -> list[tuple[str, int]]:
        v = raw.get(key, {})
        if not isinstance(v, dict) or (key in raw and not v):
            self.fail(key, f"must be a non-empty object of counts, not {v!r}")
        out = []
        for name, n in v.items():
            if name not in allowed:
                self.fail(f"{key}.{name}", f"unknown counter (allowed: {', '.join(allowed)})")
            out.append((name, self.count(n, f"{key}.{name}")))
        return out


def compile_condition(raw: Any, card: str, file: str = FILE, prefix: str = "condition") -> Condition:
    """Validate one objective's condition and compile it; raises `DataError` naming file, card, field."""
    r = _Reader(file, card, prefix)
    if not isinstance(raw, dict):
        r.fail("", f"must be an object, not {raw!r}")
    if "type" not in raw:
        r.fail("type", f"missing (allowed: {', '.join(KIND_NAMES)})")
    t = raw["type"]
    if t not in KIND_NAMES:
        r.fail("type", f"unknown condition type {t!r} (allowed: {', '.join(KIND_NAMES)})")
    for key in raw:
        if key not in _KEYS[t]:
            r.fail(str(key), f"unknown field for a {t} condition (allowed: {', '.join(sorted(_KEYS[t]))})")
    c = Condition(KIND_NAMES.index(t))
    if t == "contract":
        if "success" in raw:
            c.success = r.boolean(raw, "success")
        role = raw.get("role", "")
        if role not in ("", "ml", "ally"):
            r.fail("role", f"must be 'ml' or 'ally', not {role!r}")
        c.role = role
        c.solo = r.boolean(raw, "solo")
        kind = raw.get("kind", "")
        if not isinstance(kind, str) or kind and kind not in CONTRACT_KINDS:
            r.fail("kind", f"unknown contract kind {kind!r} (allowed: {', '.join(CONTRACT_KINDS)})")
        c.contract_kind = kind
        c.every_player = r.boolean(raw, "every_player")
        c.ml_most_prestige = r.boolean(raw, "ml_most_prestige")
        c.no_reward = r.boolean(raw, "no_reward")
        names = tuple(CONTRACT_COUNTERS)
        c.mins = tuple((CONTRACT_COUNTERS[k], n) for k, n in r.counts(raw, "min", names))
        c.maxs = tuple((CONTRACT_COUNTERS[k], n) for k, n in r.counts(raw, "max", names))
        if "greater" in raw:
            g = raw["greater"]
            if not (isinstance(g, list) and len(g) == 2
                    and all(isinstance(x, str) and x in CONTRACT_COUNTERS for x in g)):
                r.fail("greater", f"must be a list of two counters ({', '.join(names)}), not {g!r}")
            c.greater = (CONTRACT_COUNTERS[g[0]], CONTRACT_COUNTERS[g[1]])
        if "solo_game" in raw:
            sub = compile_condition(raw["solo_game"], card, file, prefix + ".solo_game")
            if sub.kind != CONTRACT or sub.solo_game is not None:
                r.fail("solo_game", "must be a contract condition without its own solo_game")
            c.solo_game = sub
        if c.solo and c.role == "ally":
            r.fail("solo", "a solo contract has no allies")
    elif t == "parts":
        if "min" not in raw:
            r.fail("min", "missing")
        c.brands = tuple(r.counts(raw, "min", FACTIONS))
        c.parts_needed = sum(n for _, n in c.brands)
    elif t == "deck":
        c.deck_min = r.count(raw.get("min"), "min")
    elif t == "reputation":
        c.rep_one = r.count(raw.get("one"), "one")
        c.rep_others = r.count(raw.get("others"), "others")
    else:
        c.ml_only = r.boolean(raw, "ml_only")
        if "min" not in raw:
            r.fail("min", "missing")
        mins = dict(r.counts(raw, "min", TURN_COUNTERS))
        c.credits_min = mins.get("credits", 0)
        c.fifth_min = mins.get("fifth_parts_bought", 0)
        if "fifth_parts_bought" in mins and not c.ml_only:
            r.fail("min.fifth_parts_bought", "only the Mission Leader buys parts: needs \"ml_only\": true")
    return c


def compile_catalog(cat: Catalog, file: str = FILE) -> tuple[Condition, ...]:
    """Compiled conditions of every objective of a catalog, indexed by objective id."""
    return tuple(compile_condition(o.condition, o.name, file) for o in cat.objectives)


CONDITIONS: Final[tuple[Condition, ...]] = compile_catalog(A.CAT)


# ------------------------------------------------------------------------------- evaluation
def _contract_holds(s: MoonrakersState, c: Condition, seat: int) -> bool:
    ex = s.ex
    if ex is None or seat not in ex.seats:
        return False
    if s.n == 1 and c.solo_game is not None:  # 8.8: solo-game special cases (Utopia, Saboteur)
        c = c.solo_game
    if c.success is not None and ex.success != c.success:
        return False
    is_ml = seat == ex.order[0]
    if c.role == "ml" and not is_ml or c.role == "ally" and is_ml:
        return False
    if c.solo and (len(ex.order) > 1 or ex.merc_basic or ex.merc_crew):  # 3.3.5, 6.4.2
        return False
    if c.contract_kind and A.CAT.contracts[ex.contract].kind != c.contract_kind:
        return False
    if c.every_player and len(ex.order) < s.n:
        return False
    if c.ml_most_prestige:
        ml_prestige = s.players[ex.order[0]].prestige
        if any(p.prestige > ml_prestige for p in s.players):
            return False
    if c.no_reward:
        i = ex.order.index(seat)
        faction_reward = A.CAT.contracts[ex.contract].faction is not None and ex.rep_faction_to == seat
        if any(ex.deal[i]) or faction_reward:  # the negotiated terms (glossary "No reward")
            return False
    st = ex.seats[seat]
    for fn, n in c.mins:
        if fn(ex, st) < n:
            return False
    for fn, n in c.maxs:
        if fn(ex, st) > n:
            return False
    return c.greater is None or c.greater[0](ex, st) > c.greater[1](ex, st)


def _rep_holds(s: MoonrakersState, c: Condition, seat: int) -> bool:
    p = s.players[seat]
    factions = [s.players[j].faction for j in range(s.n) if j != seat]
    if not factions:
        return False
    values = [p.rep[f] for f in factions]
    for i, v in enumerate(values):
        if v == c.rep_one and all(w == c.rep_others for j, w in enumerate(values) if j != i):
            return True
    return False


def holds(s: MoonrakersState, seat: int, objective: int, point: int) -> bool:
    """Whether `seat` meets the objective's condition at this check point (6.4)."""
    c = CONDITIONS[objective]
    if not c.checked_at(point):
        return False
    return _holds(s, seat, c)


def _holds(s: MoonrakersState, seat: int, c: Condition) -> bool:
    k = c.kind
    if k == CONTRACT:
        return _contract_holds(s, c, seat)
    p = s.players[seat]
    if k == PARTS:
        if len(p.parts) < c.parts_needed:  # cheap early exit: most ships hold too few parts
            return False
        counts = [0, 0, 0, 0, 0]
        for x in p.parts:
            counts[PART_BRAND[x]] += 1
        return all(counts[FACTION_INDEX[brand]] >= n for brand, n in c.brands)
    if k == DECK:
        return p.deck_size() >= c.deck_min
    if k == REPUTATION:
        return _rep_holds(s, c, seat)
    if c.ml_only and seat != s.ml:  # TURN
        return False
    return p.credits >= c.credits_min and (not c.fifth_min or s.bought_parts >= c.fifth_min)


def check(s: MoonrakersState, point: int) -> None:
    """Claim every held objective whose condition holds, seat order from the ML (6.3, R10).

    All conditions are read first (the claims happen at once), then each claim is revealed, gives its
    holder 1 Prestige and leaves play.
    """
    claims: list[tuple[int, int]] = []
    n = s.n
    active = CHECKED_AT[point]
    ex = s.ex
    for i in range(n):
        seat = (s.ml + i) % n
        p = s.players[seat]
        participant = ex is not None and seat in ex.seats
        n_parts = len(p.parts)
        for o in p.objectives:
            c = active[o]
            if c is None:
                continue
            k = c.kind  # cheap exits before the full test: most held objectives are far from met
            if k == CONTRACT and not participant or k == PARTS and n_parts < c.parts_needed:
                continue
            if _holds(s, seat, c):
                claims.append((seat, o))
    for seat, o in claims:
        p = s.players[seat]
        p.objectives.remove(o)
        p.claimed.append(o)
        p.prestige += 1
        s.emit("6.3", "objective", seat, o)


CHECKED_AT: Final[tuple[tuple[Condition | None, ...], ...]] = tuple(
    tuple(c if c.checked_at(point) else None for c in CONDITIONS) for point in (AFTER_EXECUTION, END_OF_TURN)
)
"""Per check point, each objective's condition when it is checked there (else None), for speed."""

PART_BRAND: Final[tuple[int, ...]] = tuple(FACTIONS.index(part.brand) for part in A.CAT.parts)
"""Faction index of each part's brand (for the part-brand conditions)."""
FACTION_INDEX: Final = {f: i for i, f in enumerate(FACTIONS)}
