"""The Moonrakers heuristic bot: registered, finishes games (7.1, 8.9), values cards from their data (a
part defined only in data that is strictly better than a printed one is bought at least as often), plays
to meet the contract (3.4.3, 3.4.4), and never depends on hidden information."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from spacetable.bots import moonrakers_heuristic as heuristic
from spacetable.bots.base import make_bot
from spacetable.bots.moonrakers_heuristic import (
    CREW_ACT,
    CREW_DMG,
    HeuristicBot,
    buy_choice,
    part_value,
)
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import new_game
from spacetable.games.moonrakers.card_facts import static_reduction
from spacetable.games.moonrakers.cards import Crew, Part, catalog_from_docs
from spacetable.sim.runner import play_out
from tests.bots.moonrakers_helpers import MAX_DECISIONS, config, execution, planning, positions


def test_registered_as_heuristic() -> None:
    bot = make_bot("moonrakers", "heuristic")
    assert isinstance(bot, HeuristicBot) and bot.name == "heuristic"


@pytest.mark.parametrize("cfg", [config(2), config(3, expansions=["binding-ties"])])
def test_games_end_with_a_winner_7_1(cfg: dict[str, Any]) -> None:
    bot, greedy = HeuristicBot(), make_bot("moonrakers", "greedy")
    s = new_game(cfg, 4)
    bots = [bot if i % 2 == 0 else greedy for i in range(cfg["players"])]
    result = play_out(s, bots, Rng(4), max_decisions=MAX_DECISIONS)
    assert result.finished and result.winners
    assert max(p.prestige for p in s.players) >= 10


def test_solo_game_ends_by_turn_10_8_9() -> None:
    s = new_game(config(1), 2)
    result = play_out(s, [HeuristicBot()], Rng(2), max_decisions=MAX_DECISIONS)
    assert result.finished and s.turn <= 10


# ---------------------------------------------------------------------------------------- card data
def _docs() -> dict[str, Any]:
    root = resources.files("spacetable.games.moonrakers").joinpath("data")
    return {k: json.loads(root.joinpath(f"{k}.json").read_text(encoding="utf-8"))
            for k in ("contracts", "crew", "ship_parts", "objectives")}


def _with_better(docs: dict[str, Any], slug: str, new_slug: str, name: str, op: str,
                 n: int) -> dict[str, Any]:
    """`docs` plus a copy of part `slug` whose `op` effects are raised to `n` (same cost, same cards)."""
    docs = copy.deepcopy(docs)
    raw = copy.deepcopy(next(c for c in docs["ship_parts"]["cards"] if c["slug"] == slug))
    raw["slug"], raw["name"] = new_slug, name
    raw["text"] = raw["text"] + " (improved)"

    def bump(ops: list[Any]) -> None:
        for e in ops:
            if e.get("op") == op:
                e["n"] = n
            bump(e.get("effects", []))

    bump(raw["effects"])
    docs["ship_parts"]["cards"].append(raw)
    return docs


BETTER = [("daburu-mk1", "daburu-mk2", "Daburu Mk2", "actions", 2),
          ("sapphire-mk2", "sapphire-mk3", "Sapphire Mk3", "reduce", 2),
          ("projector-s2", "projector-s3", "Projector S3", "draw", 2)]


@pytest.mark.parametrize(("old", "new", "name", "op", "n"), BETTER)
def test_a_part_only_in_data_that_is_strictly_better_is_bought_at_least_as_often(
        old: str, new: str, name: str, op: str, n: int) -> None:
    """A part added to the data files only (same cost and cards as a printed part, a larger effect) is
    valued above it and, over the same buying situations (3.5.1), bought at least as often."""
    cat = catalog_from_docs(_with_better(_docs(), old, new, name, op, n))
    weak, strong = cat.part(old), cat.part(new)
    assert strong.cost == weak.cost and strong.cards == weak.cards and strong.id >= len(A.CAT.parts)
    assert part_value(strong) > part_value(weak)
    others: list[Part | Crew] = [p for p in cat.parts if p.slug not in (old, new)] + list(cat.crew)
    r = random.Random(7)
    bought = {old: 0, new: 0}
    for _ in range(400):
        credits = r.randint(0, 12)
        owned = r.sample([p for p in cat.parts if p.slug not in (old, new)], r.randint(0, 4))
        row = r.sample(others, 5)
        slot = r.randrange(6)
        for card in (weak, strong):
            offers = row[:slot] + [card] + row[slot:]
            pick = buy_choice(credits, owned, offers, offers)
            if pick is card:
                bought[card.slug] += 1
    assert bought[new] >= bought[old] and bought[new] > 0, bought


def test_crew_knowledge_comes_from_effects() -> None:
    """Profiles are read from the effect ops: Ada Massa +3 Actions (net +2), Crusse Parke plays as
    Damage 4 (net −1 Action), a hook-only card is just 1 Crew."""
    assert CREW_ACT[A.CAT.crew_by_slug("ada-massa").id] == 2
    assert CREW_DMG[A.CAT.crew_by_slug("crusse-parke").id] == 4
    assert CREW_ACT[A.CAT.crew_by_slug("crusse-parke").id] == -1
    assert static_reduction(A.CAT.part("twin-jets-e4")) == (1, 1)
    assert static_reduction(A.CAT.part("escape-jets-e1")) == (-1, 0)


# ---------------------------------------------------------------------------------------- execution



def test_draws_for_the_missing_card_before_spending_the_action_3_4_3() -> None:
    """Claim Bounty (2 Reactor, 3 Damage) with Reactor, Thruster, Damage III in hand and one Reactor among
    4 cards in the pile: Reactor first (+2 Actions, 2.3), then the Thruster (1/2 to draw the Reactor)
    before the Damage III; the other order leaves no Action for a drawn Reactor."""
    s, ml = execution(["reactor", "thruster", "damage-3"], "claim-bounty",
                      draw=["reactor", "miss", "miss", "miss"])
    bot = HeuristicBot()
    assert str(bot.choose(s, ml, Rng(0))) == "play reactor"
    s.apply("play reactor")
    assert str(bot.choose(s, ml, Rng(0))) == "play thruster"


def test_passes_once_requirements_are_met_3_4_4() -> None:
    s, ml = execution(["thruster", "damage-1", "shield", "miss", "reactor"], "kill-slavers",
                      draw=["miss"] * 5)
    bot = HeuristicBot()
    for _ in range(8):
        a = bot.choose(s, ml, Rng(0))
        if a.kind == "pass":
            break
        s.apply(a)
    assert s.ex is not None and all(
        s.ex.pool[t] >= s.ex.target(t, A.CAT.contracts[s.ex.contract].req) for t in range(5))


# ---------------------------------------------------------------------------------------- no peeking
@pytest.mark.parametrize("cfg", [config(1), config(2), config(4), config(3, expansions=["binding-ties"])])
def test_choice_never_depends_on_hidden_information(cfg: dict[str, Any]) -> None:
    """The same choice from the real state and from `determinize(seat)` (other hands, objectives and
    every deck order, its own draw pile's included, resampled)."""
    bot = HeuristicBot()
    bad = checked = 0
    for seed in range(2):
        for state, seat in positions(HeuristicBot(), cfg, seed, every=3, limit=40):
            other = state.determinize(seat, Rng(1000 * seed + checked))
            assert other.view(seat) == state.view(seat)
            bad += bot.choose(state, seat, Rng(1)) != bot.choose(other, seat, Rng(1))
            checked += 1
    assert checked >= 40 and bad == 0


# ---------------------------------------------------------------------------------------- negotiation
def _answering(credits: int) -> tuple[Any, int, int]:
    """A 3-player game at an invitee's answer to Scout Cruiser (3 Prestige, 6 credits) offering it
    `credits` and no Prestige, every die on the Mission Leader."""
    s = planning(3)
    ml = s.ml
    c = A.CONTRACT_ID["scout-cruiser"]
    if c not in s.contracts:
        s.contracts[0] = c
    s.apply("take scout-cruiser")
    s.apply("propose")
    while s.decision_name() != "negotiation.answer":
        legal = s.legal_actions()
        name = s.decision_name()
        if name == "negotiation.invite":
            s.apply(legal[0])
        elif name == "negotiation.credits":
            s.apply(next(a for a in legal if a.kind == "credits" and a.args[1] == credits))
        elif name == "negotiation.prestige":
            s.apply(next(a for a in legal if a.kind == "prestige" and a.args[1] == 0))
        elif name == "negotiation.dice":
            s.apply(next(a for a in legal if a.kind == "die" and a.args[1] == A.SEATS[ml]))
        else:
            s.apply(next(a for a in legal if a.kind != "solo"))
    return s, ml, s.current_player()


def test_joins_to_sabotage_with_a_saboteur_objective_6_4() -> None:
    """Saboteur (claimed when a contract one joined as an ally fails): the bot accepts a deal worth
    nothing to it, then passes at every play step; without the objective it declines that deal."""
    s, ml, seat = _answering(0)
    bot = HeuristicBot()
    s.players[seat].objectives = []
    assert str(bot.choose(s, seat, Rng(0))) == "decline"
    s.players[seat].objectives = [A.OBJECTIVE_ID["saboteur"]]
    assert str(bot.choose(s, seat, Rng(0))) == "accept"


def test_will_not_hand_the_leader_the_game_7_1() -> None:
    s, ml, seat = _answering(2)
    bot = HeuristicBot()
    s.players[ml].prestige = 2
    assert str(bot.choose(s, seat, Rng(0))) == "accept"  # 2 credits, no risk
    s.players[ml].prestige = 8
    assert str(bot.choose(s, seat, Rng(0))) == "decline"


# ---------------------------------------------------------------------------------------- per-game memo
def _choices(bot: HeuristicBot, seed: int, players: int) -> list[int]:
    """The action indices `bot` (in every seat) chooses in game `seed` (chance from the state's rng)."""
    s = new_game(config(players), seed)
    rng = Rng(seed)
    log: list[int] = []
    while not s.is_terminal() and len(log) < MAX_DECISIONS:
        p = s.current_player()
        if p == CHANCE:
            s.sample_chance()
            continue
        a = bot.choose(s, p, rng)
        log.append(a.index)
        s.apply_fast(a)
    return log


_FRESH = """
import sys
from tests.bots.test_moonrakers_heuristic import HeuristicBot, _choices
print(_choices(HeuristicBot(), int(sys.argv[1]), int(sys.argv[2])))
"""


def test_the_exact_search_memo_belongs_to_one_game() -> None:
    """The exact-odds memo is the bot instance's and is dropped when another game (seed) starts, so a
    second game in the same process (and with the same bot) makes the choices a fresh process makes."""
    bot = HeuristicBot()
    first = _choices(bot, 3, 1)
    assert bot.odds.searches  # the first game left memos behind ...
    memo = next(iter(bot.odds.searches.values()))
    second = _choices(bot, 8, 1)  # ... which the second game does not reuse
    assert memo not in bot.odds.searches.values()
    assert HeuristicBot().odds.searches == {} and HeuristicBot().odds is not bot.odds
    for seed, log in ((8, second), (3, first)):
        out = subprocess.run([sys.executable, "-c", _FRESH, str(seed), "1"], capture_output=True, text=True,
                             check=True, cwd=Path(__file__).resolve().parents[2])
        assert json.loads(out.stdout) == log, f"game {seed}: choices differ from a fresh process"


# ---------------------------------------------------------------------------------------- hazard dice
def _at_dice(players: int = 4) -> tuple[Any, int, list[int]]:
    """A game at the first hazard-die step of a proposal (3.3.1) for a 3-dice contract: every other
    seat invited, no shares; the invitees hold no Shield in hand or draw pile and have 3 Prestige."""
    s = planning(players)
    ml = s.ml
    c = A.CONTRACT_ID["nova-bloom"]
    assert A.CAT.contracts[c].dice == 3
    if c not in s.contracts:
        s.contracts[0] = c
    s.apply("take nova-bloom")
    s.apply("propose")
    while s.decision_name() != "negotiation.dice":
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a.kind == "invite"), legal[0]))
    others = [q for q in range(players) if q != ml]
    for q in others:
        pl = s.players[q]
        pl.prestige = 3
        pl.hand = [A.CARD_ID["reactor"]] * 5
        pl.draw = [A.CARD_ID["thruster"]] * 5
        pl.discard = [A.CARD_ID["shield"]] * 2
    return s, ml, others


def test_hands_a_die_to_an_invitee_likely_to_block_it_3_4_8() -> None:
    """3.3.1: each die goes to one participant; an invitee whose hidden cards (hand and draw pile,
    known as a multiset: the discard pile is public) are mostly Shields is likely to block it (3.4.8),
    so the Mission Leader hands it the die; with no Shield left among them the die stays with the ML."""
    s, ml, others = _at_dice()
    bot = HeuristicBot()
    assert str(bot.choose(s, ml, Rng(0))) == f"die 1 {A.SEATS[ml]}"
    q = others[1]
    s.players[q].hand = [A.CARD_ID["shield"]] * 5
    s.players[q].draw = [A.CARD_ID["shield"]] * 3 + [A.CARD_ID["thruster"]] * 2
    assert str(bot.choose(s, ml, Rng(0))) == f"die 1 {A.SEATS[q]}"
    # the same multiset split otherwise between hand and draw pile (hidden): the same choice
    s.players[q].hand, s.players[q].draw = (s.players[q].draw, s.players[q].hand)
    assert str(bot.choose(s, ml, Rng(0))) == f"die 1 {A.SEATS[q]}"


def test_hands_a_die_to_an_invitee_with_no_prestige_to_lose_7_2() -> None:
    """7.2: Prestige never drops below 0, so an invitee with none (and no Prestige share) loses
    nothing to a die."""
    s, ml, others = _at_dice()
    s.players[others[2]].prestige = 0
    assert str(HeuristicBot().choose(s, ml, Rng(0))) == f"die 1 {A.SEATS[others[2]]}"


def test_shield_odds_are_hypergeometric() -> None:
    """p_shields: P(at least k Shields among the hand's cards) when the hand is drawn from hand and draw
    pile together (brute force over every hand of a small pile)."""
    from itertools import combinations

    from spacetable.bots.moonrakers_heuristic import p_shields

    s = planning(2)
    pl = s.players[0]
    pool = [A.CARD_ID[x] for x in ("shield", "shield", "shield", "reactor", "thruster", "miss", "reactor")]
    pl.hand, pl.draw, pl.unseen = pool[:3], pool[3:], []
    hands = list(combinations(range(len(pool)), 3))
    for k in range(5):
        want = sum(1 for h in hands if sum(pool[i] == A.CARD_ID["shield"] for i in h) >= k) / len(hands)
        assert abs(p_shields(s, 0, k) - want) < 1e-12


def test_blocks_a_hazard_die_when_the_contract_is_lost_3_4_8(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the (off by default) block rule on: Claim Bounty (2 Reactor, 3 Damage, 1 hazard die) alone
    with Damage III, Shield and Miss in hand and no Reactor in its pile: no play can meet it, but the
    die's icon costs Prestige whatever the outcome (3.4.9 step 3), so its one Action goes to the Shield
    (a block, 3.4.8); without the rule the greedy order plays the Damage III."""
    s, ml = execution(["damage-3", "shield", "miss"], "claim-bounty", dice=1, draw=["miss"] * 4)
    s.players[ml].prestige = 3
    assert s.ex.seats[ml].dice == [1] and s.ex.seats[ml].actions == 1
    assert str(HeuristicBot().choose(s, ml, Rng(0))) == "play damage-3"
    monkeypatch.setattr(heuristic, "BLOCK_WHEN_HOPELESS", True)
    assert str(HeuristicBot().choose(s, ml, Rng(0))) == "play shield"


def test_block_rule_plays_for_the_contract_while_it_can_be_met_3_4_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a Reactor and a Thruster added to that hand and a Reactor among its 4 pile cards, the
    contract can still be met (Reactor, Thruster for the second Reactor, Damage III): the rule does not
    give it up for the block."""
    monkeypatch.setattr(heuristic, "BLOCK_WHEN_HOPELESS", True)
    s, ml = execution(["reactor", "thruster", "damage-3", "shield"], "claim-bounty", dice=1,
                      draw=["reactor", "miss", "miss", "miss"])
    s.players[ml].prestige = 3
    assert str(HeuristicBot().choose(s, ml, Rng(0))) == "play reactor"


def test_shield_first_blocks_with_a_spare_action_3_4_8(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the (off by default) Shield-first rule on: Claim Bounty (2 Reactor, 3 Damage, 1 hazard die
    showing 1) alone with Reactor, Reactor, Damage III, Shield in hand. With 1 Action a Shield first
    would leave none for the Reactors, so it plays a Reactor; with the 2 Actions that gives, a Shield
    first still leaves the Action for the second Reactor (+2, 2.3) and the Damage III, so it blocks the
    icon (3.4.8, 3.4.9 step 3) first."""
    s, ml = execution(["reactor", "reactor", "damage-3", "shield"], "claim-bounty", dice=1, draw=["miss"] * 4)
    s.players[ml].prestige = 3
    assert s.ex.seats[ml].dice == [1] and s.ex.seats[ml].actions == 1
    monkeypatch.setattr(heuristic, "SHIELD_FIRST", True)
    assert str(HeuristicBot().choose(s, ml, Rng(0))) == "play reactor"
    s.apply("play reactor")
    assert str(HeuristicBot().choose(s, ml, Rng(0))) == "play shield"
    monkeypatch.setattr(heuristic, "SHIELD_FIRST", False)
    assert str(HeuristicBot().choose(s, ml, Rng(0))) != "play shield"


def test_shield_first_counts_the_mercenary_row_8_4(monkeypatch: pytest.MonkeyPatch) -> None:
    """The basic cards of the Mercenary row (8.5) count toward what is still missing."""
    s, ml = execution(["damage-1", "shield"], "claim-bounty", dice=1, draw=["miss"] * 4)
    s.merc_row = [A.CARD_ID["reactor"], A.CARD_ID["reactor"], A.CARD_ID["damage-3"]]
    assert heuristic.merc_left(s, [2, 0, 0, 3, 0]) == (0, 0, 0, 0, 0)
    assert heuristic.merc_left(s, [3, 1, 0, 4, 0]) == (1, 1, 0, 1, 0)


# ---------------------------------------------------------------------------------------- hand and deck
def test_joining_replaces_the_hand_so_a_dead_hand_gains_by_it_3_4_9() -> None:
    """3.4.9 step 5: a participant's hand is discarded and a fresh one drawn. A hand of five Misses
    gains by that (its pile holds the starting deck's useful cards); a strong hand over a pile of
    Misses loses by it. Only the pile's contents count, never its order. The display holds two
    contracts those cards meet in two plays (Kill Slavers: 1 Thruster, 1 Damage; Blockade Run: 1
    Thruster, 1 Shield; no hazard dice), whatever the seed dealt."""
    s = planning(2)
    s.contracts[:2] = [A.CONTRACT_ID["kill-slavers"], A.CONTRACT_ID["blockade-run"]]
    me = (s.ml + 1) % 2
    pl = s.players[me]
    pl.hand = [A.CARD_ID["miss"]] * 5
    pl.draw = [A.CARD_ID[x] for x in ["reactor"] * 3 + ["thruster"] * 2 + ["damage-1"] * 2 + ["shield"] * 2]
    pl.discard = []
    gain = heuristic.hand_swap_value(s, me, -1)
    assert gain > 0
    pl.draw.reverse()
    assert heuristic.hand_swap_value(s, me, -1) == gain
    pl.hand, pl.draw = pl.draw[:5], [A.CARD_ID["miss"]] * 5
    assert heuristic.hand_swap_value(s, me, -1) < 0


def test_deck_fit_counts_a_card_by_what_it_adds_to_the_deck_5_2() -> None:
    """A crew card giving Actions (Ada Massa, +3) fits a deck of Damage cards with one Reactor better
    than a Miss-like crew card that only counts as 1 Crew; the fit reads the deck's contents only."""
    s = planning(2)
    me = s.ml
    pl = s.players[me]
    pl.hand = [A.CARD_ID[x] for x in ["damage-3", "damage-2", "damage-1", "thruster", "shield"]]
    pl.draw = [A.CARD_ID[x] for x in ["damage-3", "damage-2", "reactor", "shield", "miss"]]
    pl.discard = []
    ada, plain = A.CAT.crew_by_slug("ada-massa"), A.CAT.crew_by_slug("metaxis")
    fit = heuristic.deck_fit(s, me, [ada, plain])
    assert fit[id(ada)] > fit[id(plain)]
    pl.draw.reverse()
    assert heuristic.deck_fit(s, me, [ada, plain]) == fit


def test_a_hooked_parts_use_follows_its_bot_hint_not_its_text() -> None:
    """A part whose ability is a named hook has no ops to read: when to use it is its card's bot hint
    (`use_when`), the same judgement the greedy bot reads (Binding Ties parts)."""
    need, short = [0, 0, 0, 0, 0], [0, 0, 0, 1, 0]
    use = heuristic.HEURISTIC_TABLES.use_when
    assert A.CAT.part("envoy-shuttle").bot.use_when == "never"
    envoy = use["envoy-shuttle"]
    assert not any(envoy(n, r, a) for n in (need, short) for r in (False, True) for a in (0, 2))
    assert A.CAT.part("proto-warning-system").bot.use_when == "at-risk"
    warn = use["proto-warning-system"]
    assert warn(need, True, 2) and not warn(short, False, 0)
    assert A.CAT.part("pulse-exchange").bot.use_when == "short-no-actions"
    assert use["pulse-exchange"](short, False, 0) and not use["pulse-exchange"](short, False, 1)
