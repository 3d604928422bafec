"""Space Lanes content: the validating loader of the package's JSON data files (a bad file raises
`DataError` naming file, card and field) and the loaded `CONTENT` every module reads; the records it
builds and the game's vocabulary are in `content_types`.

The loader is strict, like Moonrakers': an unknown field anywhere (a document, a card, a feature, a
price table, a board slot) is an error, every number must be an integer (never a bool) in its range,
and every text a string. Ranges, from the real data with room to grow (prices and costs are in
credits, so in the hundreds): goods prices 0..5000 (real: up to 1400); card costs 0..5000 (1800);
rewards 0..10000 (2000); modifiers 0..1000 (300); economic price deltas -1000..1000 (±300); copies
1..20; Pirates/Patrol win and escape 2..12 (two dice); feature prices 0..5000 (1300), cards and moves
1..10, refinery count 1..20; lane distances 1..3; board coordinates 0..100; goal numbers 1..100000;
event durations 1..10 rounds, Wormhole jumps 1..5; economic buy-limit deltas -5..5 and stock 0..20;
reusable-card use amounts 1..5.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from spacetable.engine.errors import DataError
from spacetable.games import card_patches
from spacetable.games.spacelanes.content_types import (
    CARD_KINDS,
    EQUIPMENT_KINDS,
    FEATURES,
    GOAL_KINDS,
    GOODS,
    HOOKS,
    MODIFIERS,
    NGOODS,
    REFRESH,
    SINGLE_USE,
    TIMED_EVENTS,
    USE_EFFECTS,
    CardType,
    Content,
    Goal,
    Lane,
    Settlement,
)

FEATURE_RANGES: dict[str, tuple[int, int]] = {"price": (0, 5000), "cards": (1, 10), "moves": (1, 10),
                                              "count": (1, 20), "step": (0, 5000)}
"""Ranges of the numeric feature arguments (see the module docstring). A Faction office's `step` is what
its price rises by for each Faction of its kind the buyer holds (the loop decision: without it a ship that
launches and lands back each turn bought one token per turn at no risk)."""
CARD_FIELDS = ("slug", "name", "kind", "copies", "text", "hook")
"""Fields every action card may have; `KIND_FIELDS` adds those of its kind."""
KIND_FIELDS: dict[str, tuple[str, ...]] = {
    "pirates": ("win", "escape"), "patrol": ("win", "escape"),
    "economic": ("prices", "limits", "stock", "rounds"),
    **{k: ("cost",) for k in SINGLE_USE}, "upgrade": ("cost", "mods", "use"), "crew": ("cost", "mods", "use"),
    "bounty": ("reward", "faction"),
    "transport": ("frm", "to", "reward", "contraband", "gain_union", "gain_pirate"),
    "station": ("rounds",), "asteroids": ("rounds",), "wormhole": ("rounds", "jumps"), "cancel": (),
}
GOAL_FIELDS = ("slug", "name", "kind", "target", "text", "credits", "targets", "credit_targets",
               "exploration_target", "exploration_credits")


def _req(obj: dict[str, Any], key: str, typ: type | tuple[type, ...], file: str, card: str | None) -> Any:
    if key not in obj:
        raise DataError(file, card, key, "missing")
    v = obj[key]
    if not isinstance(v, typ) or (isinstance(v, bool) and typ is int):
        raise DataError(file, card, key, f"expected {typ}, got {type(v).__name__}")
    return v


def _only(obj: dict[str, Any], allowed: tuple[str, ...] | set[str], file: str, card: str | None,
          prefix: str = "") -> None:
    """Refuse any key of `obj` not in `allowed` (DataError naming the first unknown field)."""
    for k in obj:
        if k not in allowed:
            names = ", ".join(sorted(allowed))
            raise DataError(file, card, f"{prefix}{k}", f"unknown field (allowed: {names})")


def _obj(v: Any, file: str, card: str | None, field: str | None) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise DataError(file, card, field, f"must be an object, not {type(v).__name__}")
    return v


def _int(obj: dict[str, Any], key: str, file: str, card: str | None, lo: int, hi: int,
         default: int = 0) -> int:
    v = obj.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise DataError(file, card, key, f"must be an integer in {lo}..{hi}, got {v!r}")
    return v


def parse_settlements(doc: Any, file: str = "settlements.json") -> list[Settlement]:
    if not isinstance(doc, dict):
        raise DataError(file, None, None, "not a JSON object")
    _only(doc, ("goods", "settlements"), file, None)
    if "goods" in doc and doc["goods"] != list(GOODS):
        raise DataError(file, None, "goods", f"must list the goods {', '.join(GOODS)} in order")
    items = _req(doc, "settlements", list, file, None)
    out: list[Settlement] = []
    seen: set[str] = set()
    for i, s in enumerate(items):
        if not isinstance(s, dict):
            raise DataError(file, f"#{i}", None, "not an object")
        slug = _req(s, "slug", str, file, f"#{i}")
        if slug in seen:
            raise DataError(file, slug, "slug", "duplicate")
        seen.add(slug)
        _only(s, ("slug", "name", "homeworld", "tags", "prices", "feature"), file, slug)
        name = _req(s, "name", str, file, slug)
        hw = _req(s, "homeworld", bool, file, slug)
        tags = _req(s, "tags", list, file, slug)
        if not all(isinstance(x, str) and x for x in tags):
            raise DataError(file, slug, "tags", "must be a list of non-empty strings")
        prices = _req(s, "prices", dict, file, slug)
        buy = [0] * NGOODS
        sell = [0] * NGOODS
        for g, pair in prices.items():
            if g not in GOODS:
                raise DataError(file, slug, f"prices.{g}", "unknown good")
            if (not isinstance(pair, list) or len(pair) != 2
                    or not all(type(x) is int and 0 <= x <= 5000 for x in pair)):
                raise DataError(file, slug, f"prices.{g}", "must be [buy, sell] integers 0..5000")
            b, se = pair
            if b and se and se > b:
                raise DataError(file, slug, f"prices.{g}", "sell price above buy price")
            buy[GOODS.index(g)], sell[GOODS.index(g)] = b, se
        traded = sum(1 for g in range(NGOODS) if buy[g] or sell[g])
        if not 3 <= traded <= 6:
            raise DataError(file, slug, "prices", f"must trade 3-6 goods, trades {traded}")
        feat = _req(s, "feature", dict, file, slug)
        kind = _req(feat, "kind", str, file, slug)
        if kind not in FEATURES:
            raise DataError(file, slug, "feature.kind", f"unknown feature {kind!r}")
        _only(feat, ("kind", "text", *FEATURES[kind]), file, slug, "feature.")
        fargs = []
        for key in FEATURES[kind]:
            if key not in feat:
                raise DataError(file, slug, f"feature.{key}", "missing")
            if key in FEATURE_RANGES:
                lo, hi = FEATURE_RANGES[key]
                v = feat[key]
                if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                    raise DataError(file, slug, f"feature.{key}",
                                    f"must be an integer in {lo}..{hi}, got {v!r}")
            fargs.append((key, feat[key]))
        for key in ("from", "to"):
            if key in feat and feat[key] not in GOODS:
                raise DataError(file, slug, f"feature.{key}", "unknown good")
        if kind == "faction_office" and feat["faction"] not in ("union", "pirate"):
            raise DataError(file, slug, "feature.faction", "must be union or pirate")
        ftext = _req(feat, "text", str, file, slug)
        if not name or not ftext:
            raise DataError(file, slug, "name" if not name else "feature.text", "empty")
        out.append(Settlement(slug, name, hw, tuple(str(t) for t in tags), tuple(buy), tuple(sell), kind,
                              tuple(fargs), ftext))
    if len(out) != 15:
        raise DataError(file, None, "settlements", f"need 15 settlements, found {len(out)}")
    if sum(s.homeworld for s in out) != 3:
        raise DataError(file, None, "homeworld", "need exactly 3 Homeworlds")
    return out


def parse_lanes(doc: Any, file: str = "lanes.json") -> list[Lane]:
    items = _req(doc, "lanes", list, file, None) if isinstance(doc, dict) else None
    if items is None:
        raise DataError(file, None, None, "not a JSON object")
    _only(doc, ("lanes",), file, None)
    out = []
    for i, s in enumerate(items):
        if not isinstance(s, dict):
            raise DataError(file, f"#{i}", None, "not an object")
        slug = _req(s, "slug", str, file, f"#{i}")
        _only(s, ("slug", "name", "distance"), file, slug)
        out.append(Lane(slug, _req(s, "name", str, file, slug), _int(s, "distance", file, slug, 1, 3, -1)))
    if len(out) != 24:
        raise DataError(file, None, "lanes", f"need 24 lanes, found {len(out)}")
    return out


def _crosses(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int], s: tuple[int, int]) -> bool:
    def orient(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> int:
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)
    if len({p, q, r, s}) < 4:
        return False
    return orient(p, q, r) * orient(p, q, s) < 0 and orient(r, s, p) * orient(r, s, q) < 0


def parse_board(doc: Any, file: str = "board.json") -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The fixed map (L1): 15 slots with drawing coordinates, 24 lanes; planar and connected."""
    if not isinstance(doc, dict):
        raise DataError(file, None, None, "not a JSON object")
    _only(doc, ("slots", "lanes"), file, None)
    slots = _req(doc, "slots", list, file, None)
    for i, s in enumerate(slots):
        _only(_obj(s, file, f"slot {i}", "slots"), ("x", "y"), file, f"slot {i}")
    xy = [(_int(s, "x", file, f"slot {i}", 0, 100, -1), _int(s, "y", file, f"slot {i}", 0, 100, -1))
          for i, s in enumerate(slots)]
    if len(xy) != 15:
        raise DataError(file, None, "slots", f"need 15 slots, found {len(xy)}")
    ends: list[tuple[int, int]] = []
    for i, pair in enumerate(_req(doc, "lanes", list, file, None)):
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(type(x) is int and 0 <= x < 15 for x in pair)):
            raise DataError(file, f"lane {i}", "lanes", "must be a pair of slot numbers 0..14")
        a, b = pair
        if a == b:
            raise DataError(file, f"lane {i}", "lanes", "joins a slot to itself")
        if (min(a, b), max(a, b)) in {(min(x), max(x)) for x in ends}:
            raise DataError(file, f"lane {i}", "lanes", "second lane between the same slots")
        ends.append((a, b))
    if len(ends) != 24:
        raise DataError(file, None, "lanes", f"need 24 lane slots, found {len(ends)}")
    for i, (a, b) in enumerate(ends):
        for j in range(i):
            c, d = ends[j]
            if _crosses(xy[a], xy[b], xy[c], xy[d]):
                raise DataError(file, f"lane {i}", "lanes", f"crosses lane {j}")
    seen = {0}
    stack = [0]
    while stack:
        n = stack.pop()
        for a, b in ends:
            for u, v in ((a, b), (b, a)):
                if u == n and v not in seen:
                    seen.add(v)
                    stack.append(v)
    if len(seen) != 15:
        raise DataError(file, None, "lanes", "map is not connected")
    return xy, ends


def parse_cards(doc: Any, file: str = "cards.json", tags: set[str] | None = None) -> list[CardType]:
    if not isinstance(doc, dict):
        raise DataError(file, None, None, "not a JSON object")
    _only(doc, ("cards",), file, None)
    out: list[CardType] = []
    seen: set[str] = set()
    for i, c in enumerate(_req(doc, "cards", list, file, None)):
        if not isinstance(c, dict):
            raise DataError(file, f"#{i}", None, "not an object")
        slug = _req(c, "slug", str, file, f"#{i}")
        if slug in seen or not slug or " " in slug:
            raise DataError(file, slug, "slug", "duplicate or malformed")
        seen.add(slug)
        name = _req(c, "name", str, file, slug)
        kind = _req(c, "kind", str, file, slug)
        if kind not in CARD_KINDS:
            raise DataError(file, slug, "kind", f"unknown kind {kind!r}")
        _only(c, CARD_FIELDS + KIND_FIELDS[kind], file, slug)
        if not name:
            raise DataError(file, slug, "name", "empty")
        text = _req(c, "text", str, file, slug)
        if not text:
            raise DataError(file, slug, "text", "empty")
        kw: dict[str, Any] = {"copies": _int(c, "copies", file, slug, 1, 20, 1)}
        if kind in ("pirates", "patrol"):
            kw["win"] = _int(c, "win", file, slug, 2, 12, -1)
            kw["escape"] = _int(c, "escape", file, slug, 2, 12, -1)
        if kind in EQUIPMENT_KINDS or kind == "crew":
            kw["cost"] = _int(c, "cost", file, slug, 0, 5000, -1)
        if kind in ("upgrade", "crew"):
            mods = c.get("mods", {})
            if "use" in c:
                kw.update(_parse_use(c, file, slug, text))
            if not isinstance(mods, dict) or not (mods or "use" in c):
                raise DataError(file, slug, "mods", "must be a non-empty object (or the card has a use)")
            for k, v in mods.items():
                if k not in MODIFIERS:
                    raise DataError(file, slug, f"mods.{k}", "unknown modifier")
                if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 1000:
                    raise DataError(file, slug, f"mods.{k}", "must be an integer 0..1000")
            kw["mods"] = tuple(int(mods.get(m, 0)) for m in MODIFIERS)
        if kind in TIMED_EVENTS:
            kw["rounds"] = _int(c, "rounds", file, slug, 1, 10, -1)
            r = kw["rounds"]
            if f"{r} round" not in text:
                raise DataError(file, slug, "rounds", f"the text must show the duration '{r} round(s)'")
        if kind == "wormhole" and "jumps" in c:
            kw["jumps"] = _int(c, "jumps", file, slug, 1, 5)
            j = kw["jumps"]
            if f"{j} jump" not in text:
                raise DataError(file, slug, "jumps", f"the text must show the end '{j} jump(s)'")
        if kind == "economic":
            kw["limits"] = _per_good(c, "limits", file, slug, -5, 5, 0)
            kw["stock"] = _per_good(c, "stock", file, slug, 0, 20, -1)
            if not any(k in c for k in ("prices", "limits", "stock")):
                raise DataError(file, slug, "prices", "an Economic card changes a price or a quantity")
            prices = _obj(c.get("prices", {}), file, slug, "prices")
            pr = [(0, 0)] * NGOODS
            for g, pair in prices.items():
                if g not in GOODS:
                    raise DataError(file, slug, f"prices.{g}", "unknown good")
                if (not isinstance(pair, list) or len(pair) != 2
                        or not all(type(x) is int and -1000 <= x <= 1000 for x in pair)):
                    raise DataError(file, slug, f"prices.{g}",
                                    "must be [buy delta, sell delta] integers -1000..1000")
                pr[GOODS.index(g)] = (pair[0], pair[1])
            kw["prices"] = tuple(pr)
        if kind in ("bounty", "transport"):
            kw["reward"] = _int(c, "reward", file, slug, 0, 10000, -1)
        if kind == "bounty":
            kw["faction"] = _int(c, "faction", file, slug, 0, 3, 0)
        if kind == "transport":
            for key in ("frm", "to"):
                v = _req(c, key, str, file, slug)
                if tags is not None and v != "any" and v not in tags:
                    raise DataError(file, slug, key, f"unknown settlement tag or slug {v!r}")
                kw[key] = v
            contraband = c.get("contraband", False)
            if not isinstance(contraband, bool):
                raise DataError(file, slug, "contraband", f"must be true or false, not {contraband!r}")
            kw["contraband"] = contraband
            kw["gain_union"] = _int(c, "gain_union", file, slug, 0, 3, 0)
            kw["gain_pirate"] = _int(c, "gain_pirate", file, slug, 0, 3, 0)
        hook = c.get("hook", "")
        if not isinstance(hook, str):
            raise DataError(file, slug, "hook", f"must be a hook name, not {hook!r}")
        if hook and hook not in HOOKS:
            raise DataError(file, slug, "hook", f"unknown hook {hook!r}")
        out.append(CardType(index=len(out), slug=slug, name=name, kind=kind, text=text, hook=hook, **kw))
    total = sum(t.copies for t in out)
    if total != 100:
        raise DataError(file, None, "copies", f"the action deck must hold 100 cards, holds {total}")
    for t in out:
        if t.kind in ("upgrade", "crew") and t.copies != 1:
            raise DataError(file, t.slug, "copies", "Upgrades and Crew are unique (L12)")
    return out


def _per_good(c: dict[str, Any], key: str, file: str, slug: str, lo: int, hi: int,
              none: int) -> tuple[int, ...]:
    """An optional {good: n} table (Economic quantities), `none` for goods it leaves out; () if absent."""
    if key not in c:
        return ()
    table = _obj(c[key], file, slug, key)
    if not table:
        raise DataError(file, slug, key, "must name at least one good")
    out = [none] * NGOODS
    for g, v in table.items():
        if g not in GOODS:
            raise DataError(file, slug, f"{key}.{g}", "unknown good")
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise DataError(file, slug, f"{key}.{g}", f"must be an integer in {lo}..{hi}, got {v!r}")
        out[GOODS.index(g)] = v
    return tuple(out)


def _parse_use(c: dict[str, Any], file: str, slug: str, text: str) -> dict[str, Any]:
    """A reusable card's `use`: {"effect", "n" (for moves/draw), "refresh": [triggers]} (rulebook,
    Reusable cards: "Cards give instructions on how they can be Refreshed")."""
    u = _obj(c["use"], file, slug, "use")
    _only(u, ("effect", "n", "refresh"), file, slug, "use.")
    eff = _req(u, "effect", str, file, slug)
    if eff not in USE_EFFECTS:
        raise DataError(file, slug, "use.effect", f"unknown use effect {eff!r}")
    n = 0
    if USE_EFFECTS[eff]:
        v = u.get("n")
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 5:
            raise DataError(file, slug, "use.n", f"must be an integer in 1..5, got {v!r}")
        n = v
    elif "n" in u:
        raise DataError(file, slug, "use.n", f"the effect {eff!r} takes no amount")
    ref = u.get("refresh")
    if (not isinstance(ref, list) or not ref or len(set(map(str, ref))) != len(ref)
            or not all(isinstance(x, str) and x in REFRESH for x in ref)):
        raise DataError(file, slug, "use.refresh",
                        f"must be a list of distinct triggers from {', '.join(REFRESH)}, got {ref!r}")
    if "Use" not in text or "Refresh" not in text:
        raise DataError(file, slug, "text", "a reusable card's text must say how to Use and Refresh it")
    return {"use": eff, "use_n": n, "refresh": tuple(ref)}


PLAYER_COUNTS = ("2", "3", "4", "5")


def _per_players(g: dict[str, Any], key: str, file: str, slug: str, lo: int, hi: int) -> tuple[int, ...]:
    """An optional table {"2": n, "3": n, "4": n, "5": n} of a goal number by player count."""
    if key not in g:
        return ()
    table = _req(g, key, dict, file, slug)
    if sorted(table) != list(PLAYER_COUNTS):
        raise DataError(file, slug, key, f"needs exactly the player counts {', '.join(PLAYER_COUNTS)}")
    out: list[int] = []
    for n in PLAYER_COUNTS:
        v = table[n]
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise DataError(file, slug, f"{key}.{n}", f"must be an integer in {lo}..{hi}, got {v!r}")
        out.append(v)
    return tuple(out)


def parse_goals(doc: Any, file: str = "goals.json") -> list[Goal]:
    if not isinstance(doc, dict):
        raise DataError(file, None, None, "not a JSON object")
    _only(doc, ("goals",), file, None)
    out: list[Goal] = []
    for i, g in enumerate(_req(doc, "goals", list, file, None)):
        if not isinstance(g, dict):
            raise DataError(file, f"#{i}", None, "not an object")
        slug = _req(g, "slug", str, file, f"#{i}")
        _only(g, GOAL_FIELDS, file, slug)
        kind = _req(g, "kind", str, file, slug)
        if kind not in GOAL_KINDS:
            raise DataError(file, slug, "kind", f"unknown goal kind {kind!r}")
        text = _req(g, "text", str, file, slug)
        credits = _int(g, "credits", file, slug, 0, 100000, 0)
        targets = _per_players(g, "targets", file, slug, 1, 100000)
        credit_targets = _per_players(g, "credit_targets", file, slug, 1, 100000)
        if credit_targets and not credits:
            raise DataError(file, slug, "credit_targets", "only a goal with a credits part can scale it")
        target = _int(g, "target", file, slug, 1, 100000, -1)
        for key, table, base in (("targets", targets, target), ("credit_targets", credit_targets, credits)):
            if table and table[1] != base:
                raise DataError(file, slug, key, f"the 3-player entry must equal the base number {base}")
            for n, v in zip(PLAYER_COUNTS, table, strict=False):
                if f"{n} players: {v}" not in text:
                    raise DataError(file, slug, key, f"the text must show the target '{n} players: {v}'")
        exploration = [_int(g, key, file, slug, 0, 100000, 0) for key in ("exploration_target",
                                                                          "exploration_credits")]
        if exploration[1] and not credits:
            raise DataError(file, slug, "exploration_credits", "only a goal with a credits part can scale it")
        for key, v in zip(("exploration_target", "exploration_credits"), exploration, strict=True):
            if v and f"Exploration mode: {v}" not in text:
                raise DataError(file, slug, key, f"the text must show the target 'Exploration mode: {v}'")
        out.append(Goal(len(out), slug, _req(g, "name", str, file, slug), kind, target, text, credits,
                        targets, credit_targets, exploration[0], exploration[1]))
    if len(out) != 10:
        raise DataError(file, None, "goals", f"need 10 goals, found {len(out)}")
    return out


def build(docs: dict[str, Any]) -> Content:
    """Validate and assemble content from parsed JSON documents keyed by file name."""
    settlements = parse_settlements(docs["settlements.json"])
    lanes = parse_lanes(docs["lanes.json"])
    xy, ends = parse_board(docs["board.json"])
    tags = {t for s in settlements for t in s.tags} | {s.slug for s in settlements}
    types = parse_cards(docs["cards.json"], tags=tags)
    goals = parse_goals(docs["goals.json"])
    deck = [t.index for t in types for _ in range(t.copies)]
    hws = [i for i, s in enumerate(settlements) if s.homeworld]
    return Content(settlements, lanes, xy, ends, types, deck, goals, hws)


FILES = ("settlements.json", "lanes.json", "board.json", "cards.json", "goals.json")


def load_docs() -> dict[str, Any]:
    docs = {}
    base = resources.files("spacetable.games.spacelanes") / "data"
    for name in FILES:
        text = (base / name).read_text(encoding="utf-8")
        try:
            docs[name] = card_patches.patched("spacelanes", name, json.loads(text))
        except json.JSONDecodeError as e:
            raise DataError(name, None, None, f"invalid JSON: {e}") from e
    return docs


CONTENT = build(load_docs())
