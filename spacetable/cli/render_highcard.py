"""Terminal board for Highcard: scores, the cards on the table and, for a seat, its own hand; and the
end-of-game `standings` (the hook `spacetable.cli.views` describes)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from spacetable.engine.state import State, View
from spacetable.games.highcard.state import card_label


def render(view: View) -> RenderableType:
    """The board as `view.player` sees it (a spectator sees no hand)."""
    d = view.data
    head = Text(f"Round {d['round']}/{d['rounds']}  prize {d['prize']}  ", style="bold")
    head.append(f"deck {d['deck_size']}  mode {d['mode']}")
    table = Table(show_edge=False)
    for col in ("seat", "prestige", "cards in hand", "on the table"):
        table.add_column(col)
    for seat, score in enumerate(d["scores"]):
        played = d["table"][seat]
        marks = (" (you)" if seat == view.player else "") + (" ◀" if seat == d["to_act"] else "")
        table.add_row(f"Seat {seat + 1}{marks}", str(score), str(d["hand_sizes"][seat]),
                      card_label(played) if played else "")
    parts: list[RenderableType] = [head, table]
    if d["discards"]:
        parts.append(Text("Discarded: " + ", ".join(card_label(c) for c in d["discards"])))
    if "hand" in d:
        parts.append(Text("Your hand: " + ", ".join(card_label(c) for c in d["hand"]), style="green"))
    return Group(*parts)


def standings(state: State) -> tuple[list[str], list[list[str]]]:
    """End of game: seats by prestige (H7: the most prestige wins; ties share)."""
    d = state.view(None).data
    winners = set(state.winners())
    order = sorted(range(len(d["scores"])), key=lambda i: -d["scores"][i])
    return ["seat", "result", "prestige"], [
        [f"Seat {i + 1}", "won" if i in winners else "", str(d["scores"][i])] for i in order]
