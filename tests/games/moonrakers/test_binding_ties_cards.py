"""Binding Ties crew and ship-part abilities (bt_effects.py), one test or more per card.

Card texts: shared/data/moonrakers/source/crew.csv and ship_parts.csv (Game = BT).
"""

from __future__ import annotations

from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import reputation
from spacetable.games.moonrakers.cards import FACTIONS
from spacetable.games.moonrakers.game import Moonrakers
from spacetable.games.moonrakers.state import Seat
from tests.games.moonrakers.helpers import cid, game, legal, mission, part, set_draw, set_hand

MAG, HEN, KOM, VEN, SOR = range(5)
R, T, S, D, C = range(5)  # requirement types


def rep(s: Moonrakers, seat: int, **by_faction: int) -> None:
    s.players[seat].rep = [by_faction.get(f, 0) for f in FACTIONS]


def contract(slug: str = "solar-shield", parts: tuple[str, ...] = (), players: int = 3,
             allies: list[int] | None = None, icons: int | list[int] = 0) -> Moonrakers:
    """A Binding Ties game at seat 0's first play step of `slug`, seat 0 owning `parts`."""
    s = game(players, bt=True)
    s.players[0].parts = [part(p) for p in parts]
    mission(s, slug, allies or [], icons=icons)
    return s


def st(s: Moonrakers, seat: int = 0) -> Seat:
    assert s.ex is not None
    return s.ex.seats[seat]


def play(s: Moonrakers, crew: str, actions: int = 1) -> None:
    """Seat 0 plays `crew` from hand with `actions` Actions before paying."""
    set_hand(s, 0, [crew, "miss"])
    st(s).actions = actions
    s.apply(f"play {crew}")


# ------------------------------------------------------------------------------- crew
def test_ark_tii_action_and_unique_lowest_faction() -> None:
    """Ark Tii: gain 1 Action and advance your lowest faction by 1."""
    s = contract()
    rep(s, 0, henko=2)
    play(s, "ark-tii")
    assert st(s).actions == 1 and s.players[0].rep == [0, 2, 1, 0, 0]


def test_ark_tii_tie_player_chooses() -> None:
    """Ark Tii (Glossary, Lowest Faction): on a tie the player chooses."""
    s = contract()
    rep(s, 0, henko=1, komek=1)
    play(s, "ark-tii")
    assert s.decision_name() == "choice.rep-lowest" and legal(s) == ["faction henko", "faction komek"]
    s.apply("faction henko")
    assert s.players[0].rep == [0, 2, 1, 0, 0]


def test_detra_lar_three_actions_and_optional_trash_for_reputation() -> None:
    """Detra Lar: gain 3 Actions; you may trash this card to gain 1 reputation of any color."""
    s = contract()
    play(s, "detra-lar")
    assert st(s).actions == 3
    assert legal(s) == ["faction henko", "faction komek", "no"]
    s.apply("faction komek")
    assert s.players[0].rep[KOM] == 1 and cid("detra-lar") not in st(s).play
    assert s.ex is not None and s.ex.pool[C] == 1  # its Crew stays counted


def test_detra_lar_kept_when_declined() -> None:
    s = contract()
    play(s, "detra-lar")
    s.apply("no")
    assert s.players[0].rep == [0] * 5 and cid("detra-lar") in st(s).play


def test_kinta_lar_draws_3_then_may_trash() -> None:
    """Kinta Lar: draw 3 cards; afterwards you may trash this card for 1 reputation of any color."""
    s = contract()
    set_draw(s, 0, ["reactor", "reactor", "reactor", "shield"])
    play(s, "kinta-lar")
    assert sorted(s.players[0].hand) == sorted([cid("miss"), cid("reactor"), cid("reactor"), cid("shield")])
    s.apply("faction henko")
    assert s.players[0].rep[HEN] == 1 and cid("kinta-lar") not in st(s).play


def test_finneal_lee_spend_any_amount_for_actions() -> None:
    """Finneal Lee: +1 Action; spend any amount of reputation (any colors) for as many Actions."""
    s = contract()
    rep(s, 0, henko=2, komek=1)
    play(s, "finneal-lee")
    assert st(s).actions == 1
    assert legal(s) == ["faction henko", "faction komek", "done"]
    s.apply("faction henko")
    s.apply("faction komek")
    assert legal(s) == ["faction henko", "done"]
    s.apply("done")
    assert st(s).actions == 3 and s.players[0].rep == [0, 1, 0, 0, 0]
    assert st(s).rep_actions == 2 and st(s).rep_spent == 2


def test_gadra_ga_spend_2_to_deal_4() -> None:
    """Gadra Ga: spend any 2 reputation of any colors to deal 4 Damage."""
    s = contract()
    rep(s, 0, henko=1, komek=1)
    play(s, "gadra-ga")
    assert legal(s) == ["yes", "no"]
    s.apply("yes")
    assert s.ex is not None and s.ex.pool[D] == 4 and s.players[0].rep == [0] * 5


def test_gadra_ga_not_offered_without_2_reputation() -> None:
    s = contract()
    rep(s, 0, henko=1)
    play(s, "gadra-ga")
    assert s.decision_name() == "execution.play" and s.ex is not None and s.ex.pool[D] == 0


def test_kyas_iv_damage_2_and_unseen_trash_for_2_reputation() -> None:
    """Kyas IV: plays as a Damage 2 card; may trash the top draw-pile card unseen for 2 reputation
    (two colors or the same)."""
    s = contract()
    set_draw(s, 0, ["miss", "reactor"])
    play(s, "kyas-iv")
    assert s.ex is not None and s.ex.pool[D] == 2 and s.ex.pool[C] == 1
    s.apply("yes")
    assert s.players[0].draw == [cid("miss")]  # the Reactor on top is gone for good
    s.apply("faction henko")
    s.apply("faction henko")
    assert s.players[0].rep == [0, 2, 0, 0, 0]


def test_linus_farno_shield_and_swap_one_reputation() -> None:
    """Linus Farno: play as a Green Shield; may spend 1 reputation to gain 1 of another color."""
    s = contract()
    rep(s, 0, henko=2)
    play(s, "linus-farno")
    assert s.ex is not None and s.ex.pool[S] == 1 and st(s).blocks == 1
    assert legal(s) == ["faction henko", "no"]
    s.apply("faction henko")  # Komek is the only other color: gained without asking
    assert s.players[0].rep == [0, 1, 1, 0, 0]


def test_lynna_tragel_shield_extra_die_and_reputation() -> None:
    """Lynna Tragel: play as a Shield; roll an additional hazard die; gain 1 reputation of any color."""
    s = contract()
    play(s, "lynna-tragel")
    assert s.ex is not None and s.ex.pool[S] == 1 and st(s).blocks == 1
    assert s.current_player() == CHANCE
    s.apply("hazard 2")
    assert st(s).dice[-1] == 2  # the extra die targets its roller (R21)
    s.apply("faction komek")
    assert s.players[0].rep[KOM] == 1


def test_taygar_tak_spend_1_reduce_requirement_by_1() -> None:
    """Taygar Tak: spend 1 reputation to subtract 1 from any requirement (minimum 0)."""
    s = contract()  # Solar Shield: 1 Shield, 2 Damage
    rep(s, 0, komek=1)
    play(s, "taygar-tak")
    assert legal(s) == ["faction komek", "no"]
    s.apply("faction komek")
    assert legal(s) == ["reduce shield", "reduce damage"]
    s.apply("reduce damage")
    assert s.ex is not None and s.ex.reduce[D] == 1 and s.players[0].rep == [0] * 5


def test_the_warden_draw_gain_and_others_gain_lowest() -> None:
    """The Warden: draw 2 and gain 1 of any color; all other players gain 1 with their lowest faction
    (their pick on a tie), in player order following the Mission Leader (Glossary, Ties)."""
    s = contract()
    rep(s, 1, magnomi=0, komek=0)  # tie: seat 1 chooses
    rep(s, 2, magnomi=3, henko=1)  # unique lowest: Henko
    play(s, "the-warden")
    assert len(s.players[0].hand) == 3  # a Miss left, then 2 drawn
    assert s.players[2].rep == [3, 2, 0, 0, 0]
    assert s.current_player() == 0 and s.decision_name() == "choice.rep-gain"
    s.apply("faction henko")
    assert s.current_player() == 1 and s.decision_name() == "choice.rep-lowest"
    s.apply("faction komek")
    assert s.players[1].rep == [0, 0, 1, 0, 0] and s.players[0].rep[HEN] == 1


# ------------------------------------------------------------------------------- parts
def test_artifact_205_a_prestige_costs_4() -> None:
    """Artifact 205-A: Prestige costs 1 less Faction Reputation."""
    s = game(3, bt=True)
    s.players[0].parts = [part("artifact-205-a")]
    rep(s, 0, henko=4)
    assert reputation.cost(s, 0, reputation.PRESTIGE) == 4
    assert reputation.cost(s, 0, reputation.CREDIT) == 2
    s.apply("spend prestige")
    assert s.players[0].prestige == 1 and s.players[0].rep == [0] * 5


def test_artifact_205_b_other_rewards_1_cheaper_minimum_1() -> None:
    """Artifact 205-B: all rewards except Prestige cost 1 fewer (to a minimum of 1); not trades."""
    s = game(3, bt=True)
    s.players[0].parts = [part("artifact-205-b")]
    costs = [reputation.cost(s, 0, r) for r in range(len(A.REWARDS))]
    assert costs == [1, 1, 1, 1, 1, 2, 2, 3, 3, 5, 4]
    assert reputation.trade_ratio(s, 0) == 3
    rep(s, 0, henko=1)
    s.apply("spend credit")
    assert s.players[0].credits == 3


def test_comms_array_c5_trades_2_for_1() -> None:
    """Comms Array C5: trade any 2 reputation for 1 of another color."""
    s = game(3, bt=True)
    rep(s, 0, henko=2)
    assert "trade komek" not in legal(s)
    s.players[0].parts = [part("comms-array-c5")]
    s.apply("trade komek")
    assert s.players[0].rep == [0, 0, 1, 0, 0]


def test_envoy_shuttle_trash_for_lowest_once_per_contract() -> None:
    """Envoy Shuttle: once per contract, trash a card to gain 1 reputation in your lowest faction."""
    s = contract(parts=("envoy-shuttle",))
    rep(s, 0, henko=3)
    set_hand(s, 0, ["miss", "reactor"])
    s.apply("use envoy-shuttle")
    s.apply("trash miss")
    assert s.players[0].hand == [cid("reactor")] and s.players[0].rep == [0, 3, 1, 0, 0]
    assert "use envoy-shuttle" not in legal(s)


def test_flak_mine_extra_die_gives_its_icons_in_reputation() -> None:
    """Flak Mine: roll 1 additional hazard die to gain reputation equal to its icons (2 icons: one
    faction +2 or two +1)."""
    s = contract(parts=("flak-mine",))
    s.apply("use flak-mine")
    assert s.current_player() == CHANCE
    s.apply("hazard 2")
    assert st(s).dice == [0, 2]
    s.apply("faction henko")
    s.apply("faction komek")
    assert s.players[0].rep == [0, 1, 1, 0, 0]
    assert "use flak-mine" in legal(s)  # the card has no once-per-contract limit (its text says none)


def test_flak_mine_blank_die_gives_nothing() -> None:
    s = contract(parts=("flak-mine",))
    s.apply("use flak-mine")
    s.apply("hazard 0")
    assert s.players[0].rep == [0] * 5 and s.decision_name() == "execution.play"


def test_lr_targeting_core_spend_any_amount_on_damage() -> None:
    """LR Targeting Core: spend any amount of reputation (any colors) to reduce the Damage
    requirement by that amount."""
    s = contract(parts=("lr-targeting-core",))  # Damage 2
    rep(s, 0, henko=1, komek=2)
    s.apply("use lr-targeting-core")
    assert legal(s) == ["faction henko", "faction komek"]
    s.apply("faction komek")
    assert legal(s) == ["faction henko", "faction komek", "done"]
    s.apply("faction henko")
    assert s.ex is not None and s.ex.reduce[D] == 2 and s.players[0].rep == [0, 0, 1, 0, 0]
    assert s.decision_name() == "execution.play"  # Damage target 0: nothing more to reduce
    assert "use lr-targeting-core" not in legal(s)


def test_proto_warning_system_spend_1_ignore_1_icon() -> None:
    """Proto Warning System: once per contract, spend 1 reputation to ignore 1 hazard icon."""
    s = contract(parts=("proto-warning-system",), icons=2)
    rep(s, 0, henko=1)
    assert "use proto-warning-system" in legal(s)
    s.apply("use proto-warning-system")
    assert st(s).blocks == 1 and s.players[0].rep == [0] * 5
    rep(s, 0, henko=1)
    assert "use proto-warning-system" not in legal(s)


def test_proto_warning_system_not_offered_without_icons() -> None:
    s = contract(parts=("proto-warning-system",), icons=0)
    rep(s, 0, henko=1)
    assert "use proto-warning-system" not in legal(s)


def test_pulse_exchange_spend_1_for_an_action() -> None:
    """Pulse Exchange: once per contract, spend 1 reputation to gain 1 Action."""
    s = contract(parts=("pulse-exchange",))
    rep(s, 0, henko=1, komek=1)
    s.apply("use pulse-exchange")
    s.apply("faction komek")
    assert st(s).actions == 2 and st(s).rep_actions == 1 and s.players[0].rep == [0, 1, 0, 0, 0]
    assert "use pulse-exchange" not in legal(s)


def test_pulse_recycler_trash_reactor_for_reputation() -> None:
    """Pulse Recycler: once per contract, trash a Blue Reactor from your hand for 1 reputation."""
    s = contract(parts=("pulse-recycler",))
    set_hand(s, 0, ["reactor", "miss"])
    s.apply("use pulse-recycler")
    assert s.players[0].hand == [cid("miss")]
    s.apply("faction henko")
    assert s.players[0].rep == [0, 1, 0, 0, 0]
    set_hand(s, 0, ["reactor"])
    assert "use pulse-recycler" not in legal(s)


def test_pulse_recycler_needs_a_reactor() -> None:
    s = contract(parts=("pulse-recycler",))
    set_hand(s, 0, ["miss"])
    assert "use pulse-recycler" not in legal(s)


def test_radar_repeater_spend_1_reduce_any_requirement_by_1() -> None:
    """Radar Repeater: once per contract, spend 1 reputation to reduce any requirement by 1."""
    s = contract(parts=("radar-repeater",))
    rep(s, 0, henko=1)
    s.apply("use radar-repeater")
    assert legal(s) == ["reduce shield", "reduce damage"]
    s.apply("reduce shield")
    assert s.ex is not None and s.ex.reduce[S] == 1
    assert "use radar-repeater" not in legal(s)


def test_bt_parts_only_work_in_a_contract() -> None:
    """5.6 (R13): activated BT parts are used in the owner's play steps only."""
    s = game(3, bt=True)
    s.players[0].parts = [part("pulse-exchange")]
    rep(s, 0, henko=1)
    assert not [a for a in legal(s) if a.startswith("use")]
