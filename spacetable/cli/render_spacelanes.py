"""Terminal board for Space Lanes: the map of settlements and lanes with ships and events, the ships,
prices where the seat stands, its cargo, hand and goal, and the engagement dialog with the odds."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spacetable.engine.state import View

CELL = 12
GAP = 4


def _slot_label(slot: dict[str, Any], width: int = CELL - 2) -> str:
    if not slot.get("revealed"):
        return f"{slot['slot']}:???"[:width]
    star = "*" if slot.get("homeworld") else ":"
    return f"{slot['slot']}{star}{slot['name']}"[:width]


def _lane_mark(lane: dict[str, Any]) -> str:
    d = str(lane["distance"]) if lane.get("revealed") else "?"
    ev = ""
    if lane.get("hostile"):
        ev += "!"
    for key, ch in (("station", "S"), ("asteroids", "A"), ("wormhole", "W"), ("bounty", "$")):
        if lane.get(key):
            ev += ch
    return d + ev


def _map(d: dict[str, Any]) -> Text:
    """A grid drawing of the board: two text lines per row of settlements (name; ships), then the
    vertical and diagonal lanes. Lane marks: distance, then event letters; ships on a lane as <n>."""
    slots = d["slots"]
    at_slot: dict[int, str] = {}
    on_lane: dict[int, str] = {}
    for sh in d["ships"]:
        if sh["node"] >= 0:
            at_slot[sh["node"]] = at_slot.get(sh["node"], "") + str(sh["seat"] + 1)
        elif sh["lane"] >= 0:
            on_lane[sh["lane"]] = on_lane.get(sh["lane"], "") + str(sh["seat"] + 1)
    pos = {(s["x"], s["y"]): s for s in slots}
    lane_at: dict[tuple[int, int], dict[str, Any]] = {}
    for ln in d["lanes"]:
        a, b = ln["ends"]
        lane_at[(a, b)] = lane_at[(b, a)] = ln
    width = max(s["x"] for s in slots) + 1
    height = max(s["y"] for s in slots) + 1
    out = Text()
    for y in range(height):
        names, under = Text(), Text()
        for x in range(width):
            s = pos.get((x, y))
            if s is None:
                names.append(" " * (CELL + GAP))
                under.append(" " * (CELL + GAP))
                continue
            style = "bold yellow" if s.get("homeworld") else ("dim" if not s.get("revealed") else "bold")
            names.append(("[" + _slot_label(s) + "]").ljust(CELL), style=style)
            ships = at_slot.get(s["slot"], "")
            under.append((" @" + ships if ships else "").ljust(CELL), style="green")
            right = pos.get((x + 1, y))
            ln = lane_at.get((s["slot"], right["slot"])) if right is not None else None
            if ln is not None:
                names.append(("─" + _lane_mark(ln)).ljust(GAP, "─")[:GAP],
                             style="red" if ln.get("hostile") else "cyan")
                ls_ships = on_lane.get(ln["lane"], "")
                under.append(("<" + ls_ships + ">" if ls_ships else "").ljust(GAP)[:GAP], style="green")
            elif x + 1 < width:
                names.append(" " * GAP)
                under.append(" " * GAP)
        out.append(names)
        out.append("\n")
        out.append(under)
        out.append("\n")
        if y + 1 < height:
            vline = Text()
            for x in range(width):
                s = pos.get((x, y))
                below = pos.get((x, y + 1))
                diag = pos.get((x + 1, y + 1))
                txt = ""
                if s is not None and below is not None and (s["slot"], below["slot"]) in lane_at:
                    ln = lane_at[(s["slot"], below["slot"])]
                    ships = on_lane.get(ln["lane"], "")
                    txt = " │" + _lane_mark(ln) + (f"<{ships}>" if ships else "")
                dtxt = ""
                if s is not None and diag is not None and (s["slot"], diag["slot"]) in lane_at:
                    ln = lane_at[(s["slot"], diag["slot"])]
                    ships = on_lane.get(ln["lane"], "")
                    dtxt = "╲" + _lane_mark(ln) + (f"<{ships}>" if ships else "")
                vline.append(txt.ljust(CELL)[:CELL] + dtxt.ljust(GAP)[:GAP] if x + 1 < width else txt)
            out.append(vline)
            out.append("\n")
    out.append("* Homeworld  @n ships  lanes: distance, ! Pirates/Patrol, S station, A asteroids, "
               "W wormhole, $ bounty, <n> ships", style="dim")
    return out


def _where(d: dict[str, Any], sh: dict[str, Any]) -> str:
    if sh["node"] >= 0:
        return _slot_label(d["slots"][sh["node"]], 30)
    if sh["lane"] < 0:
        return "-"
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
        used = list(sh.get("used", []))
        names = []
        for c in sh["ship"]:  # a Used reusable card is shown turned (rulebook, Reusable cards)
            names.append(c + (" (used)" if c in used else ""))
            if c in used:
                used.remove(c)
        extras = ", ".join(names) + ("; transports: " + ", ".join(x[0] for x in sh["transports"])
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
    ev = ""
    if slot.get("economic"):
        ev = f"  economic event: {slot['economic']} (ends at turn {slot.get('economic_ends', '?')})"
        if slot.get("buy_limits"):
            ev += "; buy limits " + ", ".join(f"{g} {n}" for g, n in slot["buy_limits"].items())
        if slot.get("stock"):
            ev += "; stock " + ", ".join(f"{g} {n}" for g, n in slot["stock"].items())
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
    offer = d.get("offer")
    if offer:
        verb = "proposes" if offer["stage"] == "answer" else "is drafting"
        parts.append(Text(f"Trade (proposal {offer['round'] + 1}): Seat {offer['from'] + 1} {verb} to Seat "
                          f"{offer['to'] + 1}: {offer['text']}", style="bold magenta"))
    if d.get("loot_hand") is not None:
        parts.append(Text("Loser's hand: " + (", ".join(d["loot_hand"]) or "(empty)"), style="bold magenta"))
    pend = d.get("pending_play")
    if pend:
        parts.append(Text(f"Seat {pend['seat'] + 1} plays {pend['card']}: choosing a target", style="bold"))
    you = d.get("you")
    if you:
        parts.append(Text("Your hand: " + (", ".join(you["hand"]) or "(empty)"), style="green"))
        g = you["goal"]
        parts.append(Text(f"Your goal: {g['name']} — {g['text']}  ({you['progress']:.0%})", style="green"))
    if d.get("winners"):
        parts.append(Text("Winner: " + ", ".join(f"Seat {w + 1}" for w in d["winners"]), style="bold green"))
    return Group(*parts)
