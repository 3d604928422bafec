"""Binding Ties rulebook, paragraph by paragraph (headings cited in each test's docstring).

Positions are built through the real decisions (tests/games/moonrakers/helpers.py); reputation is set
directly where a test needs a particular Reputation Terminal.
"""

from __future__ import annotations

import pytest

from spacetable.bots import moonrakers_reputation
from spacetable.bots.moonrakers_greedy import GreedyBot
from spacetable.engine.errors import ConfigError
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import new_game, reputation
from spacetable.games.moonrakers.cards import FACTIONS
from spacetable.games.moonrakers.game import Moonrakers
from spacetable.games.moonrakers.reputation import BONUS, CREDIT, factions, window_open
from spacetable.games.moonrakers.rules import armory_swap_cost
from spacetable.games.moonrakers.state import EXECUTION
from tests.games.moonrakers.helpers import (
    answer,
    assert_illegal,
    cid,
    events,
    game,
    legal,
    mission,
    pass_all,
    propose,
    roll,
    set_hand,
    take,
)

MAG, HEN, KOM, VEN, SOR = range(5)


def bt(players: int = 3, seed: int = 0) -> Moonrakers:
    return game(players, seed, bt=True)


def rep(s: Moonrakers, seat: int, **by_faction: int) -> None:
    """Set a Reputation Terminal: rep(s, 0, henko=3, komek=1)."""
    s.players[seat].rep = [by_faction.get(f, 0) for f in FACTIONS]


def spends(s: Moonrakers) -> list[str]:
    return [a for a in legal(s) if a.startswith(("spend", "trade"))]


def close_windows(s: Moonrakers) -> None:
    """Everyone asked in a row of "at any time" windows (docs/binding-ties.md) spends nothing."""
    while s.decision_name() == "reputation.window":
        s.apply("done")


def succeed(s: Moonrakers) -> None:
    """Every requirement met (targets to 0), then everyone passes: the contract succeeds."""
    assert s.ex is not None
    s.ex.reduce = [99] * 5
    pass_all(s)
    close_windows(s)


def fail(s: Moonrakers) -> None:
    pass_all(s)
    close_windows(s)


def to_buy(s: Moonrakers) -> None:
    """From after an execution: answer remaining choices with the last option (windows: `done`)
    until the buy phase."""
    while s.decision_name() != "buying":
        s.apply("done" if s.decision_name() == "reputation.window" else s.legal_actions()[-1])


# ------------------------------------------------------------------------------- Game Setup
@pytest.mark.parametrize("players", [1, 2, 6])
def test_setup_note_only_3_to_5_players(players: int) -> None:
    """Game Setup, NOTE: Binding Ties can only be played with 3-5 players."""
    with pytest.raises(ConfigError):
        new_game({"players": players, "modules": [], "expansions": ["binding-ties"]}, 1)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_3_to_5_players_accepted(players: int) -> None:
    s = new_game({"players": players, "modules": [], "expansions": ["binding-ties"]}, 1)
    assert s.bt


def _all_cards(s: Moonrakers) -> tuple[set[int], set[int], set[int], set[int]]:
    crew = set(s.crew_deck) | {c for c in s.crew_row if c >= 0}
    parts = set(s.part_deck) | {p for p in s.part_row if p >= 0}
    contracts = set(s.contract_deck) | {c for c in s.contracts if c >= 0}
    objs = set(s.objective_deck)
    for p in s.players:
        objs |= set(p.objectives)
    for f in s.stack:
        objs |= set(getattr(f, "cards", getattr(f, "dealt", [])))  # objectives being chosen
    return crew, parts, contracts, objs


def test_setup_armory_and_dispatch_boards_include_bt_cards() -> None:
    """Components (10 each of objectives, contracts, parts, crew) and Game Setup, Armory Board 1–2 and
    Dispatch Board 1–2: the BT cards are shuffled into the base decks; without the expansion they are
    absent."""
    s = new_game({"players": 3, "modules": [], "expansions": ["binding-ties"]}, 3)
    crew, parts, contracts, objs = _all_cards(s)
    cat = A.CAT
    for cards, pile in ((cat.crew, crew), (cat.parts, parts), (cat.contracts, contracts),
                        (cat.objectives, objs)):
        bt_ids = {c.id for c in cards if c.set == "BT"}
        assert len(bt_ids) == 10 and bt_ids <= pile
    base = new_game({"players": 3, "modules": [], "expansions": []}, 3)
    crew, parts, contracts, objs = _all_cards(base)
    assert not {c.id for c in cat.crew if c.set == "BT"} & crew
    assert not {c.id for c in cat.contracts if c.set == "BT"} & contracts


def test_setup_objectives_deal_3_keep_2() -> None:
    """Game Setup, Dispatch Board 2: each player is dealt 3 objectives and keeps 2."""
    s = bt()
    assert all(len(p.objectives) == 2 for p in s.players)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_reputation_terminals_start_at_zero_with_other_factions(players: int) -> None:
    """Game Setup, Reputation Terminals: a token of every other player's color on 0; unused colors
    (and one's own) are not on the terminal."""
    s = bt(players)
    for seat, p in enumerate(s.players):
        assert p.rep == [0] * 5
        assert factions(s, seat) == [f for f in range(players) if f != p.faction]
        shown = s.view(None).data["players"][seat]["reputation"]
        assert set(shown) == {FACTIONS[f] for f in factions(s, seat)}


# ------------------------------------------------------------------------------- Earning Reputation
def test_earning_allies_gain_with_each_others_faction() -> None:
    """Earning Reputation 1: players who complete a Contract together as Allies all gain 1 Faction
    Reputation with each other's Faction color (the Mission Leader included)."""
    s = bt(4)
    mission(s, "distress-beacon", [1, 3])  # a base contract: no faction reward
    succeed(s)
    assert s.players[0].rep == [0, 1, 0, 1, 0]
    assert s.players[1].rep == [1, 0, 0, 1, 0]
    assert s.players[3].rep == [1, 1, 0, 0, 0]
    assert s.players[2].rep == [0, 0, 0, 0, 0]  # not on the contract (Glossary: Allies)


def test_earning_contract_faction_reward_to_negotiated_receiver() -> None:
    """Earning Reputation 2: the faction reward is negotiated; its receiver gains 1 with that color."""
    s = bt()
    mission(s, "solar-shield", [2], rep_to=2)  # Solar Shield: Henko (green), played by seat 1
    succeed(s)
    assert s.players[2].rep[HEN] == 1
    assert s.players[2].rep[MAG] == 1  # allied with the ML
    assert s.players[0].rep == [0, 0, 1, 0, 0]  # the ML did not take the faction reward


def test_earning_faction_reward_defaults_to_ml_when_solo() -> None:
    """Earning Reputation 2: a lone Mission Leader gains the faction reward itself."""
    s = bt()
    mission(s, "solar-shield", [])
    succeed(s)
    assert s.players[0].rep == [0, 1, 0, 0, 0]


def test_earning_receiver_representing_the_faction_chooses() -> None:
    """Earning Reputation 2: if you represent that Faction, you choose which Faction to gain."""
    s = bt()
    mission(s, "solar-shield", [1], rep_to=1)  # seat 1 is Henko
    succeed(s)
    assert s.decision_name() == "choice.rep-gain" and s.current_player() == 1
    assert legal(s) == ["faction magnomi", "faction komek"]
    s.apply("faction komek")
    assert s.players[1].rep == [1, 0, 1, 0, 0]  # +1 Magnomi from allying, +1 Komek chosen


def test_earning_unrepresented_faction_reward_is_chosen() -> None:
    """Earning Reputation 2: if no player represents the Faction, the receiver chooses."""
    s = bt()  # three players: Magnomi, Henko, Komek; Emergency Council pays Sorelia
    mission(s, "emergency-council", [])
    succeed(s)
    assert s.decision_name() == "choice.rep-gain"
    assert legal(s) == ["faction henko", "faction komek"]
    s.apply("faction henko")
    assert s.players[0].rep == [0, 1, 0, 0, 0]


def test_earning_nothing_on_failure() -> None:
    """Earning Reputation: gains need a completed Contract (the faction reward is a contract reward)."""
    s = bt()
    mission(s, "solar-shield", [])
    fail(s)
    assert s.players[0].rep == [0] * 5
    assert not events(s, "rep-gain")


# ------------------------------------------------------------------------------- Recording Reputation
def test_recording_example_two_tokens_move_right() -> None:
    """Recording Reputation, example: completing a Contract with the Sorelia and Komek players moves
    the blue and purple tokens one space right."""
    s = bt(5)
    mission(s, "solar-shield", [2, 4])
    succeed(s)
    assert s.players[0].rep[KOM] == 1 and s.players[0].rep[SOR] == 1


def test_recording_never_above_5_nor_below_0() -> None:
    """Recording Reputation: no less than 0 and no more than 5 with any Faction."""
    s = bt()
    rep(s, 0, henko=5)
    assert reputation.gain(s, 0, HEN, 1, "t") == 0 and s.players[0].rep[HEN] == 5
    assert reputation.gain(s, 0, KOM, 9, "t") == 5 and s.players[0].rep[KOM] == 5
    assert reputation.lose(s, 0, KOM, 9, "t") == 5 and s.players[0].rep[KOM] == 0
    assert reputation.lose(s, 0, KOM, 1, "t") == 0 and s.players[0].rep[KOM] == 0


def test_recording_no_token_for_own_or_absent_faction() -> None:
    """Reputation Terminals: no token for one's own color nor for colors nobody plays."""
    s = bt()
    assert reputation.gain(s, 0, MAG, 1, "t") == 0
    assert reputation.gain(s, 0, SOR, 1, "t") == 0
    assert s.players[0].rep == [0] * 5


# ------------------------------------------------------------------------------- Spending Reputation
def test_spending_moves_tokens_left_and_same_needs_one_color() -> None:
    """Spending Reputation: SAME rewards take one color only; ANY rewards may mix colors."""
    s = bt()
    rep(s, 0, henko=1, komek=1)
    assert "spend credit" not in spends(s)  # 2 of the SAME color needed
    rep(s, 0, henko=2, komek=1)
    s.apply("spend credit")
    assert s.players[0].rep == [0, 0, 1, 0, 0] and s.players[0].credits == 3


def test_spending_same_asks_which_color_when_several_can_pay() -> None:
    """Spending Reputation (SAME): the payer picks the one color paying the whole cost."""
    s = bt()
    rep(s, 0, henko=2, komek=3)
    s.apply("spend credit")
    assert s.decision_name() == "choice.rep-pay" and legal(s) == ["faction henko", "faction komek"]
    s.apply("faction komek")
    assert s.players[0].rep == [0, 2, 1, 0, 0]


def test_spending_any_mixes_colors_one_step_at_a_time() -> None:
    """Spending Reputation (ANY): several colors, one token step per decision."""
    s = bt()
    rep(s, 0, henko=2, komek=2)
    s.apply("spend trash")
    assert legal(s) == ["faction henko", "faction komek"]
    s.apply("faction henko")
    assert s.players[0].rep == [0, 1, 2, 0, 0]
    s.apply("faction komek")
    s.apply("faction komek")
    assert s.players[0].rep == [0, 1, 0, 0, 0]
    assert s.decision_name() == "choice.rep-trash"


def test_spending_example_same_prestige_from_space_5() -> None:
    """Spending Reputation, Example (SAME): a token on 5 goes to 0 for 1 Prestige."""
    s = bt()
    rep(s, 0, henko=5, komek=4)
    s.apply("spend prestige")
    assert s.players[0].rep == [0, 0, 4, 0, 0] and s.players[0].prestige == 1


def test_spending_example_any_block_die_with_mixed_colors() -> None:
    """Spending Reputation, Example (ANY): 5 reputation in any mix blocks one die targeting you."""
    s = bt()
    mission(s, "solar-shield", [], icons=2)
    rep(s, 0, henko=3, komek=2)  # exactly 5: forced payment of everything
    s.apply("spend block")
    assert s.players[0].rep == [0] * 5
    assert s.ex is not None and s.ex.seats[0].blocked_dice == 0b1 and s.decision_name() == "execution.play"


def test_spending_not_offered_when_unaffordable() -> None:
    """Possible Rewards: a reward needs its full cost."""
    s = bt()
    rep(s, 0, henko=4)
    assert "spend prestige" not in spends(s)
    assert "spend objective" in spends(s)


# ------------------------------------------------------------------------------- Possible Rewards
def test_reward_discard_contract_ml_planning_repeatable() -> None:
    """Possible Rewards, Discard a Contract (SAME, 1): as Mission Leader during your planning phase,
    discard a Contract and draw a new one, as many times as you like."""
    s = bt()
    rep(s, 0, henko=2)
    c0 = s.contracts[0]
    top = s.contract_deck[-1]
    s.apply("spend discard-contract")
    s.apply(f"replace {A.CONTRACT_SLUGS[c0]}")
    assert s.contract_discard == [c0] and s.contracts[0] == top
    assert s.decision_name() == "planning" and "spend discard-contract" in spends(s)  # again
    s.apply("spend discard-contract")
    s.apply(f"replace {A.CONTRACT_SLUGS[s.contracts[1]]}")
    assert s.players[0].rep[HEN] == 0 and len(s.contract_discard) == 2


def test_reward_discard_contract_not_for_others_or_later() -> None:
    """Discard a Contract: only the Mission Leader, only in its planning phase."""
    s = bt()
    rep(s, 1, magnomi=3)
    rep(s, 0, henko=3)
    take(s, "solar-shield")
    assert "spend discard-contract" not in spends(s)  # negotiation: no longer planning
    propose(s, [1])
    assert s.current_player() == 1
    assert "spend discard-contract" not in spends(s)  # not the Mission Leader
    assert "spend credit" in spends(s)  # "any time" rewards are offered


def test_reward_discard_armory_ml_buy_phase_repeatable() -> None:
    """Possible Rewards, Discard an Armory Card (ANY, 1): as Mission Leader during your buy phase,
    discard a Ship Part or Crew and draw a new one, as many times as you like."""
    s = bt()
    rep(s, 0, henko=1, komek=1)
    assert "spend discard-armory" not in spends(s)  # planning, not buy phase
    mission(s, "solar-shield", [])
    fail(s)
    to_buy(s)
    part = s.part_row[2]
    top = s.part_deck[-1]
    for k in range(2):
        assert "spend discard-armory" in spends(s)
        s.apply("spend discard-armory")
        if k == 0:
            s.apply("faction henko")
            s.apply(f"armory-swap {A.PART_SLUGS[part]}")
            assert s.part_row[2] == top and s.part_deck[0] == part
        else:
            s.apply(f"armory-swap {A.PART_SLUGS[s.part_row[0]]}")
    assert s.players[0].rep == [0] * 5
    assert s.armory_swaps == 0  # the buy-phase discards of the New Buy Phase Rules are untouched


def test_reward_credit_any_time() -> None:
    """Possible Rewards, +1 Credit (SAME, 2): at any time."""
    s = bt()
    rep(s, 1, magnomi=2)
    take(s, "solar-shield")
    propose(s, [1])
    assert s.decision_name() == "negotiation.answer" and s.current_player() == 1
    s.apply("spend credit")
    assert s.players[1].credits == 3 and s.players[1].rep == [0] * 5
    assert s.decision_name() == "negotiation.answer"  # the decision is still to be made


def test_reward_action_or_card_only_in_own_contract() -> None:
    """Possible Rewards, +1 Action or Card (ANY, 2): during a Contract in which they participate."""
    s = bt()
    rep(s, 0, henko=1, komek=3)
    assert not {"spend action", "spend card"} & set(spends(s))  # planning
    mission(s, "solar-shield", [])
    assert {"spend action", "spend card"} <= set(spends(s))
    st = s.ex.seats[0] if s.ex else None
    assert st is not None
    s.apply("spend action")
    s.apply("faction komek")
    s.apply("faction komek")
    assert st.actions == 2 and st.rep_actions == 1
    hand = len(s.players[0].hand)
    s.apply("spend card")  # the remaining 2 are forced
    assert len(s.players[0].hand) == hand + 1 and st.rep_draws == 1
    assert s.players[0].rep == [0] * 5


def test_reward_objective_any_time() -> None:
    """Possible Rewards, Draw 1 Objective (SAME, 3): at any time."""
    s = bt()
    rep(s, 0, komek=3)
    top = s.objective_deck[-1]
    s.apply("spend objective")
    assert s.players[0].objectives[-1] == top and s.players[0].rep[KOM] == 0


def test_reward_trash_card_no_replacement() -> None:
    """Possible Rewards, Trash a Card (ANY, 3): trash a card from hand; no card replaces it."""
    s = bt()
    rep(s, 0, komek=3)
    set_hand(s, 0, ["miss", "reactor"])
    pl = s.players[0]
    misses = (pl.hand + pl.discard + pl.draw).count(cid("miss"))  # the deck holds other Misses too
    s.apply("spend trash")
    assert legal(s) == ["trash reactor", "trash miss"]
    s.apply("trash miss")
    assert pl.hand == [cid("reactor")]  # no card replaces it
    assert (pl.hand + pl.discard + pl.draw).count(cid("miss")) == misses - 1  # gone from the deck


def test_reward_subtract_2_from_one_requirement_in_contract() -> None:
    """Possible Rewards, Subtract 2 from any 1 requirement (SAME, 4): during a Contract."""
    s = bt()
    rep(s, 0, komek=4)
    assert "spend reduce" not in spends(s)
    mission(s, "solar-shield", [])  # needs 1 Shield, 2 Damage
    s.apply("spend reduce")
    assert legal(s) == ["reduce shield", "reduce damage"]  # only requirements above 0
    s.apply("reduce damage")
    assert s.ex is not None and s.ex.reduce[3] == 2


def test_reward_bonus_card_keep_or_discard() -> None:
    """Possible Rewards, Bonus Card (ANY, 4): draw the top Crew or Ship Part card; may discard it."""
    s = bt()
    rep(s, 0, henko=2, komek=2)
    crew_top = s.crew_deck[-1]
    part_top = s.part_deck[-1]
    s.apply("spend bonus")  # 4 of 4: forced payment
    assert legal(s) == ["bonus-crew", "bonus-part"]
    s.apply("bonus-crew")
    assert legal(s) == ["yes", "no"]
    s.apply("yes")
    assert s.players[0].discard[-1] == crew_top + A.CREW_BASE
    rep(s, 0, henko=4)
    s.apply("spend bonus")
    s.apply("bonus-part")
    s.apply("no")
    assert s.part_deck[0] == part_top and part_top not in s.players[0].parts


def test_reward_bonus_not_in_another_players_buy_phase() -> None:
    """Possible Rewards, Bonus Card: any time other than another player's buy phase."""
    s = bt()
    rep(s, 1, magnomi=4)
    mission(s, "solar-shield", [])
    fail(s)
    to_buy(s)
    assert window_open(s, 0, BONUS) and not window_open(s, 1, BONUS)
    assert window_open(s, 1, CREDIT)


def test_reward_prestige_any_time() -> None:
    """Possible Rewards, +1 Prestige (SAME, 5)."""
    s = bt()
    rep(s, 0, henko=5)
    s.apply("spend prestige")
    assert s.players[0].prestige == 1


def test_reward_block_one_die_targeting_you() -> None:
    """Possible Rewards, Block 1 Hazard Die (ANY, 5): a die targeting them, during a Contract."""
    s = bt()
    rep(s, 0, henko=5, komek=1)
    mission(s, "solar-flares", [], icons=[1, 2])
    s.apply("spend block")
    s.apply("faction henko")
    for _ in range(4):
        s.apply("faction henko")
    assert legal(s) == ["target 1", "target 2"]
    s.apply("target 2")
    assert s.ex is not None and s.ex.seats[0].blocked_dice == 0b10 and s.ex.seats[0].blocks == 0
    st = s.ex.seats[0]
    st.blocks = 1
    rep(s, 0, henko=5)
    assert "spend block" not in spends(s)  # nothing left unblocked


# ------------------------------------------------------------------------------- Trading Reputation
def test_trading_3_for_1_of_another_color() -> None:
    """Trading Reputation: any combination of 3 for 1 of another color, at any time (3:1)."""
    s = bt(4)
    rep(s, 0, henko=2, komek=1, ventus=4)
    assert "trade henko" in spends(s) and "trade ventus" in spends(s)
    s.apply("trade henko")
    assert legal(s) == ["faction komek", "faction ventus"]  # never the color being bought
    s.apply("faction komek")  # the last 2 can only come from Ventus: paid without asking
    assert s.players[0].rep == [0, 3, 0, 2, 0]


def test_trading_needs_3_of_other_colors_and_room() -> None:
    """Trading Reputation: 3 of other colors; no trade into a color already at 5."""
    s = bt()
    rep(s, 0, henko=5, komek=2)
    assert spends(s).count("trade komek") == 1 and "trade henko" not in spends(s)
    rep(s, 0, henko=2, komek=0)
    assert "trade komek" not in spends(s)


# ------------------------------------------------------------------------------- Losing Reputation
def test_losing_failed_contract_with_allies() -> None:
    """Losing Reputation, example: Komek and Henko players fail together: each moves the token of
    the ally's color one space left (never below 0)."""
    s = game(3, 1, first=1, bt=True)  # the Henko player leads
    rep(s, 1, komek=2, magnomi=1)
    rep(s, 2, henko=0)
    mission(s, "solar-shield", [2])
    fail(s)
    assert s.players[1].rep == [1, 0, 1, 0, 0]
    assert s.players[2].rep == [0] * 5  # already 0: stays 0


def test_losing_ml_alone_no_penalty() -> None:
    """Losing Reputation: a Mission Leader who fails alone loses nothing."""
    s = bt()
    rep(s, 0, henko=3, komek=3)
    mission(s, "solar-shield", [])
    fail(s)
    assert s.players[0].rep == [0, 3, 3, 0, 0]


# ------------------------------------------------------------------------------- Extras
def test_extras_gain_even_with_no_negotiated_rewards() -> None:
    """Extras: all players gain or lose reputation by the outcome, even with no rewards negotiated."""
    s = bt()
    mission(s, "solar-shield", [1], shares={1: [0, 0, 0]})
    succeed(s)
    assert s.players[1].rep[MAG] == 1
    assert not reputation.contract_reward_received(s, 1)  # Glossary: No reward
    assert reputation.contract_reward_received(s, 0)


def test_extras_reputation_not_part_of_negotiation() -> None:
    """Extras: Faction Reputation is not part of the negotiation process: players cannot offer their
    own reputation; only a contract's faction reward is assigned (and a base contract has none)."""
    s = bt()
    rep(s, 0, henko=3, komek=3)
    take(s, "distress-beacon")
    seen: set[str] = set()
    s.apply("propose")
    while s.decision_name().startswith("negotiation") and s.decision_name() != "negotiation.answer":
        seen.add(s.decision_name())
        assert not [a for a in legal(s) if a.startswith(("reputation", "faction"))]
        s.apply([a for a in s.legal_actions() if a.kind not in ("spend", "trade", "exclude")][0])
    assert "negotiation.reputation" not in seen
    assert s.players[0].rep == [0, 3, 3, 0, 0]


def test_extras_spent_reputation_cannot_be_recovered() -> None:
    """Extras: once spent (the token moved), a player cannot change their mind."""
    s = bt()
    rep(s, 0, henko=2, komek=2)
    s.apply("spend trash")
    assert s.decision_name() == "choice.rep-pay"
    assert all(a.startswith("faction") for a in legal(s))  # no cancel
    s.apply("faction henko")
    assert s.players[0].rep == [0, 1, 2, 0, 0]
    assert_illegal(s, "done")


def test_extras_reputation_is_not_traded_among_players() -> None:
    """Extras: Faction Reputation may not be traded among players: spends and trades only move the
    actor's own tokens, and no action gives reputation to another player."""
    s = bt()
    rep(s, 0, henko=3, komek=3)
    rep(s, 1, magnomi=2)
    others = [p.rep.copy() for p in s.players[1:]]
    s.apply("trade henko")  # paid from Komek, the only other color
    assert s.players[0].rep == [0, 4, 0, 0, 0]
    assert [p.rep for p in s.players[1:]] == others
    kinds = {a.kind for a in A.SPACE.actions if a.kind in ("spend", "trade")}
    assert all(len(a.args) == 1 and str(a.args[0]) not in A.SEATS for a in A.SPACE.actions
               if a.kind in kinds)


def test_extras_faction_reward_negotiated_and_reverts_to_ml() -> None:
    """Extras: faction reputation rewards are negotiated like any other reward; a declined share
    reverts to the Mission Leader (3.3.4)."""
    s = bt()
    take(s, "solar-shield")
    propose(s, [1, 2], rep_to=2)
    answer(s, [1])  # seat 2 declines
    s.apply("start")
    roll(s, 0)
    succeed(s)
    assert s.players[0].rep[HEN] == 2  # 1 from allying with the Henko player + the Henko reward
    assert s.players[2].rep == [0] * 5


# ------------------------------------------------------------------------------- New Buy Phase Rules
def test_new_buy_phase_free_then_one_credit_never_third() -> None:
    """New Buy Phase Rules: a free Armory discard, then a second for 1 credit, not a third."""
    s = bt()
    mission(s, "solar-shield", [])
    fail(s)
    to_buy(s)
    assert armory_swap_cost(s) == 0
    credits = s.players[0].credits
    s.apply(f"armory-swap {A.PART_SLUGS[s.part_row[0]]}")
    assert s.players[0].credits == credits and armory_swap_cost(s) == 1
    s.apply(f"armory-swap {A.PART_SLUGS[s.part_row[0]]}")
    assert s.players[0].credits == credits - 1
    assert not [a for a in legal(s) if a.startswith("armory-swap")]


def test_new_buy_phase_free_discard_without_credits() -> None:
    """New Buy Phase Rules: the first discard is free even with 0 credits; the second needs 1."""
    s = bt()
    mission(s, "solar-shield", [])
    fail(s)
    to_buy(s)
    s.players[0].credits = 0
    assert any(a.startswith("armory-swap") for a in legal(s))
    s.apply(f"armory-swap {A.PART_SLUGS[s.part_row[0]]}")
    assert not any(a.startswith("armory-swap") for a in legal(s))


def test_base_game_buy_phase_swap_unchanged() -> None:
    """3.5.2 (base game): without Binding Ties the one Armory swap costs 1 credit."""
    s = game(3)
    s.apply("stay")
    while s.decision_name() != "buying":
        s.apply(s.legal_actions()[-1])
    assert armory_swap_cost(s) == 1


def test_new_buy_phase_free_discard_only_at_the_beginning() -> None:
    """New Buy Phase Rules: the free discard is at the beginning of the buy phase: after a purchase
    it is no longer free."""
    s = bt()
    mission(s, "solar-shield", [])
    fail(s)
    to_buy(s)
    s.players[0].credits = 20
    s.apply(f"buy {A.PART_SLUGS[s.part_row[0]]}")
    while s.decision_name() != "buying":
        s.apply(s.legal_actions()[0])
    assert armory_swap_cost(s) >= 1


# ------------------------------------------------------------------------------- windows before the win check
def test_any_time_window_before_win_check_only_for_players_who_can_act() -> None:
    """'At any time' (docs/binding-ties.md): before each win check, every player who can spend or
    trade gets a window, in seat order from the Mission Leader; the others are never asked."""
    s = bt(4)
    rep(s, 1, magnomi=2)  # can buy a credit
    rep(s, 3, magnomi=5)  # can buy Prestige
    rep(s, 2, magnomi=1)  # nothing to do
    mission(s, "solar-shield", [])
    fail(s)
    to_buy(s)
    s.apply("done")
    assert s.decision_name() == "reputation.window" and s.current_player() == 1
    assert legal(s) == ["done", "spend credit"]
    s.apply("spend credit")  # nothing left: the window closes by itself
    assert s.current_player() == 3 and s.decision_name() == "reputation.window"
    s.apply("spend prestige")
    assert s.decision_name() == "planning" and s.players[3].prestige == 1


def test_window_prestige_bought_before_win_check_counts() -> None:
    """7.1 with Binding Ties: Prestige bought in the window counts at that win check."""
    s = bt()
    s.players[1].prestige = 9
    rep(s, 1, magnomi=5)
    mission(s, "solar-shield", [])
    fail(s)
    to_buy(s)
    s.apply("done")
    s.apply("spend prestige")
    assert s.is_terminal() and s.winners() == [1]


def test_no_spends_in_card_follow_up_choices() -> None:
    """docs/binding-ties.md: spends are offered at main decisions, not inside a follow-up choice."""
    s = bt()
    rep(s, 0, henko=5, komek=5)
    s.apply("spend trash")
    assert not spends(s)
    assert reputation.extra_actions(s, 1) == []  # never to a player who is not deciding


def test_base_game_has_no_reputation_actions() -> None:
    """Without Binding Ties no reputation action is ever offered."""
    s = game(3)
    s.players[0].rep = [0, 5, 5, 0, 0]
    assert not spends(s)
    assert reputation.extra_actions(s, 0) == []


def test_glossary_allies_only_participants_gain_or_lose() -> None:
    """Glossary, Allies: allies are the only players with whom you gain or lose reputation."""
    s = bt(4)
    rep(s, 2, magnomi=3, henko=3)
    mission(s, "solar-shield", [1])
    fail(s)
    assert s.players[2].rep == [3, 3, 0, 0, 0]
    assert s.players[0].rep[KOM] == 0 and s.players[0].rep[VEN] == 0


def test_glossary_faction_each_player_distinct() -> None:
    """Glossary, Faction: each player represents a Faction (distinct, 1.1.4)."""
    s = bt(5)
    assert sorted(p.faction for p in s.players) == list(range(5))


def test_counters_for_objectives() -> None:
    """Counters read by the BT objectives: spent, gained, credits/objectives bought per contract."""
    s = bt()
    mission(s, "solar-shield", [1])
    rep(s, 0, henko=5, komek=3)
    s.apply("spend credit")
    s.apply("faction henko")
    assert s.current_player() == 0  # "at any time": the spend is not seat 0's step (3.4.3b)
    s.apply("spend objective")
    s.apply("faction komek")
    assert s.ex is not None
    st = s.ex.seats[0]
    assert (st.rep_spent, st.rep_credits, st.rep_objectives) == (5, 1, 1)
    assert s.players[0].rep_spent == 5 and s.game_stats()["reputation_spent"] == 5
    succeed(s)
    assert s.last_ex is not None and s.last_ex.seats[1].rep_gained == 1
    assert s.phase != EXECUTION


# ------------------------------------------------------------------------------- bots
def test_spends_are_finite_even_when_always_taken() -> None:
    """Bots: spending costs and trading lowers the total, so a player who spends or trades at every
    chance runs out after finitely many actions (no endless loop for a random bot)."""
    s = bt(5)
    for p in s.players:
        p.rep = [0 if f == p.faction else 5 for f in range(5)]
    steps = 0
    while steps < 500:
        extra = [a for a in s.legal_actions() if a.kind in ("spend", "trade")]
        if s.decision_name().startswith("choice."):
            s.apply(s.legal_actions()[0])
        elif extra:
            s.apply(extra[-1])
        else:
            break
        steps += 1
    assert steps < 500 and s.decision_name() == "planning"
    assert sum(s.players[0].rep) < 3


def test_best_spends_and_best_payment() -> None:
    """Greedy helpers: +1 Prestige first; pay from the faction with the least reputation."""
    s = bt()
    rep(s, 0, henko=5, komek=2)
    assert moonrakers_reputation.best_spends(s, 0)[0] == A.SPEND[reputation.PRESTIGE]
    s.apply("spend trash")
    opts = s.legal_actions()
    assert moonrakers_reputation.best_payment(s, 0, opts) == A.FACTION[KOM]
    rep(s, 1, magnomi=1)
    assert moonrakers_reputation.best_spends(s, 1) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_offers_are_can_spend_reward_by_reward(seed: int) -> None:
    """One legality path (Possible Rewards, Trading Reputation): at every decision of greedy 4-player
    games, the spends `offers` lists are exactly the rewards `can_spend` allows, and each of them
    passes `cost`, `window_open` and `usable` one by one."""
    bot, rng = GreedyBot(), Rng(seed)
    s = bt(4, seed)
    checked = 0
    for _ in range(40000):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s.sample_chance()
            continue
        for seat in range(s.n):
            listed = [a for a in reputation.offers(s, seat) if a.kind == "spend"]
            allowed = [A.SPEND[r] for r in range(len(reputation.COST)) if reputation.can_spend(s, seat, r)]
            assert listed == allowed
            for a in listed:
                r = reputation.REWARD_ID[str(a.args[0])]
                assert reputation.window_open(s, seat, r) and reputation.usable(s, seat, r)
            checked += len(listed)
        s.apply_fast(bot.choose(s, s.current_player(), rng))
    assert s.is_terminal() and checked > 50  # spends were on offer often enough to compare


def test_the_view_names_the_reputation_action_kinds_the_page_groups() -> None:
    """The page sets spends and trades apart by the kinds the game names once (`reputation_actions`
    of the view), never by a pattern of its own: every spend or trade offered is of one of them."""
    s = bt(3)
    rep(s, 0, henko=5, komek=5)
    offered = reputation.extra_actions(s, 0)
    assert offered
    kinds = s.view(0).data["reputation_actions"]
    assert kinds == sorted(reputation.EXTRA_KINDS)
    assert all(a.kind in kinds for a in offered)
    assert "reputation_actions" not in game(3).view(0).data  # without Binding Ties: nothing to group
