"""Objectives (§6, R10): every condition triggers when it should and not otherwise; check points (6.3,
6.4.1), claims (+1 Prestige, revealed, out of play), seat order, and condition validation (DataError)."""

from __future__ import annotations

from typing import Any

import pytest

from spacetable.engine.errors import DataError
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import objectives
from spacetable.games.moonrakers.objectives import AFTER_EXECUTION, END_OF_TURN, compile_condition
from tests.games.moonrakers.helpers import (
    clear_objectives,
    events,
    game,
    give_objective,
    mission,
    part,
    pass_all,
    play_all,
    set_hand,
)


def scenario(obj: str, holder: int = 0, players: int = 3, contract: str = "claim-bounty",
             allies: tuple[int, ...] = (), success: bool = True, seat: dict[str, Any] | None = None,
             ex: dict[str, Any] | None = None, point: int = AFTER_EXECUTION, first: int = 0) -> bool:
    """Build an execution of `contract` (ML `first`, `allies`), set the holder's per-contract counters
    and the execution fields, run the objective check, and say whether `holder` claimed `obj`."""
    s = game(players, seed=3, first=first)
    clear_objectives(s)
    o = give_objective(s, holder, obj)
    mission(s, contract, list(allies))
    e = s.ex
    assert e is not None
    e.success = success
    for k, v in (ex or {}).items():
        setattr(e, k, v)
    if holder in e.seats:
        for k, v in (seat or {}).items():
            setattr(e.seats[holder], k, v)
    objectives.check(s, point)
    return o in s.players[holder].claimed


def played(reactor: int = 0, thruster: int = 0, shield: int = 0, damage: int = 0, crew: int = 0) -> list[int]:
    return [reactor, thruster, shield, damage, crew]


# (objective, scenario kwargs, expected): a case that triggers and cases that do not, per objective
CONTRACT_CASES: list[tuple[str, dict[str, Any], bool]] = [
    ("ace", {"seat": {"dice": [0, 1]}}, True),  # 6.4.4: dice targeting you, icons do not matter
    ("ace", {"seat": {"dice": [2]}}, False),
    ("ace", {"seat": {"dice": [1, 1]}, "success": False}, False),
    ("barrage", {"seat": {"damage": 5}, "success": False}, True),  # even if you fail
    ("barrage", {"seat": {"damage": 3, "dmg_cards": 2}, "ex": {"damage_bonus": 1}}, True),  # Kary bonus
    ("barrage", {"seat": {"damage": 4}}, False),
    ("chain-reaction", {"seat": {"played": played(reactor=4)}, "success": False}, True),
    ("chain-reaction", {"seat": {"played": played(reactor=3)}}, False),
    ("daredevil", {"contract": "transport-rescue", "seat": {"played": played(reactor=3)}}, True),
    ("daredevil", {"contract": "transport-rescue", "seat": {"played": played(shield=1)}}, False),
    ("daredevil", {"contract": "claim-bounty"}, False),
    ("daredevil", {"contract": "transport-rescue", "success": False}, False),
    ("efficiency", {"contract": "fuel-shortage", "seat": {"played": played(damage=2)}}, True),
    ("efficiency", {"contract": "fuel-shortage", "seat": {"played": played(thruster=1)}}, False),
    ("efficiency", {"contract": "fuel-shortage", "success": False}, False),
    ("fire-support", {"seat": {"damage": 3}}, True),  # "deal N Damage" is not a Damage card (2.6)
    ("fire-support", {"seat": {"played": played(damage=1)}}, False),  # OQ 34: incl. played as Damage
    ("fire-support", {"contract": "fuel-shortage"}, False),
    ("gun-for-hire", {}, True),
    ("gun-for-hire", {"allies": (1,)}, False),
    ("gun-for-hire", {"success": False}, False),
    ("gun-for-hire", {"contract": "distress-beacon"}, False),
    ("gun-for-hire", {"players": 2, "ex": {"merc_basic": 1}}, False),  # 6.4.2, 8.8
    ("gun-for-hire", {"players": 1, "ex": {"merc_crew": 1}}, False),
    ("gun-for-hire", {"players": 1}, True),
    ("natural-leader", {"seat": {"played": played(crew=3)}, "success": False}, True),
    ("natural-leader", {"seat": {"played": played(crew=2)}}, False),
    ("quick-run", {"contract": "fuel-shortage"}, True),
    ("quick-run", {"contract": "fuel-shortage", "success": False}, False),
    ("quick-run", {"contract": "fuel-shortage", "allies": (2,)}, False),
    ("quick-strike", {"seat": {"played": played(thruster=3)}, "success": False}, True),  # OQ 33
    ("quick-strike", {"seat": {"played": played(thruster=2)}}, False),
    ("saboteur", {"holder": 1, "allies": (1,), "success": False}, True),
    ("saboteur", {"holder": 1, "allies": (1,), "success": True}, False),
    ("saboteur", {"holder": 0, "allies": (1,), "success": False}, False),  # the ML is not an ally
    ("saboteur", {"holder": 2, "allies": (1,), "success": False}, False),  # not a participant
    ("saboteur", {"players": 1, "success": False, "seat": {"cards": 1}, "ex": {"merc_basic": 2}}, True),
    ("saboteur", {"players": 1, "success": False, "seat": {"cards": 1}, "ex": {"merc_basic": 1}}, False),
    ("saboteur", {"players": 1, "success": True, "seat": {"cards": 0}, "ex": {"merc_crew": 1}}, False),
    ("santa-maria", {"contract": "distress-beacon"}, True),
    ("santa-maria", {"contract": "transport-rescue"}, False),
    ("santa-maria", {"contract": "distress-beacon", "allies": (1, 2)}, False),
    ("shield-wall", {"seat": {"played": played(shield=3)}, "success": False}, True),
    ("shield-wall", {"seat": {"played": played(shield=2)}}, False),
    ("utopia", {"allies": (1, 2)}, True),
    ("utopia", {"allies": (1,)}, False),
    ("utopia", {"allies": (1, 2), "success": False}, False),
    ("utopia", {"allies": (1, 2), "holder": 1}, False),  # only the ML
    ("utopia", {"players": 2, "allies": (1,)}, True),  # OQ 35
    ("utopia", {"players": 2, "ex": {"merc_basic": 1}, "seat": {"cards": 1}}, False),
    ("utopia", {"players": 1, "ex": {"merc_basic": 1}, "seat": {"cards": 1}}, True),  # 8.8
    ("utopia", {"players": 1, "ex": {"merc_basic": 1}, "seat": {"cards": 0}}, False),
    ("utopia", {"players": 1, "ex": {"merc_basic": 0}, "seat": {"cards": 2}}, False),
    ("youre-my-hero", {"contract": "transport-rescue"}, True),
    ("youre-my-hero", {"contract": "transport-rescue", "allies": (1,)}, False),
    ("youre-my-hero", {"contract": "fuel-shortage"}, False),
]


@pytest.mark.parametrize(("obj", "kw", "expected"), CONTRACT_CASES,
                         ids=[f"{o}-{i}" for i, (o, _, _) in enumerate(CONTRACT_CASES)])
def test_contract_objective_6_4(obj: str, kw: dict[str, Any], expected: bool) -> None:
    """6.4.1–6.4.5: contract objectives of the base game, checked at 3.4.9 step 4."""
    assert scenario(obj, **kw) is expected


@pytest.mark.parametrize("obj", sorted({o for o, _, e in CONTRACT_CASES if e}))
def test_contract_objectives_not_checked_at_end_of_turn_6_4_1(obj: str) -> None:
    """6.4.1: contract conditions are checked only at the end-of-execution check."""
    kw = next(k for o, k, e in CONTRACT_CASES if o == obj and e)
    assert scenario(obj, point=END_OF_TURN, **kw) is False


PART_CASES: list[tuple[str, list[str], bool]] = [
    ("generalist", ["mg-warp", "duo-1000", "pulsor-mk1", "flash"], True),
    ("generalist", ["mg-warp", "duo-1000", "pulsor-mk1", "the-leech"], False),
    ("megaton", ["mg-warp", "mg-phase-core", "mg2-quad-laser"], True),
    ("megaton", ["mg-warp", "mg-phase-core", "flash"], False),
    ("over-9000", ["pulsor-mk1", "swarm-mk1", "sapphire-mk2"], True),
    ("over-9000", ["pulsor-mk1", "swarm-mk1"], False),
    ("specialist", ["the-leech", "the-pursuer"], True),
    ("specialist", ["the-leech", "flash"], False),
    ("speed-demon", ["flash", "jump-jets-e2", "twin-jets-e4"], True),
    ("speed-demon", ["flash", "jump-jets-e2", "titan-3000"], False),
    ("tank", ["duo-1000", "titan-3000", "symbiote-9000"], True),
    ("tank", ["duo-1000", "titan-3000"], False),
]


@pytest.mark.parametrize(("obj", "parts", "expected"), PART_CASES)
@pytest.mark.parametrize("point", [AFTER_EXECUTION, END_OF_TURN])
def test_part_objective_at_both_points_6_4_1(obj: str, parts: list[str], expected: bool, point: int) -> None:
    """6.4.1: installed-part (state) conditions are checked at both points, for every player."""
    s = game(3, seed=4, first=0)
    clear_objectives(s)
    o = give_objective(s, 2, obj)  # a non-participant
    s.players[2].parts = [part(x) for x in parts]
    if point == AFTER_EXECUTION:
        mission(s, "claim-bounty", [])
    objectives.check(s, point)
    assert (o in s.players[2].claimed) is expected


def _turn(obj: str, holder: int, ml: int, credits: int = 0, bought: int = 0,
          point: int = END_OF_TURN) -> bool:
    s = game(3, seed=5, first=ml)
    clear_objectives(s)
    o = give_objective(s, holder, obj)
    s.players[holder].credits = credits
    s.bought_parts = bought
    objectives.check(s, point)
    return o in s.players[holder].claimed


def test_money_bags_ml_end_of_own_turn_6_4_1() -> None:
    """Money Bags: 8+ credits, only the ML at the end of its own turn."""
    assert _turn("money-bags", 1, ml=1, credits=8)
    assert not _turn("money-bags", 1, ml=1, credits=7)
    assert not _turn("money-bags", 1, ml=0, credits=12)  # not its own turn
    assert not _turn("money-bags", 1, ml=1, credits=9, point=AFTER_EXECUTION)


def test_tinker_needs_a_fifth_part_bought_this_turn_6_4_1() -> None:
    """Tinker: the ML bought a part while 4 were installed (OQ 35: not a bonus card); end of turn only."""
    assert _turn("tinker", 0, ml=0, bought=1)
    assert not _turn("tinker", 0, ml=0, bought=0)
    assert not _turn("tinker", 1, ml=0, bought=1)
    assert not _turn("tinker", 0, ml=0, bought=1, point=AFTER_EXECUTION)


def test_tinker_through_buying_r22() -> None:
    """Tinker via the real Buy phase: a 5th part bought with 4 installed (5.3, R22), claimed at 3.6."""
    s = game(3, seed=6, first=0)
    clear_objectives(s)
    o = give_objective(s, 0, "tinker")
    p = s.players[0]
    p.parts = [part(x) for x in ("flash", "titan-3000", "duo-1000", "pulsor-mk1")]
    p.credits = 20
    s.apply("stay")
    while s.decision_name() != "buying":
        s.apply(s.legal_actions()[-1])
    s.objective_deck.extend(x for x in p.objectives if x != o)  # only Tinker is watched
    p.objectives = [o]
    buy = next(a for a in s.legal_actions() if a.kind == "buy" and str(a.args[0]) in A.PART_ID)
    s.apply(buy)
    assert s.decision_name() == "scrap-part"
    s.apply("scrap flash")
    assert o not in p.claimed  # not claimed before the end of the turn
    prestige = p.prestige
    s.apply("done")
    assert o in p.claimed and p.prestige == prestige + 1


def test_tinker_not_for_a_bonus_part_oq35() -> None:
    """OQ 35: a 5th part taken as a bonus card is not a purchase."""
    from spacetable.games.moonrakers.execution import give_bonus

    s = game(3, seed=6, first=0)
    clear_objectives(s)
    o = give_objective(s, 0, "tinker")
    s.players[0].parts = [part(x) for x in ("flash", "titan-3000", "duo-1000", "pulsor-mk1")]
    give_bonus(s, 0, 1)
    s.apply("bonus-part")
    assert s.decision_name() == "scrap-part"
    assert s.bought_parts == 0
    objectives.check(s, END_OF_TURN)
    assert o not in s.players[0].claimed


# ------------------------------------------------------------------------------- Binding Ties (10)
def _bt(obj: str, holder: int = 1, allies: tuple[int, ...] = (1,), success: bool = True,
        seat: dict[str, Any] | None = None, shares: dict[int, list[int]] | None = None,
        rep_to: int | None = None, point: int = AFTER_EXECUTION, setup: Any = None,
        contract: str = "claim-bounty") -> bool:
    s = game(3, seed=7, first=0, bt=True)
    clear_objectives(s)
    o = give_objective(s, holder, obj)
    if setup:
        setup(s)
    mission(s, contract, list(allies), shares=shares)
    e = s.ex
    assert e is not None
    e.success = success
    if rep_to is not None:
        e.rep_faction_to = rep_to
    if holder in e.seats:
        for k, v in (seat or {}).items():
            setattr(e.seats[holder], k, v)
    objectives.check(s, point)
    return o in s.players[holder].claimed


BT_COUNTER_CASES = [("backup", "rep_gained", 4), ("call-in-favors", "rep_spent", 10),
                    ("for-hire", "rep_objectives", 2), ("invest", "rep_credits", 3),
                    ("manifold", "rep_draws", 3), ("responsive", "rep_actions", 3)]


@pytest.mark.parametrize(("obj", "counter", "n"), BT_COUNTER_CASES)
def test_binding_ties_per_contract_counters(obj: str, counter: str, n: int) -> None:
    """BT objectives counting reputation use during one contract (success not needed)."""
    assert _bt(obj, seat={counter: n}, success=False)
    assert not _bt(obj, seat={counter: n - 1})
    assert not _bt(obj, seat={counter: n}, point=END_OF_TURN)


def test_brute_fail_as_ally_of_top_ml() -> None:
    """Brute: fail as an ally of an ML with the most Prestige, ties count."""
    def top(s: Any) -> None:
        s.players[0].prestige = 3
        s.players[2].prestige = 3

    def not_top(s: Any) -> None:
        s.players[2].prestige = 4

    assert _bt("brute", success=False, setup=top)
    assert _bt("brute", success=False)  # all at 0: a tie counts
    assert not _bt("brute", success=False, setup=not_top)
    assert not _bt("brute", success=True, setup=top)
    assert not _bt("brute", holder=0, success=False, setup=top)


def test_freeloader_ally_without_rewards() -> None:
    """Freeloader: an ally with a 0/0/0 share who does not take the faction reward."""
    assert _bt("freeloader", success=False)
    assert not _bt("freeloader", shares={1: [0, 1, 0]})
    assert not _bt("freeloader", rep_to=1, contract="minil-horde")  # takes the faction reward
    assert _bt("freeloader", rep_to=1)  # claim-bounty has no faction reward to take
    assert not _bt("freeloader", holder=0)


def test_alliance_and_hoarder_state_conditions() -> None:
    """Alliance (5 with one faction in play, 0 with the others) and Hoarder (20+ cards): both points."""
    def alliance(s: Any) -> None:
        s.players[1].rep = [0, 0, 5, 0, 0]  # seat 1 is faction 1; factions in play 0, 2

    def alliance_no(s: Any) -> None:
        s.players[1].rep = [1, 0, 5, 0, 0]

    def hoarder(s: Any) -> None:
        s.players[1].discard.extend([0] * 10)  # 10 starting cards + 10

    def hoarder_no(s: Any) -> None:
        s.players[1].discard.extend([0] * 9)

    for point in (AFTER_EXECUTION, END_OF_TURN):
        assert _bt("alliance", allies=(), setup=alliance, point=point)
        assert not _bt("alliance", allies=(), setup=alliance_no, point=point)
        assert _bt("hoarder", allies=(), setup=hoarder, point=point)
        assert not _bt("hoarder", allies=(), setup=hoarder_no, point=point)


# ------------------------------------------------------------------------------- claims (6.3, R10)
def test_claim_reveals_scores_and_removes_6_3_r10() -> None:
    """6.3: a claim is revealed (event), gives 1 Prestige, leaves the hand of objectives for `claimed`."""
    s = game(3, seed=8, first=0)
    clear_objectives(s)
    o = give_objective(s, 1, "tank")
    keep = give_objective(s, 1, "megaton")
    s.players[1].parts = [part(x) for x in ("duo-1000", "titan-3000", "symbiote-9000")]
    objectives.check(s, END_OF_TURN)
    p = s.players[1]
    assert p.prestige == 1 and p.claimed == [o] and p.objectives == [keep]
    assert (1, o) in events(s, "objective")
    ev = [e for e in (s.events or []) if e.key == "objective"][-1]
    assert ev.rule == "6.3" and "claims objective Tank" in s.render_event(ev)
    objectives.check(s, END_OF_TURN)  # a claimed card is out of play: no second claim
    assert p.prestige == 1


def test_several_claims_at_once_in_seat_order_from_ml_6_3() -> None:
    """6.3: several objectives may be claimed at once, seats in order from the ML; unmet ones stay."""
    s = game(3, seed=9, first=1)
    clear_objectives(s)
    t = give_objective(s, 0, "tank")
    sp = give_objective(s, 2, "specialist")
    mg = give_objective(s, 2, "megaton")
    s.players[0].parts = [part(x) for x in ("duo-1000", "titan-3000", "symbiote-9000")]
    s.players[2].parts = [part(x) for x in ("the-leech", "the-pursuer", "mg-warp")]
    objectives.check(s, END_OF_TURN)
    assert events(s, "objective") == [(2, sp), (0, t)]
    assert s.players[2].objectives == [mg]


def test_claim_order_follows_seats_from_ml_r25() -> None:
    """6.3, R25: claims are processed in seat order starting with the ML."""
    s = game(3, seed=9, first=2)
    clear_objectives(s)
    oids = []
    for seat, obj in ((0, "tank"), (1, "megaton"), (2, "over-9000")):
        oids.append(give_objective(s, seat, obj))
    s.players[0].parts = [part(x) for x in ("duo-1000", "titan-3000", "symbiote-9000")]
    s.players[1].parts = [part(x) for x in ("mg-warp", "mg-phase-core", "mg2-quad-laser")]
    s.players[2].parts = [part(x) for x in ("pulsor-mk1", "swarm-mk1", "sapphire-mk2")]
    objectives.check(s, END_OF_TURN)
    assert [a[0] for a in events(s, "objective")] == [2, 0, 1]


def test_objective_gained_during_execution_counts_6_4_5() -> None:
    """6.4.5: an objective gained during an execution may be claimed for that same contract."""
    s = game(3, seed=10, first=0)
    clear_objectives(s)
    mission(s, "claim-bounty", [])
    o = give_objective(s, 0, "gun-for-hire")  # gained mid-contract
    set_hand(s, 0, ["reactor", "reactor", "damage-3", "miss", "miss"])
    play_all(s, ["play reactor", "play reactor", "play damage-3"])
    pass_all(s)
    assert o in s.players[0].claimed


def test_full_flow_hazard_losses_before_objectives_3_4_9_r7() -> None:
    """3.4.9 (R7): hazard losses (step 3) come before the objective check (step 4)."""
    s = game(3, seed=11, first=0)
    clear_objectives(s)
    o = give_objective(s, 0, "shield-wall")
    s.players[0].prestige = 1
    mission(s, "claim-bounty", [], icons=2)  # one die with 2 icons
    set_hand(s, 0, ["reactor", "reactor", "shield", "shield", "shield"])
    play_all(s, ["play reactor", "play reactor", "play shield", "play shield", "play shield"])
    pass_all(s)  # fails (no Damage); 3 blocks cover the 2 icons
    assert o in s.players[0].claimed and s.players[0].prestige == 2

    s = game(3, seed=11, first=0)
    clear_objectives(s)
    o = give_objective(s, 0, "quick-strike")
    s.players[0].prestige = 1
    mission(s, "claim-bounty", [], icons=2)
    set_hand(s, 0, ["reactor", "reactor", "thruster", "thruster", "thruster"])
    s.players[0].draw = [A.CARD_ID["miss"]] * 8
    play_all(s, ["play reactor", "play reactor", "play thruster", "play thruster", "play thruster"])
    pass_all(s)
    # loss first: 1 - 2 -> 0, then the claim: 1 (claiming first would give 2 - 2 = 0)
    assert o in s.players[0].claimed and s.players[0].prestige == 1


def test_non_participant_keeps_contract_objective_6_4() -> None:
    """Contract conditions concern the participants of the contract just executed."""
    assert not scenario("quick-strike", holder=2, allies=(1,), seat={"played": played(thruster=5)})


# ------------------------------------------------------------------------------- data validation
def test_every_objective_has_a_condition() -> None:
    """Every objective (23 base, 10 Binding Ties) has a compiled, typed condition."""
    assert len(objectives.CONDITIONS) == len(A.CAT.objectives) == 33
    for o in A.CAT.objectives:
        assert o.condition.get("type") in objectives.KIND_NAMES, o.name


@pytest.mark.parametrize(("cond", "field"), [
    ({}, "condition.type"),
    ([], "condition"),
    ({"type": "luck"}, "condition.type"),
    ({"type": "contract", "succes": True}, "condition.succes"),
    ({"type": "contract", "success": "yes"}, "condition.success"),
    ({"type": "contract", "kind": "smuggle"}, "condition.kind"),
    ({"type": "contract", "role": "boss"}, "condition.role"),
    ({"type": "contract", "min": {"reactors": 4}}, "condition.min.reactors"),
    ({"type": "contract", "min": {"reactor_cards": -1}}, "condition.min.reactor_cards"),
    ({"type": "contract", "greater": ["dice"]}, "condition.greater"),
    ({"type": "contract", "solo": True, "role": "ally"}, "condition.solo"),
    ({"type": "contract", "solo_game": {"type": "parts", "min": {"henko": 1}}}, "condition.solo_game"),
    ({"type": "contract", "solo_game": {"type": "contract", "kind": "x"}}, "condition.solo_game.kind"),
    ({"type": "parts", "min": {"orange": 3}}, "condition.min.orange"),
    ({"type": "parts"}, "condition.min"),
    ({"type": "deck", "min": "20"}, "condition.min"),
    ({"type": "reputation", "one": 5}, "condition.others"),
    ({"type": "turn", "min": {"fifth_parts_bought": 1}}, "condition.min.fifth_parts_bought"),
    ({"type": "turn", "ml_only": True, "min": {"prestige": 3}}, "condition.min.prestige"),
])
def test_bad_condition_raises_data_error(cond: Any, field: str) -> None:
    """A bad condition raises DataError naming the file, the card and the field."""
    with pytest.raises(DataError) as err:
        compile_condition(cond, "Some Card")
    assert err.value.file == objectives.FILE
    assert err.value.card == "Some Card"
    assert err.value.field == field
    assert "Some Card" in str(err.value) and objectives.FILE in str(err.value)


def test_bad_catalog_condition_fails_at_load(tmp_path: Any) -> None:
    """compile_catalog over a catalog with a broken condition names that card."""
    import dataclasses

    cat = A.CAT
    bad = dataclasses.replace(cat.objectives[3], condition={"type": "contract", "kind": "heist"})
    broken = dataclasses.replace(cat, objectives=(*cat.objectives[:3], bad, *cat.objectives[4:]))
    with pytest.raises(DataError, match=bad.name):
        objectives.compile_catalog(broken)


def test_money_bags_full_flow_end_of_turn_3_6() -> None:
    """3.6, 6.4.1: Money Bags is claimed at the ML's own end of turn (after Stay at Base's credit)."""
    s = game(3, seed=12, first=0)
    clear_objectives(s)
    o = give_objective(s, 0, "money-bags")
    o2 = give_objective(s, 1, "speed-demon")
    s.players[0].credits = 7
    s.players[1].credits = 9
    s.apply("stay")  # +1 credit: 8
    while s.decision_name() != "buying":
        s.apply(s.legal_actions()[-1])
    s.players[0].objectives = [o]
    assert o not in s.players[0].claimed
    s.apply("done")
    assert o in s.players[0].claimed and s.players[0].prestige == 1
    assert o2 in s.players[1].objectives


def test_solo_game_mercenary_spoils_solo_objective_6_4_2() -> None:
    """6.4.2, 8.8: in a 1-player game, a contract with a Mercenary card played is not solo."""
    for use_merc in (False, True):
        s = game(1, seed=13)
        clear_objectives(s)
        o = give_objective(s, 0, "gun-for-hire")
        s.merc_row = [A.CARD_ID["damage-1"], A.CARD_ID["shield"]]
        mission(s, "claim-bounty", [])
        set_hand(s, 0, ["reactor", "reactor", "damage-3"])
        play_all(s, ["play reactor", "play reactor", "play damage-3"])
        if use_merc:
            s.apply("merc shield")
        pass_all(s)
        assert (o in s.players[0].claimed) is (not use_merc)
