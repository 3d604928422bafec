"""Binding Ties timing and card-text rulings: the Block 1 Hazard Die, Flak Mine, "at any time", Zek
and Ryan.

Rulebook: shared/rules/binding-ties-rulebook.txt (Possible Rewards, Trading Reputation, Losing
Reputation); base rules shared/rules/moonrakers-base.md (3.4.3–3.4.9, 3.6, 6.3); card texts
shared/data/moonrakers/source/*.csv. Rulings: docs/binding-ties.md.
"""

from __future__ import annotations

from spacetable.bots import moonrakers_reputation
from spacetable.bots.moonrakers_greedy import GreedyBot
from spacetable.bots.moonrakers_random import MoonrakersRandomBot
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import reputation, reputation_window
from spacetable.games.moonrakers.bt_effects import FLAK_MAX_DICE
from spacetable.games.moonrakers.cards import FACTIONS
from spacetable.games.moonrakers.dice import exposed, unblocked_icons
from spacetable.games.moonrakers.game import Moonrakers
from spacetable.games.moonrakers.state import EXECUTION, Seat
from tests.games.moonrakers.helpers import (
    cid,
    clear_objectives,
    event_keys,
    game,
    give_objective,
    legal,
    mission,
    part,
    pass_all,
    set_draw,
    set_hand,
)

MAG, HEN, KOM, VEN, SOR = range(5)


def bt(players: int = 3, seed: int = 0) -> Moonrakers:
    return game(players, seed, bt=True)


def rep(s: Moonrakers, seat: int, **by_faction: int) -> None:
    s.players[seat].rep = [by_faction.get(f, 0) for f in FACTIONS]


def st(s: Moonrakers, seat: int = 0) -> Seat:
    assert s.ex is not None
    return s.ex.seats[seat]


def spends(s: Moonrakers) -> list[str]:
    return [a for a in legal(s) if a.startswith(("spend", "trade"))]


def pay_all(s: Moonrakers, faction: str) -> None:
    """Answer every `faction <f>` payment step with `faction`."""
    while s.decision_name() == "choice.rep-pay":
        s.apply(f"faction {faction}")


def moment(s: Moonrakers) -> str:
    d = s.view(None).data["decision"]
    assert d["decision"] == "reputation.window"
    return str(d["moment"])


# ---------------------------------------------------------------------------------------- Block 1 Hazard Die
def test_block_die_blocks_that_die_not_a_number_of_icons() -> None:
    """Possible Rewards, Block 1 Hazard Die (ANY, 5): "They may then block Hazards rolled on 1 Hazard
    Die that was targeting them": the die is blocked, its icons never count; the other die still does."""
    s = bt()
    mission(s, "solar-flares", [], icons=[2, 1])
    rep(s, 0, henko=5)
    s.apply("spend block")
    s.apply("target 1")
    assert st(s).blocked_dice == 0b01 and st(s).blocks == 0
    assert unblocked_icons(st(s)) == 1 and exposed(st(s)) == 1
    view = s.view(1).data["execution"]
    assert view["blocked_dice"]["p1"] == [1] and view["blocks"]["p1"] == 2  # icons − blocks = the loss
    s.players[0].prestige = 3
    pass_all(s)
    assert s.players[0].prestige == 2  # only die 2 (1 icon) costs Prestige (3.4.9 step 3)


def test_block_die_cannot_be_bought_again_for_the_same_die() -> None:
    """Block 1 Hazard Die: one die per spend; a blocked die is not offered again, and with every die
    with icons blocked the spend is not offered at all."""
    s = bt()
    mission(s, "solar-flares", [], icons=[2, 2])
    rep(s, 0, henko=5, komek=5)
    s.apply("spend block")
    assert legal(s) == ["faction henko", "faction komek"]  # ANY: one token at a time
    pay_all(s, "henko")
    assert st(s).blocked_dice == 0b01  # equal dice: forced, the first one
    assert s.current_player() == 0  # one participant: its next step
    rep(s, 0, henko=5, komek=5)
    s.apply("spend block")
    pay_all(s, "henko")
    assert st(s).blocked_dice == 0b11  # the second die, never die 1 again
    rep(s, 0, henko=5, komek=5)
    assert "spend block" not in spends(s)


def test_block_leaves_with_a_discarded_die() -> None:
    """3.4.5: a discarded die no longer targets anyone; the block went with it and does not cover the
    die left (AT-0K: discard one die targeting you, count as Damage equal to its icons)."""
    s = bt()
    mission(s, "solar-flares", [], icons=[2, 1])
    rep(s, 0, henko=5)
    s.apply("spend block")
    s.apply("target 1")
    set_hand(s, 0, ["at-0k"])
    st(s).actions = 1
    s.apply("play at-0k")
    assert legal(s) == ["target 1", "target 2"]  # the blocked 2 and the open 1 are different dice
    s.apply("target 1")
    assert st(s).dice == [1] and st(s).blocked_dice == 0
    assert exposed(st(s)) == 1  # before the fix a block total of 2 survived the discard


def test_block_stays_on_a_rerolled_die_and_does_not_move() -> None:
    """[Redacted] re-rolls dice: a blocked die stays blocked whatever it shows, and the block never
    covers another die (the spend blocks a die, not a number of icons)."""
    s = bt()
    mission(s, "solar-flares", [], icons=[1, 0])
    rep(s, 0, henko=5)
    s.apply("spend block")  # only die 1 has icons: forced
    assert st(s).blocked_dice == 0b01
    set_hand(s, 0, ["redacted"])
    st(s).actions = 1
    s.apply("play redacted")
    s.apply("target 1")
    s.apply("target 2")
    assert s.current_player() == CHANCE
    s.apply("hazard 2")
    s.apply("hazard 2")
    assert st(s).dice == [2, 2] and st(s).blocked_dice == 0b01
    assert unblocked_icons(st(s)) == 2  # die 1 still blocked, die 2 open: the block did not move
    assert exposed(st(s)) == 2 - st(s).blocks  # Redacted's own Shield block covers 1 of die 2's icons


# ------------------------------------------------------------------------------------------------ Flak Mine
def test_flak_mine_has_no_once_per_contract_limit() -> None:
    """Flak Mine: "You may roll 1 additional Hazard Die in order to gain Faction Reputation equal to
    the number of Hazard icons rolled on that die" — no once-per-contract limit: usable in later steps."""
    s = bt()
    s.players[0].parts = [part("flak-mine")]
    mission(s, "solar-shield", [], icons=0)
    for k in range(3):
        assert "use flak-mine" in legal(s), k
        s.apply("use flak-mine")
        s.apply("hazard 1")
        if s.decision_name() == "choice.rep-gain":
            s.apply("faction henko")
    assert st(s).dice == [0, 1, 1, 1] and sum(s.players[0].rep) == 3


def test_flak_mine_bounded_by_the_dice_a_choice_can_name() -> None:
    """Flak Mine, finiteness (docs/binding-ties.md): a blank die gains nothing, so the part is usable
    only while fewer than `FLAK_MAX_DICE` dice target its owner — the game tree stays finite."""
    s = bt()
    s.players[0].parts = [part("flak-mine")]
    mission(s, "solar-shield", [], icons=0)
    st(s).dice = [0] * (FLAK_MAX_DICE - 1)
    assert "use flak-mine" in legal(s)
    s.apply("use flak-mine")
    s.apply("hazard 0")
    assert "use flak-mine" not in legal(s)


# ---------------------------------------------------------------------------------------------- "at any time"
def test_any_time_spend_in_a_play_step_does_not_take_the_step() -> None:
    """+1 Credit, Draw 1 Objective, Trash a Card, +1 Prestige and trading are "at any time": in a
    play round they are not the participant's step (3.4.3); the participant still plays or passes."""
    s = bt()
    mission(s, "solar-shield", [1])
    rep(s, 0, henko=5, komek=4)
    s.apply("spend credit")
    s.apply("faction komek")
    assert s.current_player() == 0 and s.decision_name() == "execution.play"
    s.apply("trade komek")  # 3 henko for 1 komek: forced payment
    assert s.players[0].rep == [0, 2, 3, 0, 0] and s.current_player() == 0
    assert s.ex is not None and s.ex.passes == 0 and s.ex.turn == 0


def test_in_contract_spend_is_still_the_step() -> None:
    """3.4.3b: +1 Action or Card, −2 and Block 1 Hazard Die ("During a Contract in which they are
    participating") are an expansion action used as the participant's step: the next one acts."""
    s = bt()
    mission(s, "solar-shield", [1])
    rep(s, 0, henko=2)
    s.apply("spend action")
    assert s.current_player() == 1 and st(s).actions == 2


def test_window_after_the_last_pass_before_the_success_check() -> None:
    """After the last pass (3.4.4) and before the success check and the reputation losses (3.4.9
    steps 1–2), each participant who can spend is asked; a 5 of an ally's faction can still buy
    Prestige before a failure takes 1 of it (Losing Reputation; Advice: spend a 5)."""
    s = bt()
    mission(s, "solar-shield", [1])
    rep(s, 0, henko=5)
    rep(s, 1, magnomi=1)  # nothing it could buy: never asked
    rep(s, 2, magnomi=5)  # not a participant: not asked at the end of this contract
    pass_all(s)
    assert s.decision_name() == "reputation.window" and s.current_player() == 0
    assert moment(s) == "before-success-check"
    assert legal(s)[0] == "done" and {"spend credit", "spend prestige", "trade komek"} <= set(legal(s))
    play_rounds_only = {"spend reduce", "spend action", "spend card", "spend block"}
    assert not play_rounds_only & set(legal(s))
    assert s.ex is not None and not s.ex.success and s.players[0].rep[HEN] == 5
    s.apply("spend prestige")
    assert s.players[0].prestige == 1 and s.players[0].rep == [0] * 5
    assert s.decision_name() == "buying"  # nobody else was asked, and nothing is left to spend


def test_failure_loss_applies_after_the_window() -> None:
    """Losing Reputation: the −1 per ally's faction comes at 3.4.9 step 2, after the window."""
    s = bt()
    mission(s, "solar-shield", [1])
    rep(s, 0, henko=5)
    pass_all(s)
    s.apply("done")
    assert s.players[0].rep[HEN] == 4


def test_window_after_the_hazard_losses_keeps_bought_prestige() -> None:
    """3.4.9 step 3 then 4: Prestige bought after the hazard losses is not lost to them (Prestige
    never below 0); the window comes before the objective check."""
    s = bt()
    mission(s, "solar-shield", [], icons=2)
    rep(s, 0, henko=5)
    s.players[0].prestige = 1
    pass_all(s)
    assert moment(s) == "before-success-check"
    s.apply("done")
    assert moment(s) == "after-hazard-losses" and s.players[0].prestige == 0  # 2 icons, 1 lost
    s.apply("spend prestige")
    assert s.players[0].prestige == 1


def test_objective_drawn_after_the_losses_counts_for_this_contract() -> None:
    """For Hire ("take 2 objectives with reputation during one contract"): objectives drawn in the
    window after the hazard losses are drawn during the contract and it is claimed at its check (6.3,
    6.4.5: an objective gained during an execution may be claimed for that same contract)."""
    s = bt()
    clear_objectives(s)
    give_objective(s, 0, "for-hire")
    mission(s, "solar-shield", [])
    rep(s, 0, henko=3, komek=3)
    pass_all(s)
    s.apply("done")  # before the success check
    assert moment(s) == "after-hazard-losses"
    prestige = s.players[0].prestige
    s.apply("spend objective")
    s.apply("faction henko")
    s.apply("spend objective")  # komek: the only faction left with 3
    assert s.decision_name() == "buying"
    assert A.OBJECTIVE_ID["for-hire"] in s.players[0].claimed and s.players[0].prestige >= prestige + 1


def test_end_of_turn_window_comes_before_the_objective_check() -> None:
    """3.6: the end-of-turn window is before the objective check as well as the win check, so
    Alliance ("5 reputation with one faction and 0 with every other") reached there is claimed now."""
    s = bt()
    clear_objectives(s)
    give_objective(s, 1, "alliance")
    rep(s, 1, magnomi=5, komek=2)
    s.apply("stay")
    while s.decision_name() != "buying":
        s.apply(s.legal_actions()[-1] if s.current_player() == 0 else "done")
    s.apply("done")
    while s.current_player() != 1:
        s.apply("done")
    assert moment(s) == "end-of-turn"
    s.apply("spend credit")
    s.apply("faction komek")
    assert s.players[1].rep == [5, 0, 0, 0, 0]
    while s.decision_name() == "reputation.window":
        s.apply("done")
    assert s.decision_name() == "planning" and A.OBJECTIVE_ID["alliance"] in s.players[1].claimed


def test_windows_never_ask_a_player_with_nothing_to_spend() -> None:
    """A player who has nothing to spend is never asked: no reputation, no window (and play goes
    straight from the last pass to the buy phase)."""
    s = bt()
    mission(s, "solar-shield", [1])
    pass_all(s)
    assert s.decision_name() == "buying"


def test_window_is_an_optional_decision_clients_can_pass() -> None:
    """The engine exposes every window the same way: decision `reputation.window`, public `moment`,
    `optional`, and the pass action `done` (reputation_window.WINDOW / WINDOW_PASS), first in the list."""
    s = bt()
    mission(s, "solar-shield", [])
    rep(s, 0, henko=2)
    pass_all(s)
    d = s.view(2).data["decision"]
    assert d == {"decision": reputation_window.WINDOW, "player": "p1", "moment": "before-success-check",
                 "optional": True, "pass": "done"}
    assert s.legal_actions()[0] is reputation_window.WINDOW_PASS
    c = s.copy()
    c.apply("done")
    assert s.decision_name() == reputation_window.WINDOW  # copies are independent


def test_bots_pass_or_spend_in_windows_and_games_end() -> None:
    """Bots choose among the legal actions of every window; games with the new windows still end."""
    for bot in (GreedyBot(), MoonrakersRandomBot()):
        for seed in range(3):
            s = game(4, seed, bt=True)
            rng = Rng(seed)
            windows = 0
            for _ in range(40000):
                if s.is_terminal():
                    break
                if s.current_player() == CHANCE:
                    s.sample_chance()
                    continue
                windows += s.decision_name() == "reputation.window"
                s.apply_fast(bot.choose(s, s.current_player(), rng))
            assert s.is_terminal(), (bot.name, seed)
            assert windows > 0


def test_greedy_buys_prestige_after_the_losses_not_during_play() -> None:
    """Greedy: Prestige bought before the hazard losses can be lost to them, so a participant waits
    for the window after the losses (or buys before the success check when a failure with allies
    would cost the 5)."""
    s = bt()
    mission(s, "solar-shield", [], icons=2)
    rep(s, 0, henko=5)
    assert A.SPEND[reputation.PRESTIGE] not in moonrakers_reputation.best_spends(s, 0)
    pass_all(s)
    assert moment(s) == "before-success-check"
    assert moonrakers_reputation.best_spends(s, 0) == []
    s.apply("done")
    assert moonrakers_reputation.best_spends(s, 0)[0] == A.SPEND[reputation.PRESTIGE]
    s = bt()
    mission(s, "solar-shield", [1])
    rep(s, 0, henko=5)
    pass_all(s)
    assert moonrakers_reputation.best_spends(s, 0)[0] == A.SPEND[reputation.PRESTIGE]  # failing with an ally


# ------------------------------------------------------------------------------------------------ Zek, Ryan
def test_zek_zarag_shuffles_afterwards() -> None:
    """Zek Zarag: "Search your draw pile for any Card, and play that card … Afterwards, shuffle your
    draw pile": a Thruster played this way draws the top 2 of the searched pile, then it is shuffled."""
    s = bt()
    mission(s, "solar-shield", [])
    set_hand(s, 0, ["zek-zarag"])
    set_draw(s, 0, ["miss", "miss", "miss", "miss", "thruster", "damage-1", "damage-2"])
    st(s).actions = 1
    s.events = []
    s.apply("play zek-zarag")
    s.apply("choose thruster")
    assert sorted(s.players[0].hand) == sorted([cid("damage-1"), cid("damage-2")])
    keys = event_keys(s)
    assert "crew-shuffle" in keys and keys.index("crew-shuffle") > keys.index("draw")
    assert s.decision_name() == "execution.play" and s.phase == EXECUTION


def test_zek_zarag_shuffles_after_the_played_cards_choices() -> None:
    """"Afterwards": a crew card played by Zek Zarag resolves its whole ability (its choices too)
    before the draw pile is shuffled."""
    s = bt()
    mission(s, "solar-shield", [])
    set_hand(s, 0, ["zek-zarag"])
    set_draw(s, 0, ["miss", "ryle-al-wren", "reactor"])
    st(s).actions = 1
    s.events = []
    s.apply("play zek-zarag")
    s.apply("choose ryle-al-wren")
    assert s.decision_name() == "choice.crew.option" and "crew-shuffle" not in event_keys(s)
    assert s.view(1).data["decision"]["decision"] == "choice.crew.option"  # the bookmark is no decision
    s.apply("option 1")
    assert "crew-shuffle" in event_keys(s) and st(s).blocks == 2
    assert s.decision_name() == "execution.play"


def test_ryan_rogal_play_is_not_optional() -> None:
    """Ryan Rogal: "Draw 2 Cards. If you draw a Damage card, play one as a Damage 5 without spending an
    action": asked even with one kind of Damage card drawn, with no `skip`."""
    s = bt()
    mission(s, "solar-shield", [])
    set_hand(s, 0, ["ryan-rogal"])
    set_draw(s, 0, ["damage-1", "miss"])
    st(s).actions = 1
    s.apply("play ryan-rogal")
    assert legal(s) == ["choose damage-1"]
    s.apply("choose damage-1")
    assert s.ex is not None and s.ex.pool[3] == 5 and st(s).actions == 0



# ------------------------------------------------------------------------------- copies and views
def test_new_state_survives_copy_and_determinize() -> None:
    """Architecture (Copies, Views and determinize): the blocked dice, a window's moment and Zek
    Zarag's pending shuffle are copied, isolated, and kept by `determinize` (all public)."""
    s = bt()
    mission(s, "solar-flares", [], icons=[2, 1])
    rep(s, 0, henko=5)
    s.apply("spend block")
    s.apply("target 2")
    set_hand(s, 0, ["zek-zarag"])
    set_draw(s, 0, ["miss", "ryle-al-wren", "reactor"])
    st(s).actions = 1
    s.apply("play zek-zarag")
    s.apply("choose ryle-al-wren")  # the shuffle waits under Ryle al Wren's choice
    c = s.copy()
    c.apply("option 1")
    assert st(c).blocks == 2 and st(s).blocks == 0 and s.decision_name() == "choice.crew.option"
    st(c).blocked_dice = 0
    assert st(s).blocked_dice == 0b10
    for k in range(4):
        d = s.determinize(1, Rng(k))
        assert d.view(1).data == s.view(1).data and st(d).blocked_dice == 0b10
        d.apply("option 2")
        assert d.decision_name() == "execution.play"
    s.apply("option 1")
    rep(s, 0, henko=2)
    pass_all(s)
    w = s.copy()
    assert w.stack[-1].public() == s.stack[-1].public() and moment(w) == "before-success-check"
