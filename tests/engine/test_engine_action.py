"""Actions and the fixed action space: canonical text that round-trips, indices, lookups."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spacetable.engine.action import Action, ActionSpace
from spacetable.engine.errors import ParseError
from spacetable.games.highcard.actions import SPACE

slug = st.from_regex(r"[a-z][a-z0-9_.:=-]{0,12}", fullmatch=True)
arg = st.one_of(st.integers(min_value=-10**6, max_value=10**6), slug)


@given(slug, st.lists(arg, max_size=4))
def test_text_form_round_trips(kind: str, args: list[int | str]) -> None:
    a = Action(kind, tuple(args))
    assert Action.parse(str(a)) == a
    assert eval(repr(a)) == a  # repr is the expression that rebuilds it


def test_every_highcard_action_round_trips_to_its_canonical_object() -> None:
    for a in SPACE:
        parsed = Action.parse(str(a))
        assert parsed == a and SPACE.lookup(parsed) is a


def test_equality_ignores_index_and_int_args_parse_as_ints() -> None:
    assert Action("play", (7,), index=3) == Action("play", (7,))
    assert Action.parse("play 7").args == (7,)
    assert Action.parse("swap -2").args == (-2,)
    assert hash(Action("keep")) == hash(Action.parse("  keep  "))


def test_empty_text_is_a_parse_error() -> None:
    with pytest.raises(ParseError):
        Action.parse("   ")


def test_action_space_indices_lookup_and_duplicates() -> None:
    space = ActionSpace()
    a = space.add("roll", (1,))
    b = space.add("keep")
    assert (a.index, b.index, len(space)) == (0, 1, 2)
    assert space[1] is b and list(space) == [a, b]
    assert space.get("roll", 1) is a
    assert space.lookup(Action("nope")) is None
    with pytest.raises(KeyError):
        space.get("roll", 2)
    with pytest.raises(ValueError, match="duplicate"):
        space.add("roll", (1,))
    copy = ActionSpace([a, b])
    assert [x.index for x in copy] == [0, 1] and copy.get("keep") == b


def test_highcard_space_is_dense_and_matches_the_spec() -> None:
    import spacetable.games.highcard as hc

    assert [a.index for a in SPACE] == list(range(len(SPACE)))
    assert hc.SPEC.num_actions == len(SPACE) == 6 + 24 + 24 + 1
