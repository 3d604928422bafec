"""Terminal board for Space Lanes: the map with settlement and lane names, the ships and where they are
in words, the prices of every settlement the seat can see, its hand with the cards' texts and its goal
with this game's target, the engagement with its odds, and the standings at the end.

Everything is drawn from one seat's `View` (a spectator's has no hand and no goal), except
`standings`, which the terminal calls with the finished state. At 80 columns nothing is cut: long
settlement names wrap onto two lines, lanes carry a key letter with the names listed under the map,
and the price table (shown at the seat's own decisions) keeps all six goods; prices and hand come
first, then the map, the ships and the goal, nearest the menu. From 160 columns the map names every
lane on its line and ships and hand sit beside the prices (always shown there). The module also holds
the terminal's hooks for this game (`menu_key`, `FINAL_KINDS`, `intent_from_line` for ``buy parts 5``
and ``discard a, b``, `describe_intent`, `menu_hints`, `action_from_line` for ``move Rustfall``; see
`spacetable.cli.views.Face`).
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from typing import TYPE_CHECKING, Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spacetable.cli.numbers import small_number
from spacetable.engine.action import Action
from spacetable.engine.errors import SpacetableError
from spacetable.engine.state import State, View
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.content_types import GOODS, CardType
from spacetable.games.spacelanes.text import (
    GOAL_SLUG,
    SLUG,
    card_effect,
    card_kind,
    card_name,
    card_rules,
    credits,
    goal_progress,
    goal_text,
    good_name,
    lane_position,
    plural,
    unslug,
)

if TYPE_CHECKING:
    from spacetable.games.spacelanes.state import SpaceLanesState

KEYS = "abcdefghijklmnopqrstuvwxyz"
"""Lane keys on the map: lane slot i is drawn with letter KEYS[i] (24 lanes, L1)."""
WIDE = 160
"""From this console width the map names every lane and the panels sit side by side."""
PRICES_WIDTH = 78
TALL = 70
"""Below this many rows a narrow console shows a short board: the hand by name only, no price table and
no lane names (the `more` command shows them)."""
"""The price table's width (a settlement name and six goods): the right-hand column on a wide screen."""
_EVENT_MARKS = (("hostile", "!"), ("bounty", "$"), ("station", "S"), ("asteroids", "A"), ("wormhole", "W"))


# ----- names from the view ----------------------------------------------------------------------------
def _slot_name(d: dict[str, Any], slot: int) -> str:
    s = d["slots"][slot]
    return str(s["name"]) if s.get("revealed") else f"unexplored slot {slot}"


def _lane_title(d: dict[str, Any], ls: int) -> str:
    """``"Ember Trail (Terra Nova–Greenhollow, distance 1)"``: a lane with both endpoints."""
    ln = d["lanes"][ls]
    a, b = ln["ends"]
    ends = f"{_slot_name(d, a)}–{_slot_name(d, b)}"
    if not ln.get("revealed"):
        return f"the unexplored lane {ends}"
    return f"{ln['name']} ({ends}, distance {ln['distance']})"


def _where(d: dict[str, Any], sh: dict[str, Any]) -> str:
    if sh["node"] >= 0:
        return "at " + _slot_name(d, sh["node"])
    if sh["lane"] < 0:
        return "not yet placed"
    ln = d["lanes"][sh["lane"]]
    a, b = ln["ends"]
    name = ln.get("name", f"the unexplored lane {KEYS[ln['lane']]}")
    dist = int(ln.get("distance", max(sh["mark"], 1)))
    return lane_position(name, _slot_name(d, a), _slot_name(d, b), sh["mark"], dist)


def _goal_count(d: dict[str, Any], sh: dict[str, Any], kind: str) -> int:
    """The seat's count for a goal kind, from the public ship data of the view (goals.py counts the same)."""
    if kind == "homeworlds":
        return sum(1 for x in sh["visited"] if d["slots"][x].get("homeworld"))
    if kind == "visited":
        return len(sh["visited"])
    if kind == "markets":
        return len(sh["traded"])
    key = {"transports": "transports_done"}.get(kind, kind)
    return int(sh.get(key, 0))


def _goal_words(d: dict[str, Any], slug: str, seat: int) -> tuple[str, str]:
    """(the goal with this game's target, the seat's progress) from the view."""
    g = GOAL_SLUG[slug]
    n = len(d["ships"])
    expl = "exploration" in d.get("modes", [])
    sh = d["ships"][seat]
    return (f"{g.name}: {goal_text(g, n, expl)}",
            goal_progress(g, n, expl, _goal_count(d, sh, g.kind), sh["credits"]))


# ----- the map ----------------------------------------------------------------------------------------
def _marks(ln: dict[str, Any]) -> str:
    return "".join(ch for key, ch in _EVENT_MARKS if ln.get(key))


def _label(ln: dict[str, Any], room: int, names: bool) -> str:
    """A lane's label on the map: its key, its name (on a wide map, where it fits), distance and events."""
    key = KEYS[ln["lane"]]
    if not ln.get("revealed"):
        return key + "?" + _marks(ln)
    long = f"{key} {ln['name']} {ln['distance']}{_marks(ln)}"
    return long if names and len(long) <= room else f"{key}{ln['distance']}{_marks(ln)}"


def _map(d: dict[str, Any], width: int, player: int | None) -> Text:
    """A grid drawing of the board: each settlement by its full name (wrapped onto two lines when narrow)
    with the ships there (@1,3), each lane by its key letter (and name when wide), distance and events;
    ships on a lane as <1,3>."""
    cw = 16 if width >= WIDE else 13 if width >= 100 else 11
    wide = width >= WIDE
    gw = max(5, min(28, (width - 1 - 5 * cw) // 4))
    slots = d["slots"]
    at_slot: dict[int, list[str]] = {}
    on_lane: dict[int, list[str]] = {}
    for sh in d["ships"]:
        if sh["node"] >= 0:
            at_slot.setdefault(sh["node"], []).append(str(sh["seat"] + 1))
        elif sh["lane"] >= 0:
            on_lane.setdefault(sh["lane"], []).append(str(sh["seat"] + 1))
    pos = {(s["x"], s["y"]): s for s in slots}
    lane_at: dict[tuple[int, int], dict[str, Any]] = {}
    for ln in d["lanes"]:
        a, b = ln["ends"]
        lane_at[(a, b)] = lane_at[(b, a)] = ln
    cols = max(s["x"] for s in slots) + 1
    rows = max(s["y"] for s in slots) + 1
    here = d["ships"][player]["node"] if player is not None else -1

    def names(s: dict[str, Any]) -> list[str]:
        if not s.get("revealed"):
            return textwrap.wrap(f"unexplored slot {s['slot']}", cw)
        return textwrap.wrap(str(s["name"]) + ("*" if s.get("homeworld") else ""), cw) or [""]

    wrapped = {s["slot"]: names(s) for s in slots}
    nlines = max(len(v) for v in wrapped.values())

    out = Text(no_wrap=True, overflow="crop")
    for y in range(rows):
        lines = [Text() for _ in range(nlines + 1)]
        for x in range(cols):
            s = pos.get((x, y))
            right = pos.get((x + 1, y))
            ln = lane_at.get((s["slot"], right["slot"])) if s is not None and right is not None else None
            for i, line in enumerate(lines):
                if s is None:
                    line.append(" " * cw)
                elif i < nlines:
                    txt = wrapped[s["slot"]][i] if i < len(wrapped[s["slot"]]) else ""
                    style = ("bold yellow" if s.get("homeworld") else "bold") if s.get("revealed") else "dim"
                    if s["slot"] == here:
                        style += " underline"
                    line.append(txt.ljust(cw), style=style)
                else:
                    ships = at_slot.get(s["slot"], [])
                    line.append(("@" + ",".join(ships) if ships else "").ljust(cw), style="green")
                if x + 1 == cols:
                    continue
                if ln is None:
                    line.append(" " * gw)
                elif i == 0:
                    lab = _label(ln, gw - 6, wide)
                    seg = (" ─ " + lab + " ").ljust(gw - 1, "─") if len(lab) <= gw - 4 else " " + lab
                    line.append(seg[:gw - 1].ljust(gw - 1) + " ", style=_lane_style(ln))
                elif i == 1:
                    ships = on_lane.get(ln["lane"], [])
                    line.append(("<" + ",".join(ships) + ">" if ships else "").center(gw)[:gw], style="green")
                else:
                    line.append(" " * gw)
        for line in lines:
            line.rstrip()
            out.append(line)
            out.append("\n")
        if y + 1 == rows:
            break
        edge = max(cw, width - 1 - (cols - 1) * (cw + gw))  # the last column's labels may use the margin
        for between in _between(y, cols, (cw, gw, edge), wide, pos, lane_at, on_lane):
            between.rstrip()
            out.append(between)
            out.append("\n")
    out.rstrip()
    return out


KEY_TEXT = ("* Homeworld  @1,3 ships of Seats 1 and 3  <2> a ship on a lane  lanes: letter and distance, "
            "! Pirates/Patrol, $ Bounty, S Station, A Asteroids, W Wormhole")


def _lane_style(ln: dict[str, Any]) -> str:
    return "bold red" if ln.get("hostile") else "cyan"


def _between(y: int, cols: int, widths: tuple[int, int, int], wide: bool,
             pos: dict[tuple[int, int], dict[str, Any]], lane_at: dict[tuple[int, int], dict[str, Any]],
             on_lane: dict[int, list[str]]) -> list[Text]:
    """The line(s) between map rows y and y+1: vertical lanes (│) under a settlement and diagonal ones (╲)
    in the gap, each with its label and the ships on it. Narrow: one line, a vertical label running into
    the gap only when no diagonal leaves there. Wide: vertical labels on one line, diagonals on the next."""
    cw, gw, edge = widths
    upper, lower = Text(), Text()

    def put(line: Text, text: str, ships: list[str], room: int, style: str) -> None:
        tail = ((" <" if text.startswith("│") else "<") + ",".join(ships) + ">") if ships else ""
        line.append(text[:room], style=style)
        line.append(tail[:max(0, room - len(text))], style="green")
        line.append(" " * max(0, room - len(text) - len(tail)))

    for x in range(cols):
        s = pos.get((x, y))
        below = pos.get((x, y + 1))
        diag = pos.get((x + 1, y + 1))
        vln = lane_at.get((s["slot"], below["slot"])) if s and below else None
        dln = lane_at.get((s["slot"], diag["slot"])) if s and diag else None
        last = x + 1 == cols
        if wide:
            room = edge if last else cw + gw
            if vln is not None:
                put(upper, "│ " + _label(vln, room - 2, True), on_lane.get(vln["lane"], []), room,
                    _lane_style(vln))
                put(lower, "│", [], cw, _lane_style(vln))
            else:
                upper.append(" " * room)
                lower.append(" " * cw)
            if not last:
                if dln is not None:
                    put(lower, " ╲ " + _label(dln, gw - 3, True), on_lane.get(dln["lane"], []), gw,
                        _lane_style(dln))
                else:
                    lower.append(" " * gw)
            continue
        room = edge if last else cw if dln is not None else cw + gw  # a label may run into a free gap
        if vln is not None:
            put(upper, "│ " + _label(vln, room - 2, False), on_lane.get(vln["lane"], []), room,
                _lane_style(vln))
        else:
            upper.append(" " * room)
        if dln is not None:
            put(upper, "╲" + _label(dln, gw - 1, False), on_lane.get(dln["lane"], []), gw, _lane_style(dln))
    return [upper, lower] if wide else [upper]


def _bounty_prize(b: CardType) -> str:
    """What a Bounty pays (L18: the Faction is the side opposite the card won against)."""
    prize = f"{credits(b.reward)} credits"
    return prize + (f" and {b.faction} Faction" if b.faction else "")


def _lane_legend(d: dict[str, Any], names: bool, short: bool = False) -> Text | None:
    """The lanes by key (when the map does not name them) and every event card lying on a lane (on a
    `short` screen: by key and card name, Win and Escape numbers only)."""
    out = Text()
    if names:
        out.append("Lanes: ", style="bold")
        parts = [f"{KEYS[ln['lane']]} {ln['name']}" for ln in d["lanes"] if ln.get("revealed")]
        hidden = sum(1 for ln in d["lanes"] if not ln.get("revealed"))
        if hidden:
            parts.append(f"{plural(hidden, 'lane')} unexplored (?)")
        out.append(" · ".join(parts))
    events = []
    for ln in d["lanes"]:
        bits = []
        if ln.get("hostile"):
            t = SLUG[ln["hostile"]]
            bit = (f"{t.name} {t.win}/{t.escape}" if short
                   else f"{t.name} ({card_kind(t)}, Win {t.win}, Escape {t.escape})")
            if ln.get("bounty"):
                b = SLUG[ln["bounty"]]
                bit += f" + {b.name}" if short else f" + Bounty {b.name} ({_bounty_prize(b)})"
            bits.append(bit)
        for key in ("station", "asteroids", "wormhole"):
            if ln.get(key):
                bits.append(f"{card_name(ln[key])} (until turn {ln.get(key + '_ends', '?')})")
        if bits:
            title = "" if short else " " + ln.get("name", "(unexplored)")
            events.append(f"{KEYS[ln['lane']]}{title}: " + "; ".join(bits))
    if events:
        if out.plain:
            out.append("\n")
        out.append("On the lanes (Win/Escape): " if short else "On the lanes: ", style="bold")
        out.append(" · ".join(events), style="red")
    return out if out.plain else None


# ----- panels -----------------------------------------------------------------------------------------
def _head(d: dict[str, Any], player: int | None) -> Text:
    modes = [{"exploration": "Exploration", "pvp": "Player vs Player"}.get(m, m) for m in d.get("modes", [])]
    over = d["phase"] == 3
    bits = ["Space Lanes", f"turn {d['turn']}",
            "game over" if over else f"Seat {d['active'] + 1} to play",
            "spectator" if player is None else f"you are Seat {player + 1}",
            f"deck {d['deck_size']} · discard {len(d['discard'])}"]
    if modes:
        bits.append(" and ".join(modes) + " mode")
    return Text(" · ".join(bits), style="bold")


def _turn_line(d: dict[str, Any]) -> Text | None:
    """What the active seat has done this turn (L4: one Trade and one Travel, in either order)."""
    if d["phase"] != 2:
        return None
    trade = {0: "not yet", 1: "under way", 2: "done"}[min(d["trade_state"], 2)]
    moves = d["moves_made"]
    if d["travel_state"] == 2:
        travel = "over for this turn"
    elif moves == 0:
        travel = "not started (the first move is free)"
    else:
        nxt = (f"{plural(d['free_moves'], 'free move')} left" if d["free_moves"]
               else "each further move costs 1 card as fuel")
        travel = f"{plural(moves, 'move')} made, {nxt}"
    return Text(f"Seat {d['active'] + 1}'s turn · Trade: {trade} · Travel: {travel}", style="cyan")


def _ships(d: dict[str, Any], player: int | None, short: bool = False) -> Table:
    t = Table.grid(padding=(0, 1))
    t.add_column(no_wrap=True)
    t.add_column()
    goals = d.get("goals")
    for sh in d["ships"]:
        q = sh["seat"]
        label = Text(f"Seat {q + 1}", style="bold green" if q == player else "bold")
        if q == player:
            label.append(" (you)", style="green")
        if q == d["active"] and d["phase"] == 2:
            label.append(" ◀", style="bold")
        line = Text(_where(d, sh) + " · ")
        line.append(f"{credits(sh['credits'])} credits", style="yellow")
        line.append(f" · hand {sh['hand_size']} · Union {sh['union']}, Pirate {sh['pirate']}")
        if sh["damaged"]:
            line.append(" · Damaged", style="bold red")
        if sh["adrift"]:
            line.append(" · Adrift", style="bold red")
        cargo = ", ".join(f"{good_name(g)} {n}" for g, n in sh["cargo"].items() if n) or "empty"
        line.append(f"\ncargo {cargo} ({sum(sh['cargo'].values())} of {sh['cargo_limit']})")
        used = list(sh.get("used", []))
        cards = []
        for c in sh["ship"]:  # a Used reusable card is shown turned (rulebook, Reusable cards)
            cards.append(card_name(c) + (" (used)" if c in used else ""))
            if c in used:
                used.remove(c)
        line.append(" · ship: " + (", ".join(cards) or "no cards"))
        if short and q != player and sh["transports"]:  # another's Transports by name (`more`: all)
            line.append(" · Transports: " + ", ".join(card_name(slug) for slug, _ in sh["transports"]))
        for slug, pickup in [] if short and q != player else sh["transports"]:
            deliver = card_rules(SLUG[slug]).split("; ")[-1].rstrip(".") if slug in SLUG else ""
            line.append(f" · Transport {card_name(slug)} from {_slot_name(d, pickup)}: {deliver}")
        if goals:
            goal, prog = _goal_words(d, goals[q], q)
            line.append(f"\ngoal {goal} — {prog}", style="magenta")
        t.add_row(label, line)
    return t


def _prices(d: dict[str, Any], player: int | None) -> Group | None:
    """Buy and sell prices at every settlement the seat can see (all of them, except face-down ones in
    Exploration, L20), cheapest buy and best sale of each good highlighted; events; the feature here."""
    seen = [s for s in d["slots"] if s.get("revealed") and s.get("prices")]
    if not seen:
        return None
    goods = [g for g in GOODS if any(g in s["prices"] for s in seen)]
    best_buy = {g: min((s["prices"][g][0] for s in seen if s["prices"].get(g, [0])[0]), default=0)
                for g in goods}
    best_sell = {g: max((s["prices"][g][1] for s in seen if g in s["prices"]), default=0) for g in goods}
    here = d["ships"][player]["node"] if player is not None else -1
    t = Table(box=None, padding=(0, 1), header_style="bold")
    t.add_column("Settlement", no_wrap=True)
    for g in goods:
        t.add_column(good_name(g), justify="right", no_wrap=True)
    for s in sorted(seen, key=lambda s: (s["slot"] != here, s["name"])):
        row = [Text(("▶ " if s["slot"] == here else "") + s["name"],
                    style="bold underline" if s["slot"] == here else "")]
        for g in goods:
            b, v = s["prices"].get(g, [0, 0])
            cell = Text()
            cell.append(str(b) if b else "–", style="bold cyan" if b and b == best_buy[g] else "")
            cell.append("/")
            cell.append(str(v) if v else "–", style="bold green" if v and v == best_sell[g] else "")
            row.append(cell)
        t.add_row(*row)
    parts: list[RenderableType] = [
        Text("Prices at every settlement you can see: you pay / you get (– not traded)", style="bold"), t]
    notes = Text()
    for s in d["slots"]:
        if s.get("economic"):
            ev = (f"{card_name(s['economic'])} at {_slot_name(d, s['slot'])} "
                  f"until turn {s.get('economic_ends', '?')}")
            if s.get("buy_limits"):
                limits = [f"at most {n} {good_name(g)}" if n else f"no {good_name(g)}"
                          for g, n in s["buy_limits"].items()]
                ev += "; a Visit may buy " + ", ".join(limits)
            if s.get("stock"):
                ev += "; left for sale " + ", ".join(f"{n} {good_name(g)}" for g, n in s["stock"].items())
            notes.append(("\n" if notes.plain else "") + "Event: " + ev, style="magenta")
    if here >= 0 and d["slots"][here].get("revealed"):
        s = d["slots"][here]
        notes.append(("\n" if notes.plain else "") + f"Feature of {s['name']}: {s['feature']}",
                     style="magenta")
    if notes.plain:
        parts.append(notes)
    return Group(*parts)


def _engagement(d: dict[str, Any]) -> Panel | None:
    e = d.get("engagement")
    if not e:
        return None
    lines = Text()
    kind = "Pirates" if e["kind"] == "pirates" else "Patrol"
    lines.append(f"Seat {e['player'] + 1} is engaged by {e['name']} ({kind}) "
                 f"on {_lane_title(d, e['lane'])}\n", style="bold red")
    for side, word in (("win", "Win"), ("escape", "Escape")):
        plus = f" +{e[side + '_mod']}" if e[side + "_mod"] else ""
        lines.append(f"{word}: roll 2d6{plus}, need {e[side]} or more → {e[side + '_odds']:.0%}\n")
    loss = ("Damaged, all goods and Transports lost" if e["kind"] == "pirates"
            else "Damaged, Contraband lost, sent back to the last settlement landed on")
    lines.append(f"Losing: {loss}; the travel ends\n", style="dim")
    if e.get("bounty"):
        b = SLUG[e["bounty"]]
        lines.append(f"Bounty on it: {b.name}: {card_effect(b)}\n", style="green")
    if e.get("choice"):
        lines.append(f"Chosen: {'Win' if e['choice'] == 'win' else 'Escape'}")
        if e.get("roll") is not None:
            m = e.get("roll_mod") or 0
            lines.append(f", rolled {e['roll']}" + (f" +{m} = {e['roll'] + m}" if m else ""))
        lines.append("\n")
    chain = d.get("chain", [])
    if chain:
        lines.append("Chain (resolves last first): "
                     + " ← ".join(f"{card_name(c[0])} (Seat {c[1] + 1})" for c in chain) + "\n")
    lines.rstrip()
    return Panel(lines, title="Engagement", title_align="left")


def _hand(hand: list[str], wide: bool) -> RenderableType:
    """The seat's hand: each card's name, kind and cost, and text (kind under the name when narrow)."""
    t = Table(box=None, padding=(0, 1), show_header=False)
    t.add_column(no_wrap=True)
    if wide:
        t.add_column(no_wrap=True, style="dim")
    t.add_column(ratio=1)
    for c, n in Counter(hand).items():
        ct = SLUG.get(c)
        name = Text((ct.name if ct else c) + (f" ×{n}" if n > 1 else ""), style="bold")
        kind = card_kind(ct) if ct is not None else ""
        if wide:
            t.add_row(name, kind, card_rules(ct) if ct else "")
            continue
        if kind:
            name.append("\n" + kind, style="dim")
        t.add_row(name, card_rules(ct) if ct else "")
    title = Text(f"Your hand: {plural(len(hand), 'card')}", style="bold green")
    return Group(title, t) if hand else title


def _hand_names(hand: list[str]) -> RenderableType:
    """The hand in two or three lines (a short console): names only; the `more` command has the texts."""
    line = Text(f"Your hand: {plural(len(hand), 'card')}", style="bold green")
    if hand:
        line.append(": ")
        line.append(", ".join(card_name(c) + (f" ×{n}" if n > 1 else "") for c, n in Counter(hand).items()),
                    style="bold")
    return line


def more(view: View) -> RenderableType:
    """The `more` command: what a short console leaves out of the board (the hand with each card's
    kind, cost and text; the prices seen; the lane names and the cards on them in full; the ships with
    every Transport's delivery)."""
    d = view.data
    parts: list[RenderableType] = []
    you = d.get("you")
    if you:
        parts.append(_hand(you["hand"], wide=True))
    pr = _prices(d, view.player)
    if pr is not None:
        parts.append(pr)
    legend = _lane_legend(d, names=True)
    if legend is not None:
        parts.append(legend)
    parts.append(_ships(d, view.player))
    return Group(*parts)


def _you(d: dict[str, Any], wide: bool,
         short: bool = False) -> tuple[list[RenderableType], list[RenderableType]]:
    """([the seat's hand], [its goal]); both empty for a spectator. On a `short` narrow console the
    hand is listed by name only."""
    you = d.get("you")
    if not you:
        return [], []
    goal, prog = _goal_words(d, you["goal"]["slug"], you["seat"])
    line = Text(f"Your goal: {goal}. Now {prog} ({you['progress']:.0%}). You win at the end of your own "
                "turn on a Settlement once it is reached.", style="green")
    return [_hand_names(you["hand"]) if short and not wide else _hand(you["hand"], wide)], [line]


def _extras(d: dict[str, Any]) -> list[RenderableType]:
    out: list[RenderableType] = []
    offer = d.get("offer")
    if offer:
        verb = "proposes" if offer["stage"] == "answer" else "is drafting a proposal"
        out.append(Text(f"Trade (proposal {offer['round'] + 1}): Seat {offer['from'] + 1} {verb} to Seat "
                        f"{offer['to'] + 1}: {unslug(offer['text'])}", style="bold magenta"))
    if d.get("loot_hand") is not None:
        hand = ", ".join(card_name(c) for c in d["loot_hand"]) or "no cards"
        out.append(Text("The loser's hand: " + hand, style="bold magenta"))
    pend = d.get("pending_play")
    if pend:
        t = SLUG.get(pend["card"])
        kind = f" ({card_kind(t)})" if t else ""
        out.append(Text(f"Seat {pend['seat'] + 1} plays {card_name(pend['card'])}{kind}: "
                        "choosing where it goes", style="bold"))
    return out


class Board:
    """The whole board for one view, laid out for the console's width."""

    def __init__(self, view: View) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        d = self.view.data
        player = self.view.player
        width = options.max_width
        wide = width >= WIDE
        yield _head(d, player)
        turn = _turn_line(d)
        if turn is not None:
            yield turn
        short = not wide and console.is_terminal and console.height < TALL
        market: list[RenderableType] = []
        if short:
            market.append(Text("Short screen: `more` shows card texts, prices, lanes, Transports.",
                               style="dim"))
        elif wide or player is None or player == d["active"] or d["phase"] != 2:  # for planning a turn
            pr = _prices(d, player)
            if pr is not None:
                market.append(pr)
        hand, goal = _you(d, wide, short=short)
        legend = _lane_legend(d, names=not wide and not short, short=short)
        plan: list[RenderableType] = [_map(d, width, player), Text(KEY_TEXT, style="dim")]
        board: list[RenderableType] = [] if legend is None else [legend]
        board.append(_ships(d, player, short))
        eng = _engagement(d)
        if eng is not None:
            board.append(eng)
        board.extend(_extras(d))
        if wide:  # the map across, then ships and hand on the left, prices and goal on the right
            yield from plan
            grid = Table.grid(padding=(0, 3), expand=True)
            grid.add_column(ratio=1)
            grid.add_column(width=PRICES_WIDTH)
            grid.add_row(Group(*board, *hand), Group(*market, *goal))
            yield grid
        else:  # the board and the goal last: nearest to the menu below it
            yield from market
            yield from hand
            yield from plan
            yield from board
            yield from goal


def render(view: View) -> RenderableType:
    """The board as `view.player` sees it (a spectator sees no hand and no goal)."""
    return Board(view)


def standings(state: State) -> tuple[list[str], list[list[str]]]:
    """The end-of-game table (header, rows), best first: winners, then progress towards the goal, then
    credits (L21: with a turn limit the closest to its goal wins). Each row: seat, result, the goal with
    this game's target, progress towards it, credits. Goals are public once the game is over; before that
    they stay secret here ("Goals stay secret until then")."""
    from spacetable.games.spacelanes import goals as goal_rules
    from spacetable.games.spacelanes.state import SpaceLanesState

    assert isinstance(state, SpaceLanesState)
    s = state
    over = s.is_terminal()
    keyed = sorted(((q in s.winner_list, goal_rules.progress(s, q) if over else 0.0, s.credits[q], -q)
                    for q in range(s.n)), reverse=True)
    rows: list[list[str]] = []
    for won, prog, cr, minus_q in keyed:
        q = -minus_q
        if over:
            g = CONTENT.goals[s.goal[q]]
            count, _ = goal_rules.goal_value(s, q)
            goal = f"{g.name}: {goal_text(g, s.n, s.exploration)}"
            progress = f"{goal_progress(g, s.n, s.exploration, count, s.credits[q])} ({prog:.0%})"
        else:
            goal, progress = "secret", "secret"
        rows.append([f"Seat {q + 1}", "won" if won else "", goal, progress, credits(cr)])
    return ["Seat", "Result", "Goal", "Goal progress", "Credits"], rows


# ----- terminal hooks (`spacetable.cli.views.Face`) ----------------------------------------------------
KIND_ORDER = ("start", "trade", "buy", "sell", "draw", "toss", "pawn", "feature", "repair", "move", "jump",
              "fuel", "engage", "parlay", "fence", "use", "play", "lane", "world", "relocate", "keep",
              "dismiss", "attack", "offer", "give", "give_hand", "pay", "ask", "ask_kind", "ask_hand",
              "charge", "price", "loot", "counter", "cancel", "accept", "decline", "propose", "pass", "done",
              "skip", "odd_jobs", "end")
"""The menu's order by kind: where to trade and go first, card plays after, the acts that end a step
(`FINAL_KINDS`) last."""
HELP = """  buy parts 5     several units in one line (also sell 3 ore, discard a, b);
  move Rustfall   a settlement or lane by its name on the board (start terra, lane h)"""
"""This game's lines of the terminal's ``help`` (`spacetable.cli.views`)."""
FINAL_KINDS = frozenset({"end", "odd_jobs", "skip", "done", "pass", "accept", "propose", "decline"})
"""Acts that end a turn, a Trade or a window, or commit a roll or a proposal: last in the menu, never on
a number that just meant something else (the terminal moves them past it)."""
_INTENT = re.compile(r"^\s*(buy|sell)\s+(?:(\d+)\s+([a-z]+)|([a-z]+)\s+(\d+))\s*$", re.I)


def menu_key(action: Action) -> tuple[int, int]:
    """Stable menu order: by kind (`KIND_ORDER`), then by the action space (slot and catalog order, never
    hand order)."""
    kind = KIND_ORDER.index(action.kind) if action.kind in KIND_ORDER else len(KIND_ORDER)
    return kind, action.index


def intent_from_line(state: State, seat: int, line: str) -> dict[str, Any] | None:
    """``buy parts 5`` or ``sell 3 ore``: several units of one good in one line (L5), as the intent
    `spacetable.games.spacelanes.intents.expand` takes (it opens the Trade first when needed). None when
    the line is not such a request (``buy parts`` alone is the engine's own one-unit action)."""
    words = line.strip().split(None, 1)
    if len(words) == 2 and words[0].lower() == "discard":  # discard several cards at once (L5)
        cards = [_card_slug(c) for c in re.split(r"\s*,\s*", words[1].strip()) if c]
        return {"kind": "discard", "cards": cards} if cards and all(cards) else None
    m = _INTENT.match(line)
    if m is None:
        return None
    good = (m.group(3) or m.group(4)).lower()
    digits = m.group(2) or m.group(5)
    if good not in GOODS:
        return None
    # a number `int` cannot read ("٣", thousands of digits) goes on as text, which `expand` refuses
    number = small_number(digits, 6)
    units: int | str = number if number is not None else digits if len(digits) <= 12 else digits[:10] + "…"
    return {"kind": "trade", "action": m.group(1).lower(), "good": good, "units": units}


def _card_slug(word: str) -> str:
    """A card named by its slug or its name (any case): its slug, or "" when no card is called so."""
    w = word.strip().lower()
    for slug, t in SLUG.items():
        if w in (slug, t.name.lower()):
            return slug
    return ""


def describe_intent(intent: dict[str, Any]) -> str:
    if intent.get("kind") == "discard":
        return "discards " + ", ".join(card_name(c) for c in intent.get("cards", []))
    verb = "buys" if intent.get("action") == "buy" else "sells"
    return f"{verb} {intent.get('units')} {good_name(str(intent.get('good')))}"


def menu_hints(state: State, seat: int) -> list[str]:
    """While the seat can trade goods here: how to buy or sell several units in one line."""
    from spacetable.games.spacelanes import intents
    from spacetable.games.spacelanes.state import SpaceLanesState

    if not isinstance(state, SpaceLanesState):
        return []
    form = intents.offered(state, seat) or {}
    goods = form.get("trade", {}).get("goods", {})
    buy = next((g for g, v in goods.items() if v["max_buy"] > 1), None)
    sell = next((g for g, v in goods.items() if v["max_sell"] > 1), None)
    examples = ([f"buy {buy} {goods[buy]['max_buy']}"] if buy else []) + (
        [f"sell {sell} {goods[sell]['max_sell']}"] if sell else [])
    cards = list(form.get("discard", {}).get("cards", {}))
    if len(cards) > 1 and state.trade_state == 1:
        examples.append("discard several cards, e.g. discard " + ", ".join(card_name(c) for c in cards[:2]))
    lines = ["In one line: " + " · ".join(examples)] if examples else []
    named = _by_name_example(state, seat)
    return lines + ([f"Or name the place: {named}"] if named else [])


PLACE_KINDS = frozenset({"start", "move", "jump", "world"})
"""Action kinds whose argument is a settlement slot (`start 3`): the terminal also takes its name."""
LANE_KINDS = frozenset({"lane", "relocate"})
"""Action kinds whose argument is a lane slot (`lane 7`): also its name or its letter on the map."""


def _face_up_names(state: SpaceLanesState, kind: str) -> dict[int, str] | None:
    """The names of the face-up settlements (a `PLACE_KINDS` action) or lanes (`LANE_KINDS`) by slot;
    None for any other kind. A face-down one (L20) has no name the seat may know."""
    if kind in PLACE_KINDS:
        return {slot: CONTENT.settlements[state.slot_set[slot]].name
                for slot, up in enumerate(state.rev_set) if up}
    if kind in LANE_KINDS:
        return {ls: CONTENT.lanes[state.lane_of[ls]].name for ls, up in enumerate(state.rev_lane) if up}
    return None


def _by_name_example(state: SpaceLanesState, seat: int) -> str:
    """``move Rustfall`` for the first legal move, start, jump or lane choice whose target is face up
    (`action_from_line`), or "" when the seat has none."""
    if state.current_player() != seat:
        return ""
    for a in state.legal_actions():
        names = _face_up_names(state, a.kind)
        slot = a.args[0] if a.args else None
        if names is None or not isinstance(slot, int) or slot not in names:
            continue
        if a.kind in LANE_KINDS:
            return f"{a.kind} {names[slot]} (or its letter on the map, {a.kind} {KEYS[slot]})"
        return f"{a.kind} {names[slot]}"
    return ""


def _plain(text: str) -> str:
    """A name as typed or printed, for comparison: lower case, no apostrophes, single spaces."""
    return " ".join(text.lower().replace("'", "").replace("’", "").split())


def action_from_line(state: State, line: str) -> str | None:
    """``move Rustfall``, ``start terra nova``, ``lane Ember Trail`` or ``lane h``: the engine's action
    text (``move 3``, ``lane 7``) for a settlement or lane named as the board names it (a slot's number
    is the engine's; the board prints names). A prefix of a name will do when it fits one name, or one
    of the names the seat can choose now. None when the line is not such a name (a number, another kind
    of action); `SpacetableError` naming the candidates when a prefix fits several. Only faces the seat
    can see are matched: a face-down settlement or lane (L20) is still named by its number, as the menu
    shows it."""
    from spacetable.games.spacelanes.state import SpaceLanesState

    words = line.strip().split(None, 1)
    if not isinstance(state, SpaceLanesState) or len(words) != 2 or words[1].strip().isdigit():
        return None
    kind, wanted = words[0].lower(), _plain(words[1])
    if not wanted:
        return None
    names = _face_up_names(state, kind)
    if names is None:
        return None
    if kind in LANE_KINDS and len(wanted) == 1 and wanted in KEYS[:len(state.rev_lane)]:
        return f"{kind} {KEYS.index(wanted)}"
    exact = [slot for slot, name in names.items() if _plain(name) == wanted]
    found = exact or [slot for slot, name in names.items() if _plain(name).startswith(wanted)]
    if len(found) > 1:  # a short prefix ("move f"): the one place among them the seat can choose now
        legal = {str(a) for a in state.legal_actions()}
        found = [slot for slot in found if f"{kind} {slot}" in legal] or found
    if len(found) > 1:
        options = ", ".join(sorted(names[slot] for slot in found))
        raise SpacetableError(f"{words[1].strip()} could be any of {options}: type more of the name")
    return f"{kind} {found[0]}" if found else None
