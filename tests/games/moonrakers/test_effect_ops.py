"""The one card-effect vocabulary: crew and ship-part effects compile into one op type, the ops both
kinds use have one implementation, and a crew ability's pending choice is a typed continuation that a
copied state resumes on its own (2.4, 5.5, 3.4.6, 3.4.8)."""

from __future__ import annotations

from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import crew_interpreter, crew_specs, instant_ops, part_instants, part_specs
from spacetable.games.moonrakers.crew_effects import run_ops
from spacetable.games.moonrakers.crew_interpreter import CrewChoice
from spacetable.games.moonrakers.effect_ops import SHARED_OPS, Op
from tests.games.moonrakers.test_crew_effects import position, reduce, seat

S = 2  # the Shield requirement


def test_crew_and_part_effects_compile_into_one_op_type() -> None:
    crew_ops = [op for ops in crew_specs.LISTS for op in ops]
    part_ops = [op for fx in part_specs.FX
                for tr in (*fx.start, *fx.on_play, *fx.at_check, *fx.on_discard, *fx.on_trash)
                for op in tr.effects] + [op for fx in part_specs.FX if fx.use for op in fx.use.effects]
    assert crew_ops and part_ops
    assert {type(op) for op in crew_ops + part_ops} == {Op}
    shared = {op.op for op in crew_ops} & {op.op for op in part_ops}
    assert shared <= set(SHARED_OPS), "an op both kinds use must be one of the shared ops"


def test_each_shared_op_has_one_implementation_for_crew_and_parts() -> None:
    for name in SHARED_OPS:
        assert crew_interpreter.OPS[name] is instant_ops.INSTANTS[name]
        assert name not in part_instants.PART_OPS


def test_block_and_reduce_mean_the_same_on_a_crew_and_a_part_3_4_6_3_4_8() -> None:
    """"Block 1" and "Shield requirement −1" do the same thing whichever card carries them."""
    crew = position(hand=["miss"])
    run_ops(crew, 0, A.CARD_ID["bill-bendo"] - A.CREW_BASE,
            [{"op": "block", "n": 1}, {"op": "reduce", "type": "shield", "n": 1}])
    part = position(hand=["miss"])
    part_instants.run(part, 0, A.PART_ID["titan-3000"], (Op("block", 1), Op("reduce", 1, type=S)), 0)
    for s in (crew, part):
        assert seat(s).blocks == 1 and reduce(s)[S] == 1
    assert crew.events == part.events  # the same events, citing 3.4.8 and 3.4.6


def test_a_copied_crew_choice_resumes_its_own_continuation_2_4() -> None:
    """Bill Bendo: block 1, Shield −1, then draw 1 card or +1 Action. A copy taken at the choice
    resumes independently: each picks its own branch and the other is untouched."""
    s = position(hand=["bill-bendo"], draw=["miss", "miss"])
    s.apply("play bill-bendo")
    top = s.stack[-1]
    assert isinstance(top, CrewChoice) and top.decision() == "choice.crew.option"
    c = s.copy()
    copied = c.stack[-1]
    assert isinstance(copied, CrewChoice)
    assert copied.ctx is not top.ctx and copied.ctx.lists is not top.ctx.lists
    actions = seat(s).actions
    s.apply("option 1")  # draw 1
    c.apply("option 2")  # +1 Action
    assert len(s.players[0].hand) == 1 and seat(s).actions == actions
    assert len(c.players[0].hand) == 0 and seat(c).actions == actions + 1
