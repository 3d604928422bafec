"""Space Lanes: Player vs Player trade and loot (L19), Parlay may leave the
card (L16), Exploration keeps the Homeworlds face up (L20), and the resale ruling (L5).

Rulebook, Player vs Player Mode: "Players who encounter each other may trade equipment, crew, etc. [...]
The losing ship is damaged, and the winning player can take any Goods or Action Cards they wish from the
loser."
"""

from __future__ import annotations

from spacetable.bots.spacelanes_greedy import GreedySpaceLanesBot
from spacetable.engine.rng import Rng
from spacetable.games.spacelanes import pvp
from spacetable.games.spacelanes.board import ADJ
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.games.spacelanes.travel import land
from tests.games.spacelanes.sl_helpers import (
    CT,
    card,
    give,
    legal_texts,
    move_to_settlement,
    new,
    place_hostile,
    started,
)
from tests.games.spacelanes.test_spacelanes_render import text_of

TYPE = CONTENT.deck


def _types(s: SpaceLanesState, p: int) -> list[str]:
    return sorted(CT[TYPE[c]].slug for c in s.hand[p])


def pvp_game(players: int = 2) -> SpaceLanesState:
    return started(players, modes=("pvp",))


# ----- trade ------------------------------------------------------------------------------------
def test_l19_either_captain_proposes_any_mix_in_both_directions() -> None:
    """"may trade equipment, crew, etc.": goods, credits, ship cards and hand cards, both ways; the
    active player may open with an empty proposal, asking the other captain to propose."""
    s = pvp_game()
    s.cargo[0][4] = 2  # luxury
    s.cargo[1][0] = 3  # ore
    s.ship[0].append(card(s, "afterburners"))
    s.ship[1].append(card(s, "laser-cannons"))
    give(s, 0, "fuel-burn")
    give(s, 1, "missiles", "repair-kit")
    s.apply("offer 1")
    s.apply("propose")  # "what would you offer?"
    assert s.current_player() == 1 and legal_texts(s) == ["decline", "counter"]  # nothing to accept
    s.apply("counter")
    assert s.decision_name() == "pvp.propose" and s.current_player() == 1  # seat 1 proposes now
    for step in ("give ore", "give ore", "give laser-cannons", "give_hand missiles", "pay 500",
                 "ask luxury", "ask afterburners", "ask_kind fuel_burn", "ask_hand fuel-burn", "charge 100"):
        s.apply(step)
    assert s.decision_name() == "pvp.propose"
    s.apply("propose")
    assert s.current_player() == 0 and s.decision_name() == "pvp.answer"
    info = s.view(0).data["offer"]
    assert info["from"] == 1 and info["to"] == 0 and info["round"] == 1
    assert info["give"] == {"credits": 500, "goods": {"ore": 2}, "ship": ["laser-cannons"],
                            "hand": ["missiles"]}
    assert info["ask"] == {"credits": 100, "goods": {"luxury": 1}, "ship": ["afterburners"],
                           "hand": ["fuel-burn"]}
    s.apply("accept")
    assert s.decision_name() == "turn"
    assert s.cargo[0][0] == 2 and s.cargo[0][4] == 1 and s.cargo[1][0] == 1 and s.cargo[1][4] == 1
    assert s.credits == [3400, 2600]
    assert [CT[TYPE[c]].slug for c in s.ship[0]] == ["laser-cannons"]
    assert [CT[TYPE[c]].slug for c in s.ship[1]] == ["afterburners"]
    assert _types(s, 0) == ["missiles"] and _types(s, 1) == ["fuel-burn", "repair-kit"]
    # the deal was public: every seat knows where the hand cards went (`known`)
    public = {(h, CT[TYPE[c]].slug) for h, c, m in s.known if m == 0b11}  # (bit set of hands, card)
    assert public == {(0b01, "missiles"), (0b10, "fuel-burn")}


def test_l19_a_proposal_asking_for_a_hand_card_the_other_lacks_cannot_be_accepted() -> None:
    s = pvp_game()
    give(s, 1, "repair-kit")
    s.apply("offer 1")
    # the other hand is hidden: every kind may be asked for, whatever it holds
    assert sum(1 for a in legal_texts(s) if a.startswith("ask_kind")) == len(pvp.A.TRADE_KINDS)
    s.apply("ask_kind missiles")
    assert s.decision_name() == "pvp.pick" and legal_texts(s) == ["ask_hand missiles", "cancel"]
    s.apply("ask_hand missiles")
    s.apply("pay 500")
    s.apply("propose")
    assert "accept" not in legal_texts(s)
    s.apply("decline")
    assert s.credits == [3000, 3000] and s.decision_name() == "turn"


def test_l19_a_kind_canceled_at_the_pick_is_not_offered_again_until_another_step() -> None:
    """Asking for a kind of hand card and canceling at the pick changes nothing, so ask-and-cancel would
    be a loop of free decisions that never ends: the kind is not offered again until another step."""
    s = pvp_game()
    give(s, 1, "repair-kit")
    s.apply("offer 1")
    s.apply("ask_kind missiles")
    s.apply("cancel")  # back to building the proposal
    texts = legal_texts(s)
    assert s.decision_name() != "pvp.pick" and "ask_kind missiles" not in texts
    assert sum(1 for a in texts if a.startswith("ask_kind")) == len(pvp.A.TRADE_KINDS) - 1
    s.apply("pay 100")  # another step: every kind may be asked for again
    assert "ask_kind missiles" in legal_texts(s)
    c = s.copy()  # the frame's copy keeps what was canceled
    c.apply("ask_kind missiles")
    c.apply("cancel")
    assert "ask_kind missiles" not in legal_texts(c.copy()) and "ask_kind missiles" in legal_texts(s)


def test_l19_trade_is_bounded_in_rounds_and_per_turn() -> None:
    s = pvp_game()
    s.apply("offer 1")
    for _ in range(pvp.MAX_ROUNDS - 1):
        s.apply("pay 100")
        s.apply("propose")
        assert "counter" in legal_texts(s)
        s.apply("counter")
    s.apply("pay 100")
    s.apply("propose")
    assert "counter" not in legal_texts(s)  # MAX_ROUNDS proposals, then accept or decline
    s.apply("decline")
    s.apply("offer 1")
    s.apply("cancel")
    assert "offer 1" not in legal_texts(s)  # MAX_OFFERS trades a turn
    s.apply("end")
    s.apply("end")
    assert s.active == 0 and "offer 1" in legal_texts(s)  # a new turn may trade again


def test_l19_trade_keeps_holds_hands_and_unique_upgrades() -> None:
    """L5 cargo, the hand limit of 10, L12 one of each Upgrade: a deal that would break them is refused."""
    s = pvp_game()
    s.cargo[0][0] = 1
    s.cargo[1] = [0, 0, 0, 0, 0, 10]  # full hold
    s.apply("offer 1")
    s.apply("give ore")
    s.apply("propose")
    assert "accept" not in legal_texts(s)
    s.apply("decline")
    s.cargo[1] = [0] * 6
    s.ship[0].append(card(s, "laser-cannons"))
    s.ship[1].append(s.ship[0][0])  # the deck has one copy: the rule is by type (L12), so stand one in
    s.apply("offer 1")
    s.apply("give laser-cannons")
    s.apply("propose")
    assert "accept" not in legal_texts(s)


def test_l19_hand_cards_in_a_proposal_are_shown_and_determinize_keeps_them() -> None:
    s = started(3, modes=("pvp",), clear_hands=False)
    while s.decision_name() != "turn":
        s.apply("pass")
    s.apply("offer 1")
    t = TYPE[s.hand[0][0]]
    s.apply(f"give_hand {CT[t].slug}")
    for seat in (1, 2):
        v = s.view(seat).data
        for k in range(5):
            d = s.determinize(seat, Rng(k))
            assert d.view(seat).data == v
            assert any(TYPE[c] == t for c in d.hand[0])
            d.apply("propose")  # the copy plays on
            if d.current_player() == 1 and "accept" in legal_texts(d):
                d.apply("accept")


# ----- loot and attack --------------------------------------------------------------------------
def _won(s: SpaceLanesState) -> None:
    s.apply("attack 1")
    s.apply("roll 12")
    s.apply("roll 2")


def test_l19_the_winner_chooses_which_action_cards_to_take() -> None:
    """"the winning player can take any Goods or Action Cards they wish": a named card, not a random one."""
    s = pvp_game()
    give(s, 1, "missiles", "repair-kit", "fuel-burn")
    _won(s)
    assert s.decision_name() == "pvp.loot" and s.current_player() == 0
    assert {"loot missiles", "loot repair-kit", "loot fuel-burn", "done"} == set(legal_texts(s))
    assert s.view(0).data["loot_hand"] == ["fuel-burn", "missiles", "repair-kit"]  # the winner sees it
    assert "loot_hand" not in s.view(1).data and "loot_hand" not in s.view(None).data
    s.apply("loot repair-kit")
    assert _types(s, 0) == ["repair-kit"] and _types(s, 1) == ["fuel-burn", "missiles"]
    s.apply("done")
    # the winner saw the rest of the loser's hand: determinize keeps it there
    for k in range(5):
        assert _types(s.determinize(0, Rng(k)), 1) == ["fuel-burn", "missiles"]


def test_l19_determinize_keeps_the_hand_the_winner_is_looking_through() -> None:
    s = started(3, modes=("pvp",), clear_hands=False)
    while s.decision_name() != "turn":
        s.apply("pass")
    s.node[1] = s.node[0]
    _won(s)
    before = _types(s, 1)
    v = s.view(0).data
    for k in range(5):
        d = s.determinize(0, Rng(k))
        assert _types(d, 1) == before and d.view(0).data == v and d.legal_actions() == s.legal_actions()
    assert any(_types(s.determinize(2, Rng(k)), 1) != before for k in range(5))  # seat 2 did not see it


def test_l19_a_damaged_ship_may_attack() -> None:
    """L19 sets no condition on the attacker, and attacking plays no action card (L9)."""
    s = pvp_game()
    s.damaged[0] = True
    assert "attack 1" in legal_texts(s)


def test_greedy_takes_the_most_valuable_loot_first() -> None:
    s = pvp_game()
    s.cargo[1] = [1, 0, 0, 0, 0, 1]  # ore and contraband
    _won(s)
    a = GreedySpaceLanesBot().choose(s, 0, Rng(1))
    assert str(a) == "loot contraband"


# ----- greedy trades by value ----------------------------------------------------------------------
def _goal(s: SpaceLanesState, p: int, slug: str) -> None:
    s.goal[p] = next(i for i, g in enumerate(CONTENT.goals) if g.slug == slug)


def test_greedy_smuggler_buys_contraband_and_the_seller_accepts_a_gain() -> None:
    s = pvp_game()
    _goal(s, 0, "smuggler")
    _goal(s, 1, "tycoon")
    s.credits[0] = 9000
    s.cargo[1][5] = 2
    bot = GreedySpaceLanesBot()
    for _ in range(30):
        if s.decision_name() == "turn" and s.stack == [] and s.offers and not any(s.cargo[1]):
            break
        a = bot.choose(s, s.current_player(), Rng(1))
        if a.kind in ("move", "jump", "end"):
            break
        s.apply(a)
    assert s.cargo[0][5] == 2 and s.cargo[1][5] == 0 and s.credits[0] < 9000 and s.credits[1] > 3000


def test_greedy_declines_a_trade_that_loses_it_value() -> None:
    s = pvp_game()
    s.cargo[1][4] = 1
    s.apply("offer 1")
    s.apply("ask luxury")
    s.apply("pay 100")
    s.apply("propose")
    assert str(GreedySpaceLanesBot().choose(s, 1, Rng(1))) == "decline"


# ----- Parlay may leave the card ---------------------------------------------------------------
def test_l16_parlay_pirates_may_leave_the_card_in_place() -> None:
    """"You may choose to Discard the Pirates card or move it to another space": so also neither."""
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    cid = place_hostile(s, ls, "red-fleet")
    s.pirate[0] = 1
    s.apply(f"move {other}")
    s.apply("parlay faction")
    assert {"keep", "dismiss"} <= set(legal_texts(s))
    s.apply("keep")
    assert s.hostile[ls] == cid and s.decision_name() == "turn"  # stays, and is not engaged again


def test_l16_parlay_patrol_may_leave_the_card_in_place() -> None:
    """Parlay (Patrol): "You may choose to Discard the Patrol card or move it to another space"."""
    s = started(2)
    ls, other = ADJ[s.node[0]][0]
    cid = place_hostile(s, ls, "union-patrol")
    s.apply(f"move {other}")
    s.apply("parlay toll")
    s.apply("keep")
    assert s.hostile[ls] == cid and s.credits[0] == 2500 and s.decision_name() == "turn"


# ----- Exploration ---------------------------------------------------------------------------------
def test_l20_exploration_keeps_all_homeworlds_face_up_and_determinize_keeps_them() -> None:
    """"place the non-homeworld Settlements and all Space Lanes face down"."""
    for seed in range(5):
        s = new(3, seed, ("exploration",))
        for slot in range(15):
            assert s.rev_set[slot] == CONTENT.settlements[s.slot_set[slot]].homeworld
        hw = [slot for slot in range(15) if s.rev_set[slot]]
        d = s.determinize(0, Rng(seed))
        assert [d.slot_set[x] for x in hw] == [s.slot_set[x] for x in hw]
        assert d.view(0).data == s.view(0).data


# ----- resale ------------------------------------------------------------------------------------
def test_l5_units_carried_in_may_be_sold_but_not_those_bought_this_visit() -> None:
    """Project ruling "Resale" (docs/spacelanes-design.md): only the units bought during this Visit are
    barred from sale in it; units carried in sell before or after buying more."""
    s = started()
    slot = move_to_settlement(s, 0, "the-drift")
    s.cargo[0][0] = 2  # ore carried in from elsewhere
    s.apply("trade")
    s.apply("buy ore")
    assert "sell ore" in legal_texts(s)
    s.apply("sell ore")
    s.apply("sell ore")
    assert s.cargo[0][0] == 1 and "sell ore" not in legal_texts(s)  # the unit just bought stays
    land(s, 0, slot)  # a new Visit may sell it
    assert "sell ore" in legal_texts(s)


def test_l5_the_fence_takes_only_contraband_carried_in() -> None:
    s = started()
    move_to_settlement(s, 0, "smugglers-rest")
    s.cargo[0][5] = 3
    s.bought[0][5] = 1  # one unit bought this Visit (Smuggler's Rest itself sells none: design, "Loops")
    s.credits[0] = 10000
    s.apply("trade")
    s.apply("feature")  # Sell all your Contraband for 1300 each: the 2 carried in, not the 1 just bought
    assert s.cargo[0][5] == 1 and s.contraband_sold[0] == 2


def test_greedy_asked_to_propose_counters_with_its_plan() -> None:
    s = pvp_game()
    _goal(s, 1, "smuggler")
    s.credits[1] = 9000
    s.cargo[0][5] = 2
    s.apply("offer 1")
    s.apply("propose")  # an empty proposal: "what would you offer?"
    bot = GreedySpaceLanesBot()
    assert str(bot.choose(s, 1, Rng(1))) == "counter"
    s.apply("counter")
    while s.current_player() == 1:
        s.apply(bot.choose(s, 1, Rng(1)))
    info = s.view(0).data["offer"]
    assert info["from"] == 1 and info["ask"]["goods"] == {"contraband": 2} and info["give"]["credits"] > 0


def test_render_shows_the_proposal_and_the_loot_hand_to_the_winner_only() -> None:
    s = pvp_game()
    s.cargo[0][4] = 1
    give(s, 1, "missiles")
    s.apply("offer 1")
    s.apply("give luxury")
    s.apply("charge 500")
    s.apply("propose")
    assert "Seat 1 proposes to Seat 2: gives 1 luxury; asks 500 credits" in text_of(s.view(1))
    s.apply("decline")
    _won(s)
    assert "The loser's hand: Missiles" in text_of(s.view(0))
    assert "loser's hand" not in text_of(s.view(1))
