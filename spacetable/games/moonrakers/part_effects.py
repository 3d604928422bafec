"""Ship-part abilities (5.5, 5.6, R13): interpreted from the `effects` lists in data/ship_parts.json.

Each part's `effects` is a list of ops, validated and compiled once at import (a bad spec raises
`DataError(file, part, "effects[i].field", message)`). A part works only while its owner participates
(R13); "once per contract" marks live in `Seat.used` (a fresh Seat every execution, 3.4.2).

Top-level ops (what triggers, or what is changed for good):
  fewer_dice {n}                      the owner rolls n hazard dice fewer (3.4.1, R21)
  hand_size {n}                       Player.hand_size while installed (2.10; used at the next refill)
  stay_credits {n}                    Stay at Base gives n credits instead of 1 (3.2.4b)
  free_play {card, first?, everyone?} the card (a basic slug or "damage") costs 0 Actions; `first`:
                                      only while no card of its type was counted yet (OQ 17);
                                      `everyone`: for every participant while the owner takes part
  at_start {effects, if_hand_lacks?, ml_only?}  at 3.4.2, in seat order from the ML (R25)
  on_play {type, nth?, effects}       each card the owner puts into play counted as `type` (a
                                      requirement type, or "miss" for a plain Miss), played-as included
                                      (2.5, OQ 17); `nth` = only the nth one of the contract
  at_check {unless_played?, effects}  at the success check (3.4.9.1)
  on_discard / on_trash {card, effects}  a card of that kind leaves the owner's hand during an
                                      execution (OQ 22)
  use {cost, once?, pay?, effects}    an activated ability, `use <slug>` (3.4.3b); cost = Actions, or
                                      "play" = the normal play cost of the card it plays
  hook {name}                         behaviour in Python: PART_HOOKS[name] (Binding Ties parts)
Payments (`pay`, exactly one kind): discard [cards] | discard_any n (+ except card) |
  discard_same n | discard_up_to n | trash_any n — chosen card by card (Choice frames).
Instant ops (`effects` lists, run in order; ops that ask a choice come last, only in on_play or use):
  actions {n, who?, per?} / draw {n, who?, per?}   who: self|allies (R24); per: ally|die; n may be
                                      "paid" (cards paid by discard_up_to)
  reduce {type, n}                    requirement target −n for this contract (3.4.6)
  block {n}                           +n blocks (3.4.8)
  pool {type, n}                      +n to the pool without a card (Duo 1000's second Shield, OQ 18)
  deal {n}                            deal n Damage (2.6)
  play_as {card | choose, optional?}  a virtual card of that basic kind counts as played, with its
                                      effect (OQ 19, OQ 30); `choose` asks which
  gain_card {card}                    a new card from the supply into the discard pile
  play_boosted {card, value}          play that Damage card from hand counting `value` Damage (OQ 21)
  discard_die {optional?}             discard a hazard die targeting the owner (Ghost, OQ 31)
  siphon                              +1 Action per die this Shield left fully blocked (OQ 31); alone,
                                      in an on_play of type shield
  replay_crew {cost}                  play a Crew card of the owner's play area again (OQ 28)

PART_HOOKS (Binding Ties parts, spec [{"op": "hook", "name": "<slug>"}]): `PART_HOOKS[slug] =
SomeHook()` where SomeHook subclasses `PartHook` and overrides what its part does (all get the state,
the owner's seat and the part id): `contract_start` (3.4.2), `usable` + `use` (an activated
`use <slug>`: `use` pays its costs and may push `choices.Choice` frames), `after_play` (on-play
triggers), `after_die` (a die rolled with `HazardDie(seat, hook=<slug>)`), `modify(key, value)` (costs
and ratios that other modules ask through `modify(s, seat, key, value)`, e.g. key "trade-ratio").
A hook name with nothing registered does nothing. `DIE_HOOKS[name] = fn(s, seat, icons)` serves extra
dice rolled by non-part effects. Once-per-contract marks: `is_used` / `mark_used` (key USED_BASE+part).
A hook's `contract_start` must not push frames (the play rounds' frame is pushed after it).

Follow-up choices (Choice keys and actions): part.pay — `discard <card>` / `trash <card>` (cards in id
order, so each set of cards is one path) and `done` for "up to"; part.play-as — `choose <basic>` (and
`skip` when optional); part.discard-die — `target <die number>` (one per distinct icon count), `skip`;
part.replay-crew — `choose <crew>`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from spacetable.engine.action import Action
from spacetable.engine.errors import DataError
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import text
from spacetable.games.moonrakers.cards import BASIC, BASIC_NAMES, DMG1, MISS, REQ_TYPES, Part
from spacetable.games.moonrakers.choices import Choice, handler
from spacetable.games.moonrakers.frames import Frame
from spacetable.games.moonrakers.zones import draw

if TYPE_CHECKING:
    from spacetable.games.moonrakers.state import MoonrakersState, Seat

FILE = "moonrakers/data/ship_parts.json"
R_REACTOR, R_THRUSTER, R_SHIELD, R_DAMAGE, R_CREW = range(5)
T_MISS = 5  # on_play type for a plain Miss
BASIC_TYPE = (R_REACTOR, R_THRUSTER, R_SHIELD, R_DAMAGE, R_DAMAGE, R_DAMAGE, -1)
USED_BASE = 100_000
"""`Seat.used` key of a part's once-per-contract use: USED_BASE + part id."""
SHARED_BASE = 200_000
"""`Seat.used` key marking an `everyone` free play granted by a participant's part: SHARED_BASE + part id."""
PAID = -1  # amount "paid": the number of cards paid
COST_PLAY = -1  # use cost "play": the normal play cost of the played card
GROUPS: dict[str, tuple[int, ...]] = {b: (i,) for i, b in enumerate(BASIC)} | {"damage": (3, 4, 5)}
TYPES: dict[str, int] = {t: i for i, t in enumerate(REQ_TYPES)}


# ------------------------------------------------------------------------------ compiled specs
@dataclass(frozen=True, slots=True)
class Op:
    """An instant effect (see the module docstring)."""

    op: str
    n: int = 0
    t: int = -1  # requirement type (reduce, pool) or basic card id (play_as, gain_card, play_boosted)
    allies: bool = False
    per: str = ""
    choose: tuple[int, ...] = ()
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Free:
    mask: int  # bits of basic card ids
    first: int  # requirement type that must not have been counted yet, or -1
    everyone: bool


@dataclass(frozen=True, slots=True)
class Trigger:
    """at_start / on_play / at_check / on_discard / on_trash."""

    effects: tuple[Op, ...]
    t: int = -1  # on_play type, at_check unless_played type
    nth: int = 0
    mask: int = 0  # on_discard/on_trash cards; at_start if_hand_lacks cards
    ml_only: bool = False


@dataclass(frozen=True, slots=True)
class Pay:
    kind: str  # "", discard, discard_any, discard_same, discard_up_to, trash_any
    n: int = 0
    cards: tuple[int, ...] = ()
    exclude: int = 0  # mask of cards discard_any may not take
    need: tuple[tuple[int, int], ...] = ()  # discard: (card, copies) pairs


@dataclass(frozen=True, slots=True)
class Use:
    cost: int
    once: bool
    pay: Pay
    effects: tuple[Op, ...]
    card: int  # the card play_boosted plays (it must be in hand), or -1
    replay: int  # the Action cost of a replay_crew effect, or -1


@dataclass(frozen=True, slots=True)
class PartFx:
    fewer_dice: int = 0
    hand_size: int = 0
    stay_credits: int = 0
    free: tuple[Free, ...] = ()
    start: tuple[Trigger, ...] = ()
    on_play: tuple[Trigger, ...] = ()
    at_check: tuple[Trigger, ...] = ()
    on_discard: tuple[Trigger, ...] = ()
    on_trash: tuple[Trigger, ...] = ()
    use: Use | None = None
    hook: str = ""


# ------------------------------------------------------------------------------ validation
class _Spec:
    """Reads one op dict, failing with DataError(file, part, 'effects[i].field')."""

    def __init__(self, part: str, where: str, raw: Any, required: tuple[str, ...],
                 optional: tuple[str, ...] = ()) -> None:
        self.part, self.where = part, where
        if not isinstance(raw, dict):
            self.fail("", f"must be an object, not {raw!r}")
        self.raw = raw
        for f in required:
            if f not in raw:
                self.fail(f, "missing field")
        for f in raw:
            if f != "op" and f not in required and f not in optional:
                self.fail(str(f), f"unknown field for op {raw.get('op')!r}")

    def fail(self, field: str, msg: str) -> Any:
        raise DataError(FILE, self.part, self.where + ("." + field if field else ""), msg)

    def has(self, f: str) -> bool:
        return f in self.raw

    def int_(self, f: str, default: int = 0, paid: bool = False) -> int:
        v = self.raw.get(f, default)
        if paid and v == "paid":
            return PAID
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            extra = ' or "paid"' if paid else ""
            self.fail(f, f"must be a non-negative integer{extra}, not {v!r}")
        return int(v)

    def bool_(self, f: str) -> bool:
        v = self.raw.get(f, False)
        if not isinstance(v, bool):
            self.fail(f, f"must be true or false, not {v!r}")
        return bool(v)

    def choice(self, f: str, allowed: dict[str, Any] | tuple[str, ...], default: str | None = None) -> str:
        v = self.raw.get(f, default)
        if v not in allowed:
            self.fail(f, f"unknown value {v!r} (allowed: {', '.join(allowed)})")
        return str(v)

    def group(self, f: str) -> int:
        mask = 0
        for c in GROUPS[self.choice(f, GROUPS)]:
            mask |= 1 << c
        return mask

    def groups(self, f: str) -> int:
        v = self.raw.get(f)
        if not isinstance(v, list) or not v:
            self.fail(f, f"must be a non-empty list of cards, not {v!r}")
        mask = 0
        for x in v:
            if x not in GROUPS:
                self.fail(f, f"unknown card {x!r} (allowed: {', '.join(GROUPS)})")
            for c in GROUPS[x]:
                mask |= 1 << c
        return mask

    def basic(self, f: str, allowed: tuple[str, ...] = BASIC) -> int:
        return BASIC.index(self.choice(f, allowed))


TOP_OPS = ("fewer_dice", "hand_size", "stay_credits", "free_play", "at_start", "on_play", "at_check",
           "on_discard", "on_trash", "use", "hook")
INSTANT_OPS = ("actions", "draw", "reduce", "block", "pool", "deal", "play_as", "gain_card", "play_boosted",
               "discard_die", "siphon", "replay_crew")
CHOICE_OPS = ("discard_die", "replay_crew")
PLAYABLE = ("reactor", "thruster", "shield", "damage-1", "damage-2", "damage-3")
PAY_KINDS = ("discard", "discard_any", "discard_same", "discard_up_to", "trash_any")
_SLUG_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


def _instants(part: str, where: str, raw: Any, ctx: str, paid_ok: bool = False) -> tuple[Op, ...]:
    """Compile an `effects` list. ctx: the trigger kind (choices only in on_play and use)."""
    if not isinstance(raw, list) or not raw:
        raise DataError(FILE, part, where, f"must be a non-empty list of effect ops, not {raw!r}")
    out: list[Op] = []
    for i, r in enumerate(raw):
        w = f"{where}[{i}]"
        op = r.get("op") if isinstance(r, dict) else None
        if op not in INSTANT_OPS:
            raise DataError(FILE, part, w + ".op",
                            f"unknown effect op {op!r} (allowed: {', '.join(INSTANT_OPS)})")
        asks = op in CHOICE_OPS or (op == "play_as" and isinstance(r, dict) and "choose" in r)
        if asks and ctx not in ("on_play", "use"):
            raise DataError(FILE, part, w + ".op", f"{op!r} asks a choice: only in on_play or use effects")
        if asks and i != len(raw) - 1:
            raise DataError(FILE, part, w + ".op", f"{op!r} asks a choice: it must be the last effect")
        if op in ("actions", "draw"):
            sp = _Spec(part, w, r, ("n",), ("who", "per"))
            n = sp.int_("n", paid=paid_ok)
            who = sp.choice("who", ("self", "allies"), "self")
            per = sp.choice("per", ("ally", "die")) if sp.has("per") else ""
            out.append(Op(op, n, allies=who == "allies", per=per))
        elif op in ("reduce", "pool"):
            sp = _Spec(part, w, r, ("type", "n"))
            out.append(Op(op, sp.int_("n"), TYPES[sp.choice("type", TYPES)]))
        elif op in ("block", "deal"):
            sp = _Spec(part, w, r, ("n",))
            out.append(Op(op, sp.int_("n")))
        elif op == "play_as":
            sp = _Spec(part, w, r, (), ("card", "choose", "optional"))
            if sp.has("card") == sp.has("choose"):
                sp.fail("card", "give exactly one of card or choose")
            if sp.has("card"):
                out.append(Op(op, t=sp.basic("card", PLAYABLE)))
            else:
                ch = r["choose"]
                if not isinstance(ch, list) or not ch or any(c not in PLAYABLE for c in ch):
                    sp.fail("choose", f"must be a non-empty list drawn from {', '.join(PLAYABLE)}")
                out.append(Op(op, choose=tuple(BASIC.index(c) for c in ch), optional=sp.bool_("optional")))
        elif op == "gain_card":
            sp = _Spec(part, w, r, ("card",))
            out.append(Op(op, t=sp.basic("card")))
        elif op == "play_boosted":
            sp = _Spec(part, w, r, ("card", "value"))
            out.append(Op(op, sp.int_("value"), sp.basic("card", ("damage-1", "damage-2", "damage-3"))))
        elif op == "discard_die":
            sp = _Spec(part, w, r, (), ("optional",))
            out.append(Op(op, optional=sp.bool_("optional")))
        elif op == "siphon":
            _Spec(part, w, r, ())
            if ctx != "on_play:shield" or len(raw) != 1:
                raise DataError(FILE, part, w + ".op", "siphon only alone, in on_play effects of type shield")
            out.append(Op(op))
        else:  # replay_crew
            sp = _Spec(part, w, r, ("cost",))
            out.append(Op(op, sp.int_("cost")))
    return tuple(out)


def compile_part(part: str, effects: Any) -> PartFx:
    """Validate and compile one part's `effects` list (raises DataError naming the field)."""
    if not isinstance(effects, (list, tuple)):
        raise DataError(FILE, part, "effects", f"must be a list, not {effects!r}")
    kw: dict[str, Any] = {"free": [], "start": [], "on_play": [], "at_check": [], "on_discard": [],
                          "on_trash": []}
    for i, r in enumerate(effects):
        w = f"effects[{i}]"
        op = r.get("op") if isinstance(r, dict) else None
        if op not in TOP_OPS:
            raise DataError(FILE, part, w + ".op", f"unknown op {op!r} (allowed: {', '.join(TOP_OPS)})")
        if op in ("fewer_dice", "hand_size", "stay_credits"):
            kw[op] = _Spec(part, w, r, ("n",)).int_("n")
        elif op == "free_play":
            sp = _Spec(part, w, r, ("card",), ("first", "everyone"))
            mask = sp.group("card")
            first = BASIC_TYPE[GROUPS[str(r["card"])][0]] if sp.bool_("first") else -1
            if first < 0 and sp.bool_("first"):
                sp.fail("first", "a Miss has no type to be first of")
            kw["free"].append(Free(mask, first, sp.bool_("everyone")))
        elif op == "at_start":
            sp = _Spec(part, w, r, ("effects",), ("if_hand_lacks", "ml_only"))
            lacks = sp.groups("if_hand_lacks") if sp.has("if_hand_lacks") else 0
            kw["start"].append(Trigger(_instants(part, w + ".effects", r["effects"], op), mask=lacks,
                                       ml_only=sp.bool_("ml_only")))
        elif op == "on_play":
            sp = _Spec(part, w, r, ("type", "effects"), ("nth",))
            t = T_MISS if r.get("type") == "miss" else TYPES[sp.choice("type", (*REQ_TYPES, "miss"))]
            nth = sp.int_("nth")
            if nth and t == T_MISS:
                sp.fail("nth", "cannot count Miss cards")
            ctx = "on_play:shield" if t == R_SHIELD else "on_play"
            kw["on_play"].append(Trigger(_instants(part, w + ".effects", r["effects"], ctx), t=t, nth=nth))
        elif op == "at_check":
            sp = _Spec(part, w, r, ("effects",), ("unless_played",))
            t = TYPES[sp.choice("unless_played", TYPES)] if sp.has("unless_played") else -1
            kw["at_check"].append(Trigger(_instants(part, w + ".effects", r["effects"], op), t=t))
        elif op in ("on_discard", "on_trash"):
            sp = _Spec(part, w, r, ("card", "effects"))
            kw[op].append(Trigger(_instants(part, w + ".effects", r["effects"], op), mask=sp.group("card")))
        elif op == "use":
            if kw.get("use") is not None:
                raise DataError(FILE, part, w + ".op", "a part has at most one activated ability")
            kw["use"] = _use(part, w, r)
        else:  # hook
            sp = _Spec(part, w, r, ("name",))
            name = r["name"]
            if not isinstance(name, str) or not name or not set(name) <= _SLUG_CHARS:
                sp.fail("name", f"must be a slug, not {name!r}")
            kw["hook"] = name
    for k in ("free", "start", "on_play", "at_check", "on_discard", "on_trash"):
        kw[k] = tuple(kw[k])
    return PartFx(**kw)


def _use(part: str, w: str, r: Any) -> Use:
    sp = _Spec(part, w, r, ("cost", "effects"), ("once", "pay"))
    cost = COST_PLAY if r.get("cost") == "play" else sp.int_("cost")
    pay = Pay("")
    if sp.has("pay"):
        pr = r["pay"]
        kinds = [k for k in PAY_KINDS if isinstance(pr, dict) and k in pr]
        if len(kinds) != 1:
            sp.fail("pay", f"must name exactly one of {', '.join(PAY_KINDS)}")
        kind = kinds[0]
        ps = _Spec(part, w + ".pay", pr, (kind,), ("except",) if kind == "discard_any" else ())
        if kind == "discard":
            cards = pr[kind]
            if not isinstance(cards, list) or not cards or any(c not in BASIC for c in cards):
                ps.fail(kind, f"must be a non-empty list of basic cards ({', '.join(BASIC)})")
            ids = tuple(BASIC.index(c) for c in cards)
            pay = Pay(kind, len(ids), ids, need=tuple((c, ids.count(c)) for c in sorted(set(ids))))
        else:
            n = ps.int_(kind)
            if n < 1:
                ps.fail(kind, "must be at least 1")
            pay = Pay(kind, n, exclude=ps.group("except") if ps.has("except") else 0)
    effects = _instants(part, w + ".effects", r["effects"], "use", paid_ok=pay.kind == "discard_up_to")
    boosted = [e.t for e in effects if e.op == "play_boosted"]
    if cost == COST_PLAY and not boosted:
        sp.fail("cost", '"play" needs a play_boosted effect')
    replay = [e.n for e in effects if e.op == "replay_crew"]
    return Use(cost, sp.bool_("once"), pay, effects, boosted[0] if boosted else -1,
               replay[0] if replay else -1)


# ------------------------------------------------------------------------------ hooks (Binding Ties)
class PartHook:
    """Python behaviour of a part whose spec is [{"op": "hook", "name": ...}]. Override what applies."""

    def contract_start(self, s: MoonrakersState, seat: int, part: int) -> None:
        """3.4.2, called in seat order from the ML (R25)."""

    def usable(self, s: MoonrakersState, seat: int, part: int) -> bool:
        """Whether `use <slug>` is legal now for the owner (3.4.3b)."""
        return False

    def use(self, s: MoonrakersState, seat: int, part: int) -> None:
        """Carry out `use <slug>`: pay its costs; push `choices.Choice` frames for follow-ups."""

    def after_play(self, s: MoonrakersState, seat: int, part: int, card: int, t: int) -> None:
        """The owner put a card into play counted as type t (card −1: a virtual or played-as card)."""

    def after_die(self, s: MoonrakersState, seat: int, part: int, icons: int) -> None:
        """A die pushed as `HazardDie(seat, hook=<name>)` was rolled."""

    def modify(self, s: MoonrakersState, seat: int, part: int, key: str, value: int) -> int:
        """Change a cost or ratio named `key` (e.g. "trade-ratio") for the owner."""
        return value


PART_HOOKS: dict[str, PartHook] = {}
DIE_HOOKS: dict[str, Callable[[MoonrakersState, int, int], None]] = {}


def compile_catalog(parts: Iterable[Part]) -> tuple[PartFx, ...]:
    """Compile every part of a catalog (index = part id); BG and FE parts need at least one effect."""
    out = []
    for p in parts:
        fx = compile_part(p.name, p.effects)
        if not p.effects and p.set != "BT":
            raise DataError(FILE, p.name, "effects", "a BG or FE part needs at least one effect")
        out.append(fx)
    return tuple(out)


FX: tuple[PartFx, ...] = compile_catalog(A.CAT.parts)
ACTIVE = frozenset(i for i, f in enumerate(FX) if f.use is not None or f.hook)
ON_PLAY = frozenset(i for i, f in enumerate(FX) if f.on_play or f.hook)
FREE = frozenset(i for i, f in enumerate(FX) if any(not x.everyone for x in f.free))
HOOKED = frozenset(i for i, f in enumerate(FX) if f.hook)
SHARED_FREE = tuple((SHARED_BASE + i, x.mask) for i, f in enumerate(FX) for x in f.free if x.everyone)
SHARED_MASK = 0
for _k, _m in SHARED_FREE:
    SHARED_MASK |= _m


def _hook(part: int) -> PartHook | None:
    name = FX[part].hook
    return PART_HOOKS.get(name) if name else None


def is_used(st: Seat, part: int) -> bool:
    """A once-per-contract ability of `part` was used this contract (R13)."""
    return USED_BASE + part in st.used


def mark_used(st: Seat, part: int) -> None:
    st.used.append(USED_BASE + part)


def modify(s: MoonrakersState, seat: int, key: str, value: int) -> int:
    """`value` as changed by the seat's hooked parts (costs and ratios of expansion rules)."""
    for p in s.players[seat].parts:
        if p in HOOKED:
            h = _hook(p)
            if h is not None:
                value = h.modify(s, seat, p, key, value)
    return value


# ------------------------------------------------------------------------------ rule hooks
def dice_reduction(s: MoonrakersState, seat: int) -> int:
    """Dice the owner rolls fewer (Cloaking Device, 3.4.1, R21; never below 0, OQ 24)."""
    return sum(FX[p].fewer_dice for p in s.players[seat].parts)


def stay_credits(s: MoonrakersState, seat: int) -> int:
    """Credits for Stay at Base (3.2.4b; Doom 4)."""
    return max([1, *(FX[p].stay_credits for p in s.players[seat].parts)])


def _recompute_hand_size(s: MoonrakersState, seat: int) -> None:
    p = s.players[seat]
    p.hand_size = max([5, *(FX[q].hand_size for q in p.parts)])


def on_part_installed(s: MoonrakersState, seat: int, part: int) -> None:
    """Flash: hand size 6 from the next refill on (2.10, OQ 32)."""
    if FX[part].hand_size:
        _recompute_hand_size(s, seat)


def on_part_removed(s: MoonrakersState, seat: int, part: int) -> None:
    if FX[part].hand_size:
        _recompute_hand_size(s, seat)


def contract_start(s: MoonrakersState, seat: int) -> None:
    """3.4.2: start bonuses, continuous reductions and conditional draws of one participant (R25)."""
    parts = s.players[seat].parts
    if not parts:
        return
    ex = s.ex
    assert ex is not None
    for p in parts:
        fx = FX[p]
        for f in fx.free:
            if f.everyone:  # Predator mk1 (OQ 27): marks every participant
                for q in ex.order:
                    ex.seats[q].used.append(SHARED_BASE + p)
        for tr in fx.start:
            if tr.ml_only and seat != ex.order[0]:
                continue
            if tr.mask and any(tr.mask >> c & 1 for c in s.players[seat].hand if c < 7):
                continue
            _run(s, seat, p, tr.effects, 0)
        if fx.hook:
            h = PART_HOOKS.get(fx.hook)
            if h is not None:
                h.contract_start(s, seat, p)


def play_cost(s: MoonrakersState, seat: int, card: int) -> int:
    """Actions needed to play `card` from hand (2.7, R18): free plays of the owner's parts."""
    if card < 7 and SHARED_MASK >> card & 1:
        ex = s.ex
        if ex is not None:
            used = ex.seats[seat].used
            if used:
                for key, mask in SHARED_FREE:
                    if mask >> card & 1 and key in used:
                        return 0
    parts = s.players[seat].parts
    if not parts or card >= 7:
        return 1
    for p in parts:
        if p in FREE:
            for f in FX[p].free:
                if f.mask >> card & 1 and not f.everyone:
                    if f.first < 0:
                        return 0
                    ex = s.ex
                    if ex is not None and ex.seats[seat].played[f.first] == 0:
                        return 0
    return 1


def after_play(s: MoonrakersState, seat: int, card: int, t: int) -> None:
    """On-play triggers of the owner's parts for a card counted as type t (2.2, 2.5, OQ 17)."""
    parts = s.players[seat].parts
    if not parts:
        return
    siphon = False
    ex = s.ex
    assert ex is not None
    st = ex.seats[seat]
    blocks0 = st.blocks
    for p in parts:
        if p not in ON_PLAY:
            continue
        fx = FX[p]
        for tr in fx.on_play:
            if tr.t == t or (tr.t == T_MISS and t < 0 and card == MISS):
                if tr.nth and st.played[t] != tr.nth:
                    continue
                if tr.effects[0].op == "siphon":
                    siphon = True
                    continue
                _run(s, seat, p, tr.effects, 0)
        if fx.hook:
            h = PART_HOOKS.get(fx.hook)
            if h is not None:
                h.after_play(s, seat, p, card, t)
    if siphon:  # OQ 31: dice newly fully blocked by this Shield (its own block included)
        gain = _covered(st.dice, st.blocks) - _covered(st.dice, max(0, blocks0 - 1))
        if gain > 0:
            st.actions += gain
            s.emit("5.5", "actions", seat, gain)


def _covered(dice: list[int], blocks: int) -> int:
    """Dice fully blocked when blocks are spread over the dice, fewest icons first (OQ 31)."""
    n = 0
    for icons in sorted(dice):
        if icons > blocks:
            break
        blocks -= icons
        n += 1
    return n


def before_success_check(s: MoonrakersState) -> None:
    """"Upon completing" effects at the success check (3.4.9.1): MG1 Rail Gun (OQ 23)."""
    ex = s.ex
    assert ex is not None
    for seat in ex.order:
        for p in s.players[seat].parts:
            for tr in FX[p].at_check:
                if tr.t < 0 or ex.seats[seat].played[tr.t] == 0:
                    _run(s, seat, p, tr.effects, 0)


def on_discard_from_hand(s: MoonrakersState, seat: int, card: int) -> None:
    """A card discarded from hand during an execution (Swarm mk1, OQ 20, OQ 22)."""
    ex = s.ex
    if ex is None or seat not in ex.seats or card >= 7:
        return
    for p in s.players[seat].parts:
        for tr in FX[p].on_discard:
            if tr.mask >> card & 1:
                _run(s, seat, p, tr.effects, 0)


def on_trash_from_hand(s: MoonrakersState, seat: int, card: int) -> None:
    """A card trashed from hand during an execution (MG1 Kinetic, OQ 22)."""
    ex = s.ex
    if ex is None or seat not in ex.seats or card >= 7:
        return
    for p in s.players[seat].parts:
        for tr in FX[p].on_trash:
            if tr.mask >> card & 1:
                _run(s, seat, p, tr.effects, 0)


def after_die(s: MoonrakersState, seat: int, icons: int, hook: str) -> None:
    """An extra die rolled for an effect named `hook` (DIE_HOOKS, or a hooked part of that slug)."""
    fn = DIE_HOOKS.get(hook)
    if fn is not None:
        fn(s, seat, icons)
        return
    h = PART_HOOKS.get(hook)
    if h is not None and hook in A.PART_ID:
        h.after_die(s, seat, A.PART_ID[hook], icons)


# ------------------------------------------------------------------------------ activated abilities
def activated(s: MoonrakersState, seat: int) -> list[Action]:
    """`use <part>` actions the seat may take now (3.4.3b)."""
    parts = s.players[seat].parts
    if not parts:
        return []
    out = []
    for p in parts:
        if p in ACTIVE and _usable(s, seat, p):
            out.append(A.USE[p])
    return out


def _usable(s: MoonrakersState, seat: int, part: int) -> bool:
    fx = FX[part]
    u = fx.use
    if u is None:
        h = _hook(part)
        return h is not None and h.usable(s, seat, part)
    ex = s.ex
    assert ex is not None
    st = ex.seats[seat]
    if u.once and USED_BASE + part in st.used:
        return False
    hand = s.players[seat].hand
    if u.card >= 0 and u.card not in hand:
        return False
    cost = play_cost(s, seat, u.card) if u.cost == COST_PLAY else u.cost
    if st.actions < cost:
        return False
    pay = u.pay
    k = pay.kind
    if k == "discard":
        for c, n in pay.need:
            if hand.count(c) < n:
                return False
    elif k == "discard_any":
        if sum(1 for c in hand if not (c < 7 and pay.exclude >> c & 1)) < pay.n:
            return False
    elif k == "discard_same":
        if not any(hand.count(c) >= pay.n for c in set(hand)):
            return False
    elif k and not hand:  # discard_up_to, trash_any
        return False
    return u.replay < 0 or (st.actions - cost >= u.replay and any(c >= 7 for c in st.play))


def use(s: MoonrakersState, seat: int, a: Action) -> None:
    """Carry out `use <part>`: pay the cost, then the payment (card by card) and the effects."""
    part = A.PART_ID[str(a.args[0])]
    u = FX[part].use
    s.emit("5.5", "part-use", seat, part)
    if u is None:
        h = _hook(part)
        if h is not None:
            h.use(s, seat, part)
        return
    ex = s.ex
    assert ex is not None
    st = ex.seats[seat]
    cost = play_cost(s, seat, u.card) if u.cost == COST_PLAY else u.cost
    st.actions -= cost
    if u.once:
        st.used.append(USED_BASE + part)
    pay = u.pay
    if pay.kind == "discard":
        for c in pay.cards:
            _discard(s, seat, c)
        _run(s, seat, part, u.effects, len(pay.cards))
    elif pay.kind:
        _next_payment(s, seat, part, 0, 0)
    else:
        _run(s, seat, part, u.effects, 0)


def _pay_options(s: MoonrakersState, seat: int, pay: Pay, paid: int, low: int) -> list[Action]:
    """The next card to pay; cards are taken in id order (low = last id taken) so each set is one path."""
    hand = s.players[seat].hand
    k = pay.kind
    distinct = sorted(set(hand))
    if k == "discard_any":
        ok = [c for c in hand if not (c < 7 and pay.exclude >> c & 1)]
        need = pay.n - paid
        return [A.DISCARD[c] for c in distinct
                if c >= low and c in ok and sum(1 for x in ok if x >= c) >= need]
    if k == "discard_same":
        return [A.DISCARD[c] for c in distinct if hand.count(c) >= pay.n]
    if k == "discard_up_to":
        return [A.DISCARD[c] for c in distinct if c >= low] + [A.DONE]
    return [A.TRASH[c] for c in distinct if c >= low]  # trash_any


def _next_payment(s: MoonrakersState, seat: int, part: int, paid: int, low: int) -> None:
    u = FX[part].use
    assert u is not None
    pay = u.pay
    if paid >= pay.n or (pay.kind == "discard_same" and paid):
        _run(s, seat, part, u.effects, paid)
        return
    opts = _pay_options(s, seat, pay, paid, low)
    if pay.kind == "discard_up_to" and len(opts) == 1:  # nothing left to discard: only `done`
        _run(s, seat, part, u.effects, paid)
        return
    s.stack.append(PayChoice(seat, "part.pay", opts, [part, paid, low]))


class PayChoice(Choice):
    """A payment step (`part.pay`). Its options are recomputed from the hand, so a copy whose hidden
    hand was resampled by `determinize` still offers cards that hand holds (`done` if none fits)."""

    __slots__ = ()

    def legal(self, s: MoonrakersState) -> list[Action]:
        u = FX[self.data[0]].use
        assert u is not None
        paid, low = self.data[1], self.data[2]
        return (_pay_options(s, self.player, u.pay, paid, low)
                or _pay_options(s, self.player, u.pay, paid, 0) or [A.DONE])

    def vacuous(self, s: MoonrakersState) -> bool:
        return False

    def private(self, s: MoonrakersState) -> dict[str, Any]:
        return {"options": [str(a) for a in self.legal(s)]}

    def copy(self) -> Frame:
        return PayChoice(self.player, self.key, self.options.copy(), self.data.copy())


@handler("part.pay")
def _on_pay(s: MoonrakersState, ch: Choice, a: Action) -> None:
    part, paid, _ = ch.data
    seat = ch.player
    u = FX[part].use
    assert u is not None
    if a is A.DONE:
        _run(s, seat, part, u.effects, paid)
        return
    card = A.CARD_ID[str(a.args[0])]
    if a.kind == "trash":
        _trash(s, seat, card)
        paid += 1
    elif u.pay.kind == "discard_same":
        for _ in range(u.pay.n):
            _discard(s, seat, card)
        paid += u.pay.n
    else:
        _discard(s, seat, card)
        paid += 1
    _next_payment(s, seat, part, paid, card)


def _discard(s: MoonrakersState, seat: int, card: int) -> None:
    p = s.players[seat]
    p.hand.remove(card)
    p.discard.append(card)
    s.emit("2.9", "discard", seat, card)
    on_discard_from_hand(s, seat, card)  # OQ 20: Swarm mk1


def _trash(s: MoonrakersState, seat: int, card: int) -> None:
    s.players[seat].hand.remove(card)
    ex = s.ex
    if ex is not None:
        ex.trashed += 1
    s.emit("2.9", "trash", seat, card)
    on_trash_from_hand(s, seat, card)  # MG1 Kinetic


# ------------------------------------------------------------------------------ instant effects
def _run(s: MoonrakersState, seat: int, part: int, ops: tuple[Op, ...], paid: int) -> None:
    """Carry out instant effects of `part` for its owner `seat` (`paid`: cards paid, for n "paid")."""
    from spacetable.games.moonrakers import execution as X

    ex = s.ex
    assert ex is not None
    st = ex.seats[seat]
    for e in ops:
        op = e.op
        if op in ("actions", "draw"):
            n = paid if e.n == PAID else e.n
            if e.per == "ally":
                n *= len(ex.order) - 1  # OQ 26: every non-ML participant
            elif e.per == "die":
                n *= len(st.dice)  # OQ 29: dice targeting the owner after the roll
            if n <= 0:
                continue
            for q in ([x for x in ex.order if x != seat] if e.allies else [seat]):  # R24
                if op == "actions":
                    ex.seats[q].actions += n
                    s.emit("5.5", "actions", q, n)
                else:
                    draw(s, q, n)
        elif op == "reduce":
            ex.reduce[e.t] += e.n
            s.emit("3.4.6", "reduce", seat, e.t, e.n)
        elif op == "block":
            st.blocks += e.n
            s.emit("3.4.8", "block", seat, e.n)
        elif op == "pool":
            ex.pool[e.t] += e.n
            if e.t == R_DAMAGE:
                st.damage += e.n
            s.emit("5.5", "extra-count", seat, e.t, e.n)
        elif op == "deal":
            X.deal_damage(s, seat, e.n)
        elif op == "play_as":
            if e.choose:
                opts = [A.CHOOSE[c] for c in e.choose] + ([A.SKIP] if e.optional else [])
                s.stack.append(Choice(seat, "part.play-as", opts, [part]))
            else:
                _virtual(s, seat, e.t)
        elif op == "gain_card":
            s.players[seat].discard.append(e.t)
            s.emit("5.5", "gain-card", seat, e.t)
        elif op == "play_boosted":
            _play_boosted(s, seat, e.t, e.n)
        elif op == "discard_die":
            if st.dice:
                first: dict[int, int] = {}
                for i, icons in enumerate(st.dice[: len(A.TARGET)]):
                    first.setdefault(icons, i)
                opts = [A.TARGET[i] for i in sorted(first.values())] + ([A.SKIP] if e.optional else [])
                s.stack.append(Choice(seat, "part.discard-die", opts, [part]))
        elif op == "replay_crew":
            crew = sorted({c for c in st.play if c >= 7})
            if crew and st.actions >= e.n:
                s.stack.append(Choice(seat, "part.replay-crew", [A.CHOOSE[c] for c in crew], [part, e.n]))
        # "siphon" is resolved by after_play


def _virtual(s: MoonrakersState, seat: int, card: int) -> None:
    """A card of kind `card` that exists only as an effect counts as played, with its effect (OQ 19)."""
    from spacetable.games.moonrakers import execution as X

    ex = s.ex
    assert ex is not None
    s.emit("2.5", "play-as", seat, card)
    t = BASIC_TYPE[card]
    if t == R_DAMAGE:
        st = ex.seats[seat]
        X.contribute(s, st, R_DAMAGE, card - DMG1 + 1)
        st.dmg_cards += 1  # a Damage card for Kary Powalk (2.5, OQ 4)
        ex.damage_cards += 1
        from spacetable.games.moonrakers import effects

        effects.after_play(s, seat, -1, R_DAMAGE)
    else:
        X.play_as(s, seat, t)


def _play_boosted(s: MoonrakersState, seat: int, card: int, value: int) -> None:
    """Play a Damage card from hand counting `value` Damage (MG Charge Core, Quantum Driver, OQ 21)."""
    from spacetable.games.moonrakers import effects
    from spacetable.games.moonrakers import execution as X

    ex = s.ex
    assert ex is not None
    st = ex.seats[seat]
    s.players[seat].hand.remove(card)
    st.play.append(card)
    st.cards += 1
    s.emit("2.2", "play", seat, card)
    s.emit("5.5", "counts-as", seat, card, value)
    X.contribute(s, st, R_DAMAGE, value)
    st.dmg_cards += 1
    ex.damage_cards += 1
    effects.after_play(s, seat, card, R_DAMAGE)


@handler("part.play-as")
def _on_play_as(s: MoonrakersState, ch: Choice, a: Action) -> None:
    if a is not A.SKIP:
        _virtual(s, ch.player, A.CARD_ID[str(a.args[0])])


@handler("part.discard-die")
def _on_discard_die(s: MoonrakersState, ch: Choice, a: Action) -> None:
    if a is A.SKIP:
        return
    ex = s.ex
    assert ex is not None
    icons = ex.seats[ch.player].dice.pop(int(a.args[0]) - 1)
    s.emit("3.4.5", "die-discarded", ch.player, icons)


@handler("part.replay-crew")
def _on_replay_crew(s: MoonrakersState, ch: Choice, a: Action) -> None:
    """The Clone Bay (OQ 28): the Crew card is played again — 1 Action, 1 more Crew, its ability."""
    from spacetable.games.moonrakers import effects
    from spacetable.games.moonrakers import execution as X

    ex = s.ex
    assert ex is not None
    seat = ch.player
    cost = ch.data[1]
    card = A.CARD_ID[str(a.args[0])]
    st = ex.seats[seat]
    st.actions -= cost
    s.emit("5.5", "replay", seat, card)
    X.contribute(s, st, R_CREW, 1)
    effects.after_play(s, seat, card, R_CREW)
    effects.crew_ability(s, seat, card - 7)


# ------------------------------------------------------------------------------ event text
def _name(card: int) -> str:
    return text.card_name(card)


for _key, _fn in {
    "part-use": lambda a: f"{text.seat(a[0])} uses {A.CAT.parts[a[1]].name}",
    "discard": lambda a: f"{text.seat(a[0])} discards {_name(a[1])}",
    "play-as": lambda a: f"{text.seat(a[0])} counts a {BASIC_NAMES[a[1]]} as played",
    "extra-count": lambda a: f"{text.seat(a[0])} adds {a[2]} more {REQ_TYPES[a[1]]} to the pool",
    "gain-card": lambda a: f"{text.seat(a[0])} adds a {_name(a[1])} from the supply to the discard pile",
    "counts-as": lambda a: f"{text.seat(a[0])}'s {_name(a[1])} counts {a[2]} Damage",
    "die-discarded": lambda a: f"{text.seat(a[0])} discards a hazard die showing {a[1]} icon(s)",
    "replay": lambda a: f"{text.seat(a[0])} plays {_name(a[1])} a second time",
}.items():
    text.RENDER.setdefault(_key, _fn)

__all__ = ["FX", "PART_HOOKS", "PartHook", "compile_catalog", "compile_part"]
