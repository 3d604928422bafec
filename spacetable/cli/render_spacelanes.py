"""Terminal board for Space Lanes: the map of settlements and lanes with ships and events, the ships,
prices where the seat stands, its cargo, hand and goal, and the engagement dialog with the odds."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spacetable.engine.state import View

CELL = 20
GAP = 7
KIND_MARK = {"pirates": "☠", "patrol": "⚑"}


def _slot_label(slot: dict[str, Any]) -> str:
    if not slot.get("revealed"):
        return f"{slot['slot']}:???"
    name = str(slot["name"])
    star = "*" if slot.get("homeworld") else ""
    return f"{slot['slot']}:{star}{name}"[:CELL - 7]


def _lane_mark(lane: dict[str, Any], ships_on: list[int]) -> str:
    d = str(lane["distance"]) if lane.get("revealed") else "?"
    ev = ""
    if lane.get("hostile"):
        ev += "!"
    for key, ch in (("station", "S"), ("asteroids", "A"), ("wormhole", "W"), ("bounty", "$")):
        if lane.get(key):
            ev += ch
    ships = "".join(str(q + 1) for q in ships_on)
    return d + ev + (f"<{ships}>" if ships else "")


def _map(d: dict[str, Any]) -> Text:
    slots = d["slots"]
    lanes = d["lanes"]
    ships = d["ships"]
    at_slot: dict[int, list[int]] = {}
    on_lane: dict[int, list[int]] = {}
    for sh in ships:
        if sh["node"] >= 0:
            at_slot.setdefault(sh["node"], []).append(sh["seat"])
        elif sh["lane"] >= 0:
            on_lane.setdefault(sh["lane"], []).append(sh["seat"])
    pos = {(s["x"], s["y"]): s for s in slots}
    lane_at: dict[tuple[int, int], dict[str, Any]] = {}
    for ln in lanes:
        a, b = ln["ends"]
        lane_at[(a, b)] = lane_at[(b, a)] = ln
    width = max(s["x"] for s in slots) + 1
    height = max(s["y"] for s in slots) + 1
    out = Text()
    for y in range(height):
        line = Text()
        for x in range(width):
            s = pos.get((x, y))
            if s is None:
                line.append(" " * (CELL + GAP))
                continue
            label = _slot_label(s)
            mark = "".join(str(q + 1) for q in at_slot.get(s["slot"], []))
            cell = f"[{label}{(' @' + mark) if mark else ''}]"
            style = "bold yellow" if s.get("homeworld") else ("dim" if not s.get("revealed") else "")
            line.append(cell.ljust(CELL)[:CELL + 3], style=style)
            right = pos.get((x + 1, y))
            if right is not None and (s["slot"], right["slot"]) in lane_at:
                ln = lane_at[(s["slot"], right["slot"])]
                mark = "─" + _lane_mark(ln, on_lane.get(ln["lane"], [])) + "─"
                line.append(mark.center(GAP, "─")[:GAP + 3], style="red" if ln.get("hostile") else "cyan")
            else:
                line.append(" " * GAP)
        out.append(line)
        out.append("\n")
        if y + 1 < height:
            vline = Text()
            for x in range(width):
                s = pos.get((x, y))
                below = pos.get((x, y + 1))
                txt = ""
                if s is not None and below is not None and (s["slot"], below["slot"]) in lane_at:
                    ln = lane_at[(s["slot"], below["slot"])]
                    txt = "│" + _lane_mark(ln, on_lane.get(ln["lane"], []))
                diag = pos.get((x + 1, y + 1))
                dtxt = ""
                if s is not None and diag is not None and (s["slot"], diag["slot"]) in lane_at:
                    ln = lane_at[(s["slot"], diag["slot"])]
                    dtxt = "╲" + _lane_mark(ln, on_lane.get(ln["lane"], []))
                vline.append(("  " + txt).ljust(CELL + 2) + dtxt.ljust(GAP - 2))
            out.append(vline)
            out.append("\n")
    out.append("lane: distance, ! Pirates/Patrol, S station, A asteroids, W wormhole, $ bounty, <n> ships; "
               "* Homeworld, @n ships", style="dim")
    return out


def _where(d: dict[str, Any], sh: dict[str, Any]) -> str:
    if sh["node"] >= 0:
        return _slot_label(d["slots"][sh["node"]])
    ln = d["lanes"][sh["lane"]]
    nm = ln.get("name", f"lane {ln['lane']}")
    dist = ln.get("distance", "?")
    return f"{nm} {sh['mark']}/{dist}"


def _ships(d: dict[str, Any], player: int | None) -> Table:
    t = Table(title="Ships", show_edge=False)
    for col in ("seat", "where", "credits", "cargo", "hand", "ship", "union/pirate", "state"):
        t.add_column(col)
    for sh in d["ships"]:
        cargo = " ".join(f"{g[:3]}{n}" for g, n in sh["cargo"].items() if n)
        marks = (" (you)" if sh["seat"] == player else "") + (" ◀" if sh["seat"] == d["active"] else "")
        state = ("Damaged" if sh["damaged"] else "ok") + (" Adrift" if sh["adrift"] else "")
        extras = ", ".join(sh["ship"]) + ("; transports: " + ", ".join(x[0] for x in sh["transports"])
                                          if sh["transports"] else "")
        t.add_row(f"Seat {sh['seat'] + 1}{marks}", _where(d, sh), str(sh["credits"]),
                  f"{cargo} ({sum(sh['cargo'].values())}/{sh['cargo_limit']})", str(sh["hand_size"]),
                  extras, f"{sh['union']}/{sh['pirate']}", state)
    return t


def _prices(d: dict[str, Any], player: int | None) -> RenderableType | None:
    if player is None:
        return None
    sh = d["ships"][player]
    if sh["node"] < 0:
        return None
    slot = d["slots"][sh["node"]]
    if not slot.get("revealed"):
        return None
    t = Table(title=f"Prices at {slot['name']} (buy / sell)", show_edge=False)
    t.add_column("good")
    t.add_column("you pay")
    t.add_column("you get")
    for g, (b, s) in slot["prices"].items():
        t.add_row(g, str(b or "-"), str(s or "-"))
    ev = f"  economic event: {slot['economic']}" if slot.get("economic") else ""
    return Group(t, Text(f"Feature: {slot['feature']}{ev}", style="magenta"))


def _engagement(e: dict[str, Any] | None, chain: list[Any]) -> RenderableType | None:
    if not e:
        return None
    lines = Text()
    lines.append(f"Seat {e['player'] + 1} is engaged by {e['name']} ({e['kind']}) in lane {e['lane']}\n",
                 style="bold red")
    lines.append(f"Win: need {e['win']} on 2d6 +{e['win_mod']}  →  {e['win_odds']:.0%}\n")
    lines.append(f"Escape: need {e['escape']} on 2d6 +{e['escape_mod']}  →  {e['escape_odds']:.0%}\n")
    if e.get("bounty"):
        lines.append(f"Bounty on the card: {e['bounty']}\n", style="green")
    if e.get("choice"):
        lines.append(f"Chosen: {e['choice']}")
        if e.get("roll") is not None:
            lines.append(f", rolled {e['roll']}")
        lines.append("\n")
    if chain:
        lines.append("Chain: " + " ← ".join(f"{c[0]} (seat {c[1] + 1})" for c in chain) + "\n")
    return Panel(lines, title="Engagement")


def render(view: View) -> RenderableType:
    """The board as `view.player` sees it (a spectator sees no hand and no goal)."""
    d = view.data
    modes = ", ".join(d.get("modes", [])) or "standard"
    head = Text(f"Space Lanes  turn {d['turn']}  active: Seat {d['active'] + 1}  decision: {d['decision']}  "
                f"deck {d['deck_size']}  discard {len(d['discard'])}  mode: {modes}", style="bold")
    parts: list[RenderableType] = [head, _map(d), _ships(d, view.player)]
    pr = _prices(d, view.player)
    if pr is not None:
        parts.append(pr)
    eng = _engagement(d.get("engagement"), d.get("chain", []))
    if eng is not None:
        parts.append(eng)
    you = d.get("you")
    if you:
        parts.append(Text("Your hand: " + (", ".join(you["hand"]) or "(empty)"), style="green"))
        g = you["goal"]
        parts.append(Text(f"Your goal: {g['name']} — {g['text']}  ({you['progress']:.0%})", style="green"))
    if d.get("winners"):
        parts.append(Text("Winner: " + ", ".join(f"Seat {w + 1}" for w in d["winners"]), style="bold green"))
    return Group(*parts)
