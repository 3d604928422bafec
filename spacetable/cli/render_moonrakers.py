"""Terminal board for Moonrakers: what one seat (or a spectator) sees, laid out for the console width.

Shows the contract display and the Armory (side by side from `WIDE` columns, one above the other
below that, so no column is lost at 80), the contract under negotiation or in execution with its
requirements, rewards and dice (it has left the display, 3.3.2), every captain's public state with
the brands of their ship parts, the viewer's own hand, objectives and draw-pile contents, the current
decision, the negotiation as a readable deal, the execution (pool against target per requirement,
dice, blocks, Actions and played cards per participant) and, with 1–2 players, the Mercenary row.
Reads only `view.data` (built by spacetable/games/moonrakers/views.py) and the card catalog.

It also holds the terminal's Moonrakers hooks (see `spacetable.cli.views`): `standings`, `seat_name`,
`menu_key`, `FINAL_KINDS`, `intent_from_line` (one-line proposals) and `menu_hints`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, RenderableType
from rich.table import Table
from rich.text import Text

from spacetable.engine.action import Action
from spacetable.engine.state import State, View
from spacetable.games.moonrakers import proposal_syntax
from spacetable.games.moonrakers.cards import BASIC, BASIC_NAMES, FACTION_COLORS, REQ_TYPES, load_catalog

CAT = load_catalog()
CONTRACTS = {c.slug: c for c in CAT.contracts}
CREW = {c.slug: c for c in CAT.crew}
PARTS = {p.slug: p for p in CAT.parts}
OBJECTIVES = {o.slug: o for o in CAT.objectives}
BASIC_NAME = dict(zip(BASIC, BASIC_NAMES, strict=True))
REQ_LETTER = ("R", "T", "S", "D", "C")
"""Reactor, Thruster, Shield, Damage, Crew (requirement order 0..4)."""
KIND_STYLE = {"kill": "dark_orange", "rescue": "green", "explore": "blue", "delivery": "yellow"}
TERMINAL_COLOR = {"orange": "dark_orange", "purple": "magenta"}
"""The terminal's name for a faction colour where rich's differs (`cards.FACTION_COLORS`)."""
FACTION_STYLE = {f: TERMINAL_COLOR.get(c, c) for f, c in FACTION_COLORS.items()}
TEXT_WIDTH = 26
WIDE = 128
"""From this console width the display and the Armory stand side by side."""
KIND_ORDER = ("keep", "return", "take", "swap", "replace", "propose", "invite", "exclude", "prestige",
              "credits", "bonus", "reputation", "die", "accept", "decline", "play", "merc", "use",
              "option", "target", "reduce", "choose", "discard", "trash", "buy", "armory-swap", "scrap",
              "bonus-crew", "bonus-part", "spend", "trade", "faction", "yes", "no", "skip",
              "stay", "start", "solo", "pass", "done")
HELP = """  propose p2:1cr p3:1p+2cr dice p1,p2   a whole proposal in one line;
                  repeat (the last one again), raise (+1 credit for who declined), raise p2:1cr"""
"""This game's lines of the terminal's ``help`` (`spacetable.cli.views`)."""
FINAL_KINDS = frozenset({"stay", "start", "solo", "pass", "done"})
"""Acts that end a step or commit the table: last in the menu, never on a number that just meant
something else (the terminal moves them past it)."""


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


def _reward(c: Any) -> str:
    reward = f"{c.prestige}P {c.credits}cr" + (f" +{c.bonus}b" if c.bonus else "")
    if c.faction:
        reward += f" {c.faction[:3]}"
    return reward


def _contracts(d: dict[str, Any]) -> Table:
    t = Table(title=f"Contracts (deck {d.get('contract_deck', 0)})", box=box.SIMPLE_HEAD, padding=(0, 1),
              title_justify="left", show_edge=False)
    t.add_column("contract", no_wrap=True, max_width=23, overflow="ellipsis")
    t.add_column("reward", no_wrap=True, min_width=10)
    t.add_column("needs", no_wrap=True, min_width=8)
    t.add_column("dice", justify="right", no_wrap=True)
    table = _on_table(d)
    for slug in d.get("contracts", []):
        if slug is None:
            if table is not None:  # the slot of the contract under negotiation or in execution (3.3.2)
                on = CONTRACTS[table[0]]
                t.add_row(Text("→ " + on.name, style="bold " + KIND_STYLE.get(on.kind, "")), _reward(on),
                          _req(on.req), str(on.dice))
                table = None
            else:
                t.add_row(Text("(empty)", style="dim"), "", "", "")
            continue
        c = CONTRACTS.get(slug)
        if c is None:
            t.add_row(slug, "", "", "")
            continue
        t.add_row(Text(c.name, style=KIND_STYLE.get(c.kind, "")), _reward(c), _req(c.req), str(c.dice))
    return t


def _on_table(d: dict[str, Any]) -> tuple[str, str] | None:
    """(slug, 'negotiation' | 'execution') of the contract the Mission Leader took, if any."""
    ex = d.get("execution")
    if ex and ex.get("contract") in CONTRACTS:
        return str(ex["contract"]), "execution"
    neg = d.get("negotiation")
    if neg and neg.get("contract") in CONTRACTS:
        return str(neg["contract"]), "negotiation"
    return None


def _contract_panel(d: dict[str, Any]) -> list[RenderableType]:
    """The contract under negotiation or in execution, for everyone (it left the display, 3.3.2)."""
    table = _on_table(d)
    if table is None:
        return []
    c = CONTRACTS[table[0]]
    t = Text(f"Contract in {table[1]}: ", style="bold")
    t.append(c.name, style="bold " + KIND_STYLE.get(c.kind, ""))
    t.append(f" ({c.kind}) · reward {c.prestige} Prestige, {c.credits} credits"
             + (f", {c.bonus} bonus card{'s' if c.bonus != 1 else ''}" if c.bonus else "")
             + (f", {c.faction.capitalize()} reputation" if c.faction else "")
             + f" · needs {_req_words(c.req)} · {c.dice} hazard di{'e' if c.dice == 1 else 'ce'}")
    return [t]


def _req_words(req: tuple[int, ...] | list[int]) -> str:
    return ", ".join(f"{n} {REQ_TYPES[i].capitalize()}" for i, n in enumerate(req) if n) or "nothing"


def brand(slug: str) -> str:
    """The brand of a ship part (Megaton, Specialist and other objectives count them)."""
    p = PARTS.get(slug)
    return p.brand.capitalize() if p is not None else ""


def _armory(d: dict[str, Any], text_width: int, cost_above: int | None = None) -> Table:
    """The Armory display; with `cost_above`, only the cards that cost more (the ones a buyer with
    that many credits cannot buy, which the buy menu does not list)."""
    title = f"Armory (decks: crew {d.get('crew_deck', 0)}, parts {d.get('part_deck', 0)})"
    if cost_above is not None:
        title = f"Armory beyond your {cost_above} credits (not in the menu)"
    t = Table(title=title, box=box.SIMPLE_HEAD, padding=(0, 1), title_justify="left", show_edge=False)
    t.add_column("card", no_wrap=True, max_width=20, overflow="ellipsis")
    t.add_column("brand", no_wrap=True)
    t.add_column("cost", justify="right", no_wrap=True)
    t.add_column("text", no_wrap=True, max_width=text_width, overflow="ellipsis")
    for slug in d.get("crew_row", []):
        if slug is None:
            continue
        c = CREW.get(slug)
        if c is not None and (cost_above is None or c.cost > cost_above):
            t.add_row(Text(c.name, style="cyan"), Text("crew", style="dim"), f"{c.cost}cr", c.text)
    for slug in d.get("part_row", []):
        if slug is None:
            continue
        p = PARTS.get(slug)
        if p is not None and (cost_above is None or p.cost > cost_above):
            cards = "+" + "/".join(BASIC_NAMES[b].replace("Damage ", "D") for b in p.cards) + " "
            if not p.cards:
                cards = ""
            t.add_row(Text(p.name, style="magenta"),
                      Text(p.brand.capitalize(), style=FACTION_STYLE.get(p.brand, "")), f"{p.cost}cr",
                      cards + p.text)
    return t


def _unaffordable(d: dict[str, Any], credits: int) -> bool:
    """True when some card on the Armory display costs more than `credits` (3.5.3)."""
    costs = [CREW[c].cost for c in d.get("crew_row", []) if c in CREW]
    costs += [PARTS[p].cost for p in d.get("part_row", []) if p in PARTS]
    return any(cost > credits for cost in costs)


def _deciding_here(view: View, d: dict[str, Any], decision: str) -> bool:
    dec = d.get("decision") or {}
    return (dec.get("decision") == decision and view.player is not None
            and dec.get("player") == f"p{view.player + 1}")


def _buying_here(view: View, d: dict[str, Any]) -> bool:
    return _deciding_here(view, d, "buying")


def _display_line(d: dict[str, Any]) -> Text:
    t = Text("Contracts on display (the menu lists what you can buy, with costs and brands): ", style="bold")
    t.append(", ".join(CONTRACTS[c].name for c in d.get("contracts", []) if c in CONTRACTS), style="dim")
    return t


def _armory_line(d: dict[str, Any]) -> Text:
    names = [CREW[c].name for c in d.get("crew_row", []) if c in CREW]
    names += [f"{PARTS[p].name} ({PARTS[p].brand.capitalize()})" for p in d.get("part_row", []) if p in PARTS]
    t = Text("Armory (costs and texts in the buy phase, or from 128 columns): ", style="bold")
    t.append(", ".join(names) or "empty", style="dim")
    return t


def _players(view: View, d: dict[str, Any], parts_column: bool = True) -> Table:
    ml = d.get("mission_leader")
    dec = d.get("decision") or {}
    to_act = dec.get("player")
    bt = any("reputation" in p for p in d.get("players", []))
    t = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    cols = ["captain", "P", "cr", "hand/draw/disc", "obj"] + (["rep"] if bt else []) + (
        ["parts"] if parts_column else [])
    for col in cols:
        t.add_column(col, no_wrap=col != "parts", justify="right" if col in ("P", "cr") else "left",
                     overflow="fold")
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
        parts = _parts_text(p)
        row: list[Any] = [name, str(p.get("prestige", 0)), str(p.get("credits", 0)),
                          f"{p.get('hand_size', 0)}/{p.get('draw_size', 0)}/{len(p.get('discard', []))}",
                          obj]
        if bt:
            rep = p.get("reputation", {})
            cell = Text()
            for f, n in rep.items():
                cell.append(f"{f[0].upper()}{n} ", style=FACTION_STYLE.get(f, ""))
            row.append(cell if rep else "—")
        if parts_column:
            row.append(parts if p.get("parts") else "—")
        t.add_row(*row)
    return t


def _parts_text(p: dict[str, Any]) -> Text:
    parts = Text()
    for k, x in enumerate(p.get("parts", [])):
        parts.append((", " if k else "") + card_name(x).removeprefix("The "))
        parts.append(f" ({brand(x)[:3]})", style=FACTION_STYLE.get(brand(x).lower(), ""))
    return parts


def _parts_lines(d: dict[str, Any]) -> list[RenderableType]:
    """Narrow screens: the installed parts (with brands) under the captains, one line for all."""
    t = Text("Parts: ", style="bold")
    any_parts = False
    for p in d.get("players", []):
        if p.get("parts"):
            t.append(("; " if any_parts else "") + seat_label(str(p.get("seat"))) + " ", style="bold")
            t.append_text(_parts_text(p))
            any_parts = True
    return [t] if any_parts else []


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
        t.append("; ".join(f"{o.name} ({o.text.rstrip('.')})" if o is not None else str(s)
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
    pending = [seat for seat, a in neg.get("answers", {}).items() if a == "pending"]
    doing = (f"waiting for {', '.join(seat_label(x) for x in pending)}" if pending
             else "the Mission Leader decides" if step == "open" else f"the Mission Leader sets {step}")
    head.append(f" · proposal round {neg.get('round', 0)}/3 · {doing}")
    out.append(head)
    shares = neg.get("shares", {})
    answers = neg.get("answers", {})
    dice = list(neg.get("dice", []))
    for seat in neg.get("invitees", []):
        sh = shares.get(seat, [0, 0, 0])
        n_dice = sum(1 for x in dice if x == seat)
        terms = [f"{n} {word if n == 1 else many}" for n, word, many in
                 zip(sh, ("Prestige", "credit", "bonus card"), ("Prestige", "credits", "bonus cards"),
                     strict=False) if n]
        if n_dice:
            terms.append(f"{n_dice} hazard di{'e' if n_dice == 1 else 'ce'}")
        line = Text(f"  {seat_label(seat)} for " + (" and ".join(terms) if terms else "nothing"))
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


class Board:
    """The board for one view, laid out when Rich knows the width (`WIDE` and more: side by side).

    `sections` names its parts, so that a client printing to a pipe can leave out the parts that did
    not change since it last printed them (`spacetable.cli.terminal`)."""

    def __init__(self, view: View) -> None:
        self.view = view

    def sections(self, width: int) -> list[tuple[str, list[RenderableType]]]:
        d = self.view.data
        if width >= WIDE:
            top = Table.grid(padding=(0, 2))
            top.add_column()
            top.add_column()
            top.add_row(_contracts(d), _armory(d, max(TEXT_WIDTH, width - 101)))
            display: list[RenderableType] = [top]
        elif _deciding_here(self.view, d, "planning"):
            # narrow, at the viewer's own planning decision: the contracts matter, the Armory waits
            display = [_contracts(d), _armory_line(d)]
        elif _buying_here(self.view, d):
            # narrow, at the viewer's own buy decision: the menu lists every card it can buy with cost
            # and brand; the cards that cost more than its credits are in no menu, so they are shown
            credits = int(d.get("players", [])[self.view.player or 0].get("credits", 0))
            display = [_display_line(d)]
            if _unaffordable(d, credits):
                display.append(_armory(d, max(16, width - 41), cost_above=credits))
        elif d.get("phase") in ("negotiation", "execution") and _on_table(d) is not None:
            # narrow: the Armory waits for the buy phase (3.5); one line keeps what is on offer
            display = [_contracts(d), _armory_line(d)]
        else:
            display = [_contracts(d), _armory(d, max(16, width - 41))]
        ex = d.get("execution")
        return [("header", [_header(self.view, d)]), ("display and Armory", display),
                ("contract", _contract_panel(d)),
                ("captains", [_players(self.view, d, width >= WIDE),
                              *([] if width >= WIDE else _parts_lines(d)), *_mercenary(d)]),
                ("your cards", _own(self.view, d)), ("decision", _decision(self.view, d)),
                ("execution", _execution(ex) if ex else [])]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        for _, parts in self.sections(options.max_width):
            yield from parts


def render(view: View) -> RenderableType:
    """The board as `view.player` sees it (a spectator sees no hand)."""
    return Board(view)


# ---------------------------------------------------------------------------------------- terminal hooks
def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def menu_key(action: Action) -> tuple[int, int]:
    """Stable menu order: by kind (`KIND_ORDER`), then by the action space (catalog order, not hand order)."""
    kind = KIND_ORDER.index(action.kind) if action.kind in KIND_ORDER else len(KIND_ORDER)
    return kind, action.index


def intent_from_line(state: State, seat: int, line: str) -> dict[str, Any] | None:
    """A one-line proposal (`spacetable.games.moonrakers.proposal_syntax`) as the intent `intents.expand`
    takes."""
    from spacetable.games.moonrakers import intents

    if not proposal_syntax.is_proposal_line(line):
        return None
    return proposal_syntax.intent_from_line(line, intents.offered(state, seat))  # type: ignore[arg-type]


def menu_group(state: State, kind: str) -> str | None:
    """One menu line for all the entries of a kind that only differ by the card they name."""
    if kind == "swap":
        return "Pay 1 credit: replace that contract with the top of the contract deck"
    if kind == "armory-swap":
        from spacetable.games.moonrakers import intents

        form = intents.offered(state, state.current_player())  # type: ignore[arg-type]
        cost = form.get("armory_swap_cost") if form else None
        price = "Free" if not cost else f"Pay {cost} credit{'s' if cost != 1 else ''}"
        return f"{price}: discard that card from the Armory and refill its slot"
    return None


def describe_intent(intent: dict[str, Any]) -> str:
    return "proposes " + proposal_syntax.describe_intent(intent)


def menu_hints(state: State, seat: int) -> list[str]:
    """The one-line proposal when one can be made now (3.3.3), and the Armory discard's cost."""
    from spacetable.games.moonrakers import intents

    form = intents.offered(state, seat)  # type: ignore[arg-type]
    if not form or form.get("kind") != "proposal":
        return []
    lines = [f"Or the whole proposal in one line: {proposal_syntax.example_line(form)}"
             + (" rep p2" if form.get("faction_reward") else "")]
    if form.get("previous"):
        lines.append("repeat — the last proposal again · raise — again with +1 credit for each who "
                     "declined · raise p2:1cr — add to the last shares")
    return lines


def standings(state: State) -> tuple[list[str], list[list[str]]]:
    """End of game (8.9): captains by result, then Prestige and credits; claimed objectives and parts."""
    d = state.view(None).data
    winners = set(d.get("winners") or [])
    rows: list[tuple[tuple[int, int, int], list[str]]] = []
    for p in d.get("players", []):
        seat = str(p.get("seat"))
        claimed = [card_name(o) for o in p.get("claimed", [])]
        parts = [f"{card_name(x)} ({brand(x)})" for x in p.get("parts", [])]
        result = "won" if seat in winners else ""
        row = [seat_label(seat) + " " + str(p.get("faction", "")).capitalize(), result,
               str(p.get("prestige", 0)), str(p.get("credits", 0)),
               f"{len(claimed)}: " + ", ".join(claimed) if claimed else "0",
               ", ".join(parts) or "none"]
        key = (0 if seat in winners else 1, -int(p.get("prestige", 0)), -int(p.get("credits", 0)))
        rows.append((key, row))
    rows.sort(key=lambda kr: kr[0])
    header = ["captain", "result", "Prestige", "credits", "objectives claimed", "parts (brand)"]
    if d.get("solo_score") is not None:
        header.append("solo score")
        for _, row in rows:
            row.append(str(d["solo_score"]))
    return header, [row for _, row in rows]
