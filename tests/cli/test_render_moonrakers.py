"""The Moonrakers terminal board: key information at every phase, never another player's hand (1.2),
laid out for 80 columns without losing a column, and using 200 columns side by side."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from spacetable.bots.moonrakers_greedy import GreedyBot
from spacetable.cli.render_moonrakers import CONTRACTS, CREW, PARTS, card_name, render
from spacetable.cli.views import find_renderer
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import new_game
from spacetable.games.moonrakers.state import MoonrakersState


def text_of(s: MoonrakersState, seat: int | None, width: int = 100) -> str:
    console = Console(record=True, width=width, file=io.StringIO())
    console.print(render(s.view(seat)))
    return console.export_text()


def snapshots(cfg: dict[str, Any], seed: int, limit: int = 4000) -> dict[str, tuple[MoonrakersState, int]]:
    """The first state of each decision kind in a greedy game, with the deciding seat."""
    bot = GreedyBot()
    s = new_game(cfg, seed)
    rng = Rng(seed)
    out: dict[str, tuple[MoonrakersState, int]] = {}
    for _ in range(limit):
        if s.is_terminal():
            break
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        out.setdefault(s.decision_name(), (s.copy(), p))
        s.apply_fast(bot.choose(s, p, rng))
    out["game-over"] = (s, 0)
    return out


CFG2 = {"players": 2, "modules": [], "expansions": []}
CFG3 = {"players": 3, "modules": [], "expansions": ["binding-ties"]}


def test_found_by_the_terminal_client() -> None:
    assert find_renderer("moonrakers") is render


def test_planning_shows_display_armory_players_and_own_cards() -> None:
    s, seat = snapshots(CFG2, 1)["planning"]
    out = text_of(s, seat)
    for c in s.contracts:  # 4.3: the 8 face-up contracts with rewards, needs and dice
        ct = A.CAT.contracts[c]
        assert ct.name[:15] in out
    first = A.CAT.contracts[s.contracts[0]]
    line = next(ln for ln in out.splitlines() if first.name[:15] in ln)
    assert f"{first.prestige}P {first.credits}cr" in line and str(first.dice) in line
    for c in s.crew_row:  # 5.1: 3 crew and 6 parts with costs
        assert A.CAT.crew[c].name[:12] in out
    for p in s.part_row:
        assert A.CAT.parts[p].name[:12] in out
    assert "Mission Leader P" in out and "Decision: planning" in out
    assert "Your hand:" in out and "Your objectives:" in out and "Your draw pile:" in out
    for card in set(s.players[seat].hand):
        assert card_name(A.CARD_SLUGS[card]) in out
    for o in s.players[seat].objectives:
        assert A.CAT.objectives[o].name in out
    assert "Mercenary row:" in out  # 8.3: 1–2 players


def test_execution_shows_pool_against_target_and_participants() -> None:
    s, seat = snapshots(CFG2, 1)["execution.play"]
    out = text_of(s, seat)
    ex = s.ex
    assert ex is not None
    assert "Execution: " + A.CAT.contracts[ex.contract].name in out
    assert "need:" in out
    for t, name in enumerate(("reactor", "thruster", "shield", "damage", "crew")):
        target = ex.target(t, A.CAT.contracts[ex.contract].req)
        if target:
            assert f"{name} {ex.pool[t]}/{target}" in out
    assert "participant" in out and "blocks" in out and "actions" in out


def test_negotiation_reads_as_a_deal() -> None:
    snaps = snapshots(CFG3, 2)
    key = next(k for k in ("negotiation.credits", "negotiation.prestige", "negotiation.dice") if k in snaps)
    s, seat = snaps[key]
    out = text_of(s, seat)
    assert "Negotiation for" in out and "proposal round 1/3" in out
    assert "[pending]" in out
    assert "rep" in out  # Binding Ties: the reputation terminals


def test_crew_choice_shows_its_options() -> None:
    for seed in range(6):
        snaps = snapshots(CFG2, seed)
        if "choice.crew.option" in snaps:
            s, seat = snaps["choice.crew.option"]
            out = text_of(s, seat)
            assert "options: 1) " in out
            return
    raise AssertionError("no crew option choice in six games")


def test_game_over_names_the_winner() -> None:
    s, _ = snapshots(CFG2, 3)["game-over"]
    out = text_of(s, None)
    assert "GAME OVER" in out and "spectator" in out
    assert f"P{s.winners()[0] + 1} win" in out


def test_another_players_hand_never_appears() -> None:
    """1.2: hands are hidden. A crew card seen nowhere else is put in P2's hand: only P2 sees it."""
    s = new_game(CFG2, 4)
    visible = set(s.crew_row) | {c - 7 for c in s.merc_row if c >= 7}
    secret = next(c for c in CREW.values() if c.id not in visible and c.set == "BG")
    s.players[1].hand.append(secret.id + 7)
    assert secret.name in text_of(s, 1)
    assert secret.name not in text_of(s, 0)
    assert secret.name not in text_of(s, None)
    assert "Your hand:" not in text_of(s, None)


BT5 = {"players": 5, "modules": [], "expansions": ["binding-ties"]}


def test_80_columns_keep_every_column_and_whole_requirements() -> None:
    """At 80 columns the dice and cost columns stay and requirements are never cut (Royal
    Cargo keeps its C2); every line fits and a decision screen fits 50 rows."""
    for cfg in (CFG2, BT5):
        for name, (s, seat) in snapshots(cfg, 5).items():
            out = text_of(s, seat, 80)
            lines = out.splitlines()
            assert max(len(ln) for ln in lines) <= 80, name
            assert len(lines) <= 50, (name, len(lines))
            contracts = [A.CAT.contracts[c] for c in s.contracts if c >= 0]
            if "Contracts (deck" in out:
                assert "needs" in out and "dice" in out
                for c in contracts:
                    row = next(ln for ln in lines if ln.startswith((f" {c.name}", f" → {c.name}")))
                    needs = " ".join(f"{'RTSDC'[i]}{n}" for i, n in enumerate(c.req) if n)
                    assert f" {needs} " in row and row.rstrip().endswith(str(c.dice)), (name, row)
            if "Armory (decks" in out:
                assert "brand" in out and "cost" in out
                for p in s.part_row:
                    part = A.CAT.parts[p]
                    row = next(ln for ln in lines if ln.startswith(f" {part.name}"))
                    assert part.brand.capitalize() in row and f"{part.cost}cr" in row


def test_200_columns_side_by_side_with_whole_objectives() -> None:
    """A wide screen puts the display beside the Armory; objectives are never cut."""
    s, seat = snapshots(BT5, 5)["buying"]
    out = text_of(s, seat, 200)
    assert any("Contracts (deck" in ln and "Armory (decks" in ln for ln in out.splitlines())
    for o in s.players[seat].objectives:
        assert A.CAT.objectives[o].text.rstrip(".") in " ".join(out.split())
    header = next(ln for ln in out.splitlines() if ln.lstrip().startswith("captain"))
    assert header.index("rep") < header.index("parts")  # parts last: they never push reputation right


def test_contract_under_negotiation_stays_on_screen_for_everyone() -> None:
    """3.3.3: an invitee (and a spectator) sees the contract it is asked to join, with its
    requirements, rewards and dice, although it has left the display."""
    s, seat = snapshots(CFG3, 2)["negotiation.answer"]
    neg = next(f for f in s.stack if type(f).__name__ == "Negotiate")
    c = A.CAT.contracts[neg.contract]  # type: ignore[attr-defined]
    for who in (seat, None):
        out = " ".join(text_of(s, who, 80).split())
        assert f"Contract in negotiation: {c.name}" in out
        assert f"reward {c.prestige} Prestige, {c.credits} credits" in out
        assert f"{c.dice} hazard di" in out
        assert f"→ {c.name}" in out  # its display slot says where it went
        assert "(empty)" not in out
    s, seat = snapshots(CFG3, 2)["execution.play"]
    assert s.ex is not None
    assert f"Contract in execution: {A.CAT.contracts[s.ex.contract].name}" in text_of(s, seat, 80)


def test_ship_part_brands_in_every_players_parts() -> None:
    """Objectives such as Megaton and Specialist count brands: every installed part shows its brand."""
    s, seat = snapshots(BT5, 5)["game-over"]
    out = " ".join(text_of(s, None, 200).split())
    narrow = " ".join(text_of(s, None, 80).split())
    for p in s.players:
        for part in p.parts:
            card = A.CAT.parts[part]
            shown = f"{card.name.removeprefix('The ')} ({card.brand.capitalize()[:3]})"
            assert shown in out and shown in narrow


def test_catalog_lookups_cover_every_card() -> None:
    assert len(CONTRACTS) == len(A.CAT.contracts) and len(PARTS) == len(A.CAT.parts)
    assert card_name("damage-3") == "Damage III" and card_name("no-such-card") == "no-such-card"
