"""Crew effect machinery: data validation (DataError), Binding Ties hook registry, copy isolation of
pending choice frames, hidden information, and a bounded smoke run of random decisions with every BG
and FE crew card stacked into the players' decks (2.4, 8.5, R15)."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spacetable.engine.action import Action
from spacetable.engine.errors import DataError
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE
from spacetable.games.moonrakers import actions as A
from spacetable.games.moonrakers import crew_effects, effects, new_game, text
from spacetable.games.moonrakers.cards import load_catalog
from spacetable.games.moonrakers.crew_effects import CREW_HOOKS, compile_catalog, compile_ops, run_ops
from spacetable.games.moonrakers.game import Moonrakers
from tests.games.moonrakers.test_crew_effects import cid, ids, legal, pool, position, reduce, seat

BG_FE = [c for c in A.CAT.crew if c.set in ("BG", "FE")]


# ------------------------------------------------------------------------------- data
def test_every_bg_and_fe_crew_has_an_effect_spec_and_bt_crew_a_named_hook() -> None:
    assert len(BG_FE) == 25
    for c in A.CAT.crew:
        assert c.effects, c.name
        if c.set == "BT":
            assert list(c.effects) == [{"op": "hook", "name": c.slug}]


@pytest.mark.parametrize(("ops", "field", "message"), [
    ([{"op": "teleport"}], "effects[0].op", "unknown op"),
    ([{"op": "draw"}], "effects[0].n", "missing field"),
    ([{"op": "draw", "n": "2"}], "effects[0].n", "integer"),
    ([{"op": "draw", "n": 0}], "effects[0].n", "integer"),
    ([{"op": "draw", "n": 1, "to": "hand"}], "effects[0].to", "unknown field"),
    ([{"op": "reduce", "type": "speed", "n": 1}], "effects[0].type", "unknown type"),
    ([{"op": "play_as", "type": "crew"}], "effects[0].type", "unknown type"),
    ([{"op": "trash_hand", "optional": "no"}], "effects[0].optional", "true or false"),
    ([{"op": "gain_card", "card": "laser", "to": "discard"}], "effects[0].card", "unknown basic card"),
    ([{"op": "choose", "options": [[{"op": "draw", "n": 1}]]}], "effects[0].options", "2 to"),
    ([{"op": "choose", "options": [[{"op": "draw", "n": 1}], [{"op": "nap"}]]}],
     "effects[0].options[1][0].op", "unknown op"),
    ([{"op": "hook", "name": "Big Hook"}], "effects[0].name", "slug"),
    ("draw", "effects", "list of ops"),
    (["draw"], "effects[0]", "object"),
])
def test_bad_effect_specs_raise_data_error_naming_file_card_field(ops: Any, field: str, message: str) -> None:
    with pytest.raises(DataError) as e:
        compile_ops(ops, "Test Card")
    assert (e.value.file, e.value.card, e.value.field) == ("moonrakers/data/crew.json", "Test Card", field)
    assert message in str(e.value)


@pytest.mark.parametrize(("slug", "effects_", "field", "message"), [
    ("moro-mada", [{"op": "reduce_any"}], "effects[0].n", "missing field"),
    ("ada-massa", [{"op": "hook", "name": "ada-special"}], "effects", "unknown built-in hook"),
    ("ark-tii", [{"op": "hook", "name": "ark-tii"}, {"op": "warp"}], "effects[1].op", "unknown op"),
])
def test_a_bad_crew_data_file_is_refused_at_load(tmp_path: Path, slug: str, effects_: Any, field: str,
                                                 message: str) -> None:
    src = resources.files("spacetable.games.moonrakers").joinpath("data")
    for kind in ("contracts", "crew", "ship_parts", "objectives"):
        doc = json.loads(src.joinpath(f"{kind}.json").read_text(encoding="utf-8"))
        if kind == "crew":
            card = next(c for c in doc["cards"] if c["slug"] == slug)
            card["effects"] = effects_
        (tmp_path / f"{kind}.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError) as e:
        compile_catalog(load_catalog(tmp_path))
    assert e.value.card == A.CAT.crew_by_slug(slug).name and e.value.field == field
    assert message in str(e.value) and "crew.json" in str(e.value)


# ------------------------------------------------------------------------------- BT hooks
def test_unregistered_bt_hook_raises_only_when_played(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(CREW_HOOKS, "ark-tii", raising=False)
    s = position(hand=["ark-tii"])
    with pytest.raises(DataError, match="ark-tii"):
        s.apply("play ark-tii")


def test_registered_bt_hook_is_called_with_seat_and_crew(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, int]] = []

    def hook(s: Any, seat: int, crew: int) -> None:
        calls.append((seat, crew))
        run_ops(s, seat, crew, [{"op": "actions", "n": 2}])

    monkeypatch.setitem(CREW_HOOKS, "detra-lar", hook)
    s = position(hand=["detra-lar"])
    s.apply("play detra-lar")
    assert calls == [(0, cid("detra-lar") - 7)] and seat(s).actions == 2 and pool(s)[4] == 1


def test_run_ops_resumes_after_a_choice() -> None:
    s = position(hand=["miss"], draw=["reactor"])
    done = run_ops(s, 0, -1, [{"op": "reduce_any", "n": 1}, {"op": "draw", "n": 1}])
    assert not done and legal(s)[0] == "reduce reactor" and s.players[0].hand == [cid("miss")]
    s.apply("reduce damage")
    assert reduce(s)[3] == 1 and sorted(s.players[0].hand) == ids("reactor", "miss")


def test_choose_branch_then_the_rest_of_the_list_resumes() -> None:
    s = position(hand=["miss"])
    branches = [[{"op": "reduce_any", "n": 1}], [{"op": "draw", "n": 1}]]
    run_ops(s, 0, -1, [{"op": "choose", "options": branches}, {"op": "block", "n": 2}])
    assert s.view(0).data["decision"]["crew"] is None
    assert legal(s) == ["option 1", "option 2"] and seat(s).blocks == 0
    s.apply("option 1")
    assert seat(s).blocks == 0 and s.decision_name() == "choice.crew.reduce"
    s.apply("reduce crew")
    assert reduce(s)[4] == 1 and seat(s).blocks == 2 and s.decision_name() == "execution.play"


def test_hand_choices_are_relisted_when_the_hand_changes_meanwhile() -> None:
    """An "any time" Binding Ties spend may change the hand under a pending crew choice."""
    s = position(hand=["lila-al-bindar", "miss", "shield"])
    s.apply("play lila-al-bindar")
    assert legal(s) == ["trash shield", "trash miss"]
    s.players[0].hand.remove(cid("shield"))
    assert legal(s) == ["trash miss"]
    s.players[0].hand.clear()
    assert legal(s) == ["skip"]  # OQ 11: nothing left to trash, the rest still applies
    s.apply("skip")
    assert s.players[0].discard == [cid("reactor")] and seat(s).actions == 1


# ------------------------------------------------------------------------------- copies
def _snapshot(s: Moonrakers) -> Any:
    ex = s.ex
    assert ex is not None
    return (repr([(f.__class__.__name__, f.player, getattr(f, "key", None), getattr(f, "data", None),
                   [str(a) for a in getattr(f, "options", [])]) for f in s.stack]),
            [(p.hand.copy(), p.draw.copy(), p.discard.copy(), p.credits, p.prestige) for p in s.players],
            ex.pool.copy(), ex.reduce.copy(), [(st.actions, st.blocks, st.dice.copy(), st.play.copy())
                                               for st in ex.seats.values()])


@pytest.mark.parametrize(("setup", "steps"), [
    (dict(hand=["bill-bendo"], draw=["reactor"]), ["play bill-bendo", "option 1"]),
    (dict(hand=["lee-van-cribb"], draw=["miss", "reactor", "shield"]),
     ["play lee-van-cribb", "choose shield"]),
    (dict(hand=["myla-dystra", "miss", "shield"], draw=["reactor", "thruster"]),
     ["play myla-dystra", "discard miss", "discard shield"]),
    (dict(hand=["redacted"], dice={0: [2, 2]}, contract="abandoned-vessel"),
     ["play redacted", "target 2", "done", "hazard 0"]),
    (dict(hand=["metaxis", "miss"], crew_row=["meg-gallak", "ada-massa"]),
     ["play metaxis", "choose meg-gallak", "trash miss", "reduce shield"]),
])
def test_copy_mid_choice_resolves_independently(setup: dict[str, Any], steps: list[str]) -> None:
    """Copy a state at each pending crew choice, resolve on the copy: the original is unchanged."""
    s = position(**setup)
    s.apply(steps[0])
    for step in steps[1:]:
        before = _snapshot(s)
        c = s.copy()
        c.apply(step)
        assert _snapshot(s) == before
        assert _snapshot(c) != before
        s.apply(step)
        assert _snapshot(s) == _snapshot(c)


def test_pending_lee_choice_survives_determinize_for_its_chooser() -> None:
    s = position(hand=["lee-van-cribb"], draw=["miss", "damage-1", "thruster", "reactor", "shield"])
    s.apply("play lee-van-cribb")
    d = s.determinize(0, Rng(5))
    assert d.view(0).data == s.view(0).data
    d.apply(d.legal_actions()[0])


def test_determinize_resamples_lee_van_cribb_looked_cards_for_other_seats_1_2() -> None:
    """Hidden information (1.2, OQ 10): the 3 cards Lee van Cribb's player is looking at come from its
    hidden draw pile; another seat cannot see them, so determinize(other) must resample them (and the
    options offered from them) like the rest of that player's hidden cards."""
    s = position(hand=["lee-van-cribb", "reactor", "reactor"],
                 draw=["shield", "shield", "shield", "shield", "miss", "damage-1", "thruster"])
    s.apply("play lee-van-cribb")
    assert s.decision_name() == "choice.crew.lee-van-cribb"
    true_options = sorted(str(a) for a in s.legal_actions())
    seen = set()
    for k in range(12):
        d = s.determinize(1, Rng(k))
        assert d.view(1).data == s.view(1).data
        opts = sorted(str(a) for a in d.legal_actions())
        seen.add(tuple(opts))
        d.apply(d.legal_actions()[0])  # the resampled choice still resolves
        p = d.players[0]
        assert sorted(p.hand + p.draw + p.discard + d.ex.seats[0].play) == sorted(  # type: ignore[union-attr]
            s.players[0].hand + s.players[0].draw + s.players[0].discard + s.ex.seats[0].play  # type: ignore[union-attr]
            + s.stack[-1].looked)  # type: ignore[attr-defined]
    assert seen != {tuple(true_options)}, "another seat's looked-at cards must be resampled"


def test_determinize_hides_which_damage_cards_ryan_rogal_drew_1_2() -> None:
    """Hidden information (1.2, OQ 5): the 2 cards Ryan Rogal drew went into a hidden hand, so in a
    copy determinized for another seat the pending "play one drawn Damage card" choice must not keep
    offering exactly the Damage cards really drawn."""
    s = position(hand=["ryan-rogal", "damage-3", "damage-3"],
                 draw=["damage-2", "damage-2", "shield", "damage-1", "damage-1"])
    s.apply("play ryan-rogal")
    assert s.decision_name() == "choice.crew.ryan-rogal"
    true_options = sorted(str(a) for a in s.legal_actions())
    assert true_options == ["choose damage-1"]  # the play is not optional (card text)
    seen = set()
    for k in range(12):
        d = s.determinize(1, Rng(k))
        assert d.view(1).data == s.view(1).data
        seen.add(tuple(sorted(str(a) for a in d.legal_actions())))
        d.apply(d.legal_actions()[0])  # the resampled choice still resolves
    offered = {o for opts in seen for o in opts}
    assert offered - {"choose damage-1", "skip"}, "another seat's drawn cards must not show in its options"


# ------------------------------------------------------------------------------- smoke
def _stack_crew(s: Moonrakers, rng: Rng) -> None:
    """Every BG/FE crew card into every player's deck; a fresh hand dealt from it."""
    for p in s.players:
        deck = p.hand + p.draw + [c.id + 7 for c in BG_FE]
        rng.shuffle(deck)
        p.hand, p.draw = deck[:p.hand_size], deck[p.hand_size:]


def _choose(s: Moonrakers, legal_actions: list[Action], rng: Rng) -> Action:
    if s.decision_name() == "execution.play" and len(legal_actions) > 1 and rng.below(8):
        return legal_actions[rng.below(len(legal_actions) - 1)]  # mostly play rather than pass
    return legal_actions[rng.below(len(legal_actions))]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_smoke_random_decisions_with_every_crew_in_play(players: int,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A few hundred random games' worth of decisions (bounded) never raise; every BG/FE ability
    resolves; crew choices offer round-tripping actions, copy cleanly and keep hidden cards private."""
    played: set[int] = set()
    inner: Callable[[Any, int, int], None] = crew_effects.crew_ability

    def spy(s: Any, seat_: int, crew: int) -> None:
        played.add(crew)
        inner(s, seat_, crew)

    monkeypatch.setattr(effects, "crew_ability", spy)
    rng = Rng(players)
    crew_choices = 0
    for game_no in range(30):
        config = {"players": players, "modules": ["first-encounter"], "expansions": []}
        s = new_game(config, 100 * players + game_no)
        _stack_crew(s, rng)
        s.events = [] if game_no % 3 == 0 else None
        for _ in range(300):
            if s.is_terminal():
                break
            if s.current_player() == CHANCE:
                s.sample_chance()
                continue
            la = s.legal_actions()
            assert la, s.decision_name()
            if s.decision_name().startswith("choice.crew."):
                crew_choices += 1
                for a in la:
                    assert Action.parse(str(a)) == a
                assert len(set(la)) == len(la)
                if crew_choices % 5 == 0:
                    c = s.copy()
                    c.apply(la[-1])
                p = s.current_player()
                assert s.determinize(p, Rng(crew_choices)).view(p).data == s.view(p).data
            s.apply(_choose(s, la, rng))
            for e in s.take_events():
                if e.key.startswith("crew-"):
                    text.RENDER[e.key](e.args)  # every crew event renders
    assert played == {c.id for c in BG_FE}
    assert crew_choices > 50


def test_smoke_binding_ties_crew_hooks_resolve_through_the_interpreter() -> None:
    """With Binding Ties, the 10 BT crew hooks (bt_effects.py) run from the same interpreter (R15)."""
    rng = Rng(9)
    for game_no in range(6):
        config = {"players": 3 + game_no % 3, "modules": ["first-encounter"], "expansions": ["binding-ties"]}
        s = new_game(config, game_no)
        for p in s.players:
            deck = p.hand + p.draw + [c.id + 7 for c in A.CAT.crew]
            rng.shuffle(deck)
            p.hand, p.draw = deck[:p.hand_size], deck[p.hand_size:]
        for _ in range(300):
            if s.is_terminal():
                break
            if s.current_player() == CHANCE:
                s.sample_chance()
                continue
            s.apply(_choose(s, s.legal_actions(), rng))


# ------------------------------------------------------------------------------- property
BASICS = list(A.CARD_SLUGS[:7])


@settings(max_examples=120, deadline=None)
@given(crew=st.sampled_from([c.slug for c in BG_FE]),
       hand=st.lists(st.sampled_from(BASICS), max_size=5),
       draw=st.lists(st.sampled_from(BASICS + ["kal-damar", "bill-bendo"]), max_size=6),
       discard=st.lists(st.sampled_from(BASICS), max_size=4),
       dice=st.lists(st.integers(0, 2), max_size=3),
       picks=st.lists(st.integers(0, 50), min_size=12, max_size=12))
def test_any_crew_resolves_and_conserves_cards_2_9(crew: str, hand: list[str], draw: list[str],
                                                    discard: list[str], dice: list[int],
                                                    picks: list[int]) -> None:
    """Whatever the zones and choices, an ability ends back at a play decision; the player's cards
    (hand + draw + discard + play area) change only by trashes and cards gained from the supply."""
    s = position(hand=[crew, *hand], draw=draw, discard=discard, dice={0: dice} if dice else None,
                 contract="admirals-flagship", crew_row=["ada-massa", "tantin-al-vale", "b3-ar"])
    p = s.players[0]

    def total() -> int:
        return len(p.hand) + len(p.draw) + len(p.discard) + len(seat(s).play)

    before = total()
    s.apply(f"play {crew}")
    steps = 0
    while s.decision_name() != "execution.play":
        if s.current_player() == CHANCE:
            s.sample_chance()
            continue
        la = s.legal_actions()
        assert s.current_player() == 0 and la
        s.apply(la[picks[steps % len(picks)] % len(la)])
        steps += 1
        assert steps < 40
    ev = s.events or []
    trashed = sum(1 for e in ev if e.key in ("trash", "crew-trash-top"))
    gained = sum(1 for e in ev if e.key == "crew-gain-card")
    assert total() == before - trashed + gained
    assert pool(s)[4] >= 1  # the crew's own 1 Crew (2.4, R19)
