"""Terminal board for Moonrakers: what one seat (or a spectator) sees, compact enough for 100×40.

Shows the contract display and the Armory side by side, every captain's public state, the viewer's own
hand, objectives and draw-pile contents, the current decision, the negotiation as a readable deal,
the execution (pool against target per requirement, dice, blocks, Actions and played cards per
participant) and, with 1–2 players, the Mercenary row. Reads only `view.data` (built by
spacetable/games/moonrakers/views.py) and the card catalog for names and texts.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from spacetable.engine.state import View
from spacetable.games.moonrakers.cards import BASIC, BASIC_NAMES, REQ_TYPES, load_catalog

CAT = load_catalog()
CONTRACTS = {c.slug: c for c in CAT.contracts}
CREW = {c.slug: c for c in CAT.crew}
PARTS = {p.slug: p for p in CAT.parts}
OBJECTIVES = {o.slug: o for o in CAT.objectives}
BASIC_NAME = dict(zip(BASIC, BASIC_NAMES, strict=True))
REQ_LETTER = ("R", "T", "S", "D", "C")
"""Reactor, Thruster, Shield, Damage, Crew (requirement order 0..4)."""
KIND_STYLE = {"kill": "dark_orange", "rescue": "green", "explore": "blue", "delivery": "yellow"}
FACTION_STYLE = {"magnomi": "dark_orange", "henko": "green", "komek": "blue", "ventus": "yellow",
                 "sorelia": "magenta"}
TEXT_WIDTH = 26
SHARE_WORDS = ("Prestige", "cr", "bonus")


def card_name(slug: str) -> str:
    """Name of an action-deck card, part, contract or objective from its slug."""
    if slug in BASIC_NAME:
        return BASIC_NAME[slug]
    for table in (CREW, PARTS, CONTRACTS, OBJECTIVES):
        if slug in table:
            return str(table[slug].name)
    return slug


def seat_label(seat: str) -> str:
    return seat.upper()


def _short(text: str, width: int = TEXT_WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _req(req: tuple[int, ...] | list[int]) -> str:
    return " ".join(f"{REQ_LETTER[i]}{n}" for i, n in enumerate(req) if n) or "—"


def _counts(cards: list[str]) -> str:
    """'2× Reactor, Shield' from a list of slugs (sorted by name)."""
    seen: dict[str, int] = {}
    for c in cards:
        seen[c] = seen.get(c, 0) + 1
    ordered = sorted(seen.items(), key=lambda kv: card_name(kv[0]))
    return ", ".join((f"{n}× " if n > 1 else "") + card_name(c) for c, n in ordered) or "—"


def _count_map(counts: dict[str, int]) -> str:
    return ", ".join(f"{n}× {card_name(c)}" if n > 1 else card_name(c)
                     for c, n in sorted(counts.items(), key=lambda kv: card_name(kv[0]))) or "—"


# ---------------------------------------------------------------------------------------- sections
def _header(view: View, d: dict[str, Any]) -> Text:
    who = "spectator" if view.player is None else f"you are P{view.player + 1}"
    t = Text(f"Moonrakers · turn {d.get('turn', 0)} · {d.get('phase', '')} · ", style="bold")
    t.append(f"Mission Leader {seat_label(str(d.get('mission_leader', '')))}", style="bold cyan")
    t.append(f" · {who}")
    winners = d.get("winners") or []
    if d.get("phase") == "game-over":
        t.append("  GAME OVER: " + (", ".join(seat_label(w) for w in winners) + " win" if winners
                                     else "no winner"), style="bold green")
        if d.get("solo_score") is not None:
            t.append(f" · solo score {d['solo_score']}", style="bold")
    return t


def _contracts(d: dict[str, Any]) -> Table:
    t = Table(title=f"Contracts (deck {d.get('contract_deck', 0)})", box=box.SIMPLE_HEAD, padding=(0, 1),
              title_justify="left", show_edge=False)
    t.add_column("contract", no_wrap=True, max_width=19, overflow="ellipsis")
    t.add_column("reward", no_wrap=True, min_width=10)
    t.add_column("needs", no_wrap=True, min_width=8)
    t.add_column("d", justify="right", min_width=1)
    for slug in d.get("contracts", []):
        if slug is None:
            t.add_row(Text("(empty)", style="dim"), "", "", "")
            continue
        c = CONTRACTS.get(slug)
        if c is None:
            t.add_row(slug, "", "", "")
            continue
        reward = f"{c.prestige}P {c.credits}cr" + (f" +{c.bonus}b" if c.bonus else "")
        if c.faction:
            reward += f" {c.faction[:3]}"
        t.add_row(Text(c.name, style=KIND_STYLE.get(c.kind, "")), reward, _req(c.req), str(c.dice))
    return t


def _armory(d: dict[str, Any]) -> Table:
    t = Table(title=f"Armory (decks: crew {d.get('crew_deck', 0)}, parts {d.get('part_deck', 0)})",
              box=box.SIMPLE_HEAD, padding=(0, 1), title_justify="left", show_edge=False)
    t.add_column("card", no_wrap=True, max_width=15, overflow="ellipsis")
    t.add_column("$", justify="right", min_width=1)
    t.add_column("text", no_wrap=True, max_width=TEXT_WIDTH, overflow="ellipsis")
    for slug in d.get("crew_row", []):
        if slug is None:
            continue
        c = CREW.get(slug)
        if c is not None:
            t.add_row(Text(c.name, style="cyan"), str(c.cost), _short(c.text))
    for slug in d.get("part_row", []):
        if slug is None:
            continue
        p = PARTS.get(slug)
        if p is not None:
            cards = "+" + "/".join(BASIC_NAMES[b].replace("Damage ", "D") for b in p.cards) + " "
            if not p.cards:
                cards = ""
            t.add_row(Text(p.name, style="magenta"), str(p.cost), _short(cards + p.text))
    return t


def _players(view: View, d: dict[str, Any]) -> Table:
    ml = d.get("mission_leader")
    dec = d.get("decision") or {}
    to_act = dec.get("player")
    bt = any("reputation" in p for p in d.get("players", []))
    t = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, expand=True)
    for col in ("captain", "P", "cr", "hand/draw/disc", "obj", "parts"):
        t.add_column(col, no_wrap=col != "parts", justify="right" if col in ("P", "cr") else "left",
                     ratio=1 if col == "parts" else None)
    if bt:
        t.add_column("rep", no_wrap=True)
    for i, p in enumerate(d.get("players", [])):
        seat = str(p.get("seat", f"p{i + 1}"))
        name = Text(seat_label(seat), style="bold" if view.player == i else "")
        name.append(" " + str(p.get("faction", ""))[:3], style=FACTION_STYLE.get(str(p.get("faction")), ""))
        if view.player == i:
            name.append(" (you)", style="bold")
        if seat == ml:
            name.append(" ML", style="cyan")
        if seat == to_act:
            name.append(" ◀", style="bold yellow")
        claimed = p.get("claimed", [])
        obj = f"{p.get('objectives_held', 0)}" + (f" +{len(claimed)}✓" if claimed else "")
        parts = ", ".join(card_name(x).removeprefix("The ") for x in p.get("parts", [])) or "—"
        row: list[Any] = [name, str(p.get("prestige", 0)), str(p.get("credits", 0)),
                          f"{p.get('hand_size', 0)}/{p.get('draw_size', 0)}/{len(p.get('discard', []))}",
                          obj, parts]
        if bt:
            rep = p.get("reputation", {})
            cell = Text()
            for f, n in rep.items():
                cell.append(f"{f[0].upper()}{n} ", style=FACTION_STYLE.get(f, ""))
            row.append(cell if rep else "—")
        t.add_row(*row)
    return t


def _own(view: View, d: dict[str, Any]) -> list[RenderableType]:
    if view.player is None:
        return []
    players = d.get("players", [])
    if not 0 <= view.player < len(players):
        return []
    me = players[view.player]
    out: list[RenderableType] = []
    if "hand" in me:
        t = Text("Your hand: ", style="bold green")
        t.append(_counts(list(me["hand"])))
        out.append(t)
    if "objectives" in me:
        t = Text("Your objectives: ", style="bold green")
        objs = [OBJECTIVES.get(o) for o in me["objectives"]]
        t.append("; ".join(f"{o.name} ({_short(o.text.rstrip('.'), 44)})" if o is not None else str(s)
                           for o, s in zip(objs, me["objectives"], strict=True)) or "—")
        out.append(t)
    if "draw_contents" in me:
        t = Text("Your draw pile: ", style="green")
        t.append(_count_map(dict(me["draw_contents"])))
        out.append(t)
    return out


def _negotiation(neg: dict[str, Any]) -> list[RenderableType]:
    out: list[RenderableType] = []
    slug = str(neg.get("contract", ""))
    head = Text(f"Negotiation for {card_name(slug)}", style="bold")
    step = str(neg.get("decision", "")).split(".")[-1]
    head.append(f" · proposal round {neg.get('round', 0)}/3 · step {step}")
    out.append(head)
    shares = neg.get("shares", {})
    answers = neg.get("answers", {})
    dice = list(neg.get("dice", []))
    for seat in neg.get("invitees", []):
        sh = shares.get(seat, [0, 0, 0])
        terms = ", ".join(f"{n} {w}" for n, w in zip(sh, SHARE_WORDS, strict=False)) or "no share"
        n_dice = sum(1 for x in dice if x == seat)
        line = Text(f"  {seat_label(seat)}: {terms}" + (f", {n_dice} hazard di{'e' if n_dice == 1 else 'ce'}"
                                                        if n_dice else ""))
        ans = answers.get(seat, "pending")
        line.append(f"  [{ans}]", style={"accepted": "green", "declined": "red"}.get(ans, "dim"))
        out.append(line)
    if dice:
        out.append(Text("  dice: " + ", ".join(f"#{i + 1}→{seat_label(x)}" for i, x in enumerate(dice))))
    if neg.get("reputation_to"):
        out.append(Text(f"  faction reward to {seat_label(str(neg['reputation_to']))}"))
    if neg.get("accepted"):
        out.append(Text("  accepted so far: " + ", ".join(seat_label(x) for x in neg["accepted"]),
                        style="green"))
    return out


def _execution(ex: dict[str, Any]) -> list[RenderableType]:
    slug = str(ex.get("contract", ""))
    c = CONTRACTS.get(slug)
    head = Text(f"Execution: {card_name(slug)}", style="bold " + (KIND_STYLE.get(c.kind, "") if c else ""))
    head.append(f" · to act {seat_label(str(ex.get('to_act', '')))} · passes {ex.get('passes', 0)}")
    req = Text("  need: ")
    pool = ex.get("pool", [0] * 5)
    target = ex.get("target", [0] * 5)
    for i, name in enumerate(REQ_TYPES):
        tg = target[i] if i < len(target) else 0
        pv = pool[i] if i < len(pool) else 0
        if not tg and not pv:
            continue
        req.append(f"{name} {pv}/{tg}  ", style="green" if pv >= tg else "red")
    t = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for col in ("participant", "deal", "dice", "blocks", "actions", "played"):
        t.add_column(col, no_wrap=col != "played")
    deal = ex.get("deal", {})
    for seat in ex.get("participants", []):
        sh = deal.get(seat, [0, 0, 0])
        dice = ex.get("dice", {}).get(seat, [])
        t.add_row(seat_label(seat), f"{sh[0]}P {sh[1]}cr" + (f" {sh[2]}b" if len(sh) > 2 and sh[2] else ""),
                  " ".join(str(x) for x in dice) or "—", str(ex.get("blocks", {}).get(seat, 0)),
                  str(ex.get("actions", {}).get(seat, 0)), _counts(list(ex.get("played", {}).get(seat, []))))
    return [head, req, t]


def _decision(view: View, d: dict[str, Any]) -> list[RenderableType]:
    dec = d.get("decision")
    if not dec:
        return []
    out: list[RenderableType] = []
    who = str(dec.get("player", ""))
    t = Text("Decision: ", style="bold")
    t.append(str(dec.get("decision", "")), style="bold cyan")
    t.append(f" — {seat_label(who)} to choose")
    if view.player is not None and who == f"p{view.player + 1}":
        t.append(" (you)", style="bold yellow")
    if dec.get("crew"):
        t.append(f" · {card_name(str(dec['crew']))}")
    out.append(t)
    for key, label in (("looking_at", "looking at"), ("dealt", "dealt"), ("drawn", "drawn"),
                       ("option_texts", "options")):
        if dec.get(key):
            vals = dec[key]
            shown = [card_name(str(v)) for v in vals] if key != "option_texts" else [
                f"{i + 1}) {v}" for i, v in enumerate(vals)]
            out.append(Text(f"  {label}: " + "; ".join(shown)))
    neg = d.get("negotiation") or (dec if "invitees" in dec else None)
    if neg:
        out.extend(_negotiation(neg))
    return out


def _mercenary(d: dict[str, Any]) -> list[RenderableType]:
    m = d.get("mercenary")
    if not m:
        return []
    t = Text("Mercenary row: ", style="bold")
    t.append(_counts(list(m.get("row", []))))
    if m.get("used"):
        t.append(" · used: " + _counts(list(m["used"])), style="dim")
    t.append(f" · deck {m.get('deck', 0)}, discard {len(m.get('discard', []))}", style="dim")
    return [t]


def render(view: View) -> RenderableType:
    """The board as `view.player` sees it (a spectator sees no hand)."""
    d = view.data
    top = Table.grid(padding=(0, 1))
    top.add_column()
    top.add_column()
    top.add_row(_contracts(d), _armory(d))
    parts: list[RenderableType] = [_header(view, d), top, _players(view, d)]
    parts.extend(_mercenary(d))
    parts.extend(_own(view, d))
    parts.extend(_decision(view, d))
    ex = d.get("execution")
    if ex:
        parts.extend(_execution(ex))
    return Group(*parts)
