"""The generic `mcts` bot: budgets and names, legal and deterministic choices, no peeking at other
seats' hidden cards, and the games' `heuristic_value` evaluations it relies on."""

from __future__ import annotations

import pytest

import spacetable.games.highcard  # noqa: F401  (registers "highcard")
from spacetable.bots.base import bot_names, make_bot
from spacetable.bots.mcts import (
    DEFAULTS,
    GameSettings,
    MctsBot,
    _clearly_better,
    _Node,
    game_settings,
    parse_budget,
)
from spacetable.engine.action import Action
from spacetable.engine.errors import ConfigError
from spacetable.engine.rng import Rng
from spacetable.engine.state import CHANCE, State
from spacetable.games.highcard.state import HighcardState
from spacetable.games.moonrakers.state import MoonrakersState
from spacetable.games.spacelanes import evaluation
from spacetable.games.spacelanes.common import GOALS
from spacetable.games.spacelanes.frames import Phase
from spacetable.games.spacelanes.state import SpaceLanesState
from spacetable.sim.bench import mid_game_states
from spacetable.sim.setup import load_game, make_bots
from spacetable.sim.simulate import simulate

GAMES = ["highcard", "moonrakers", "spacelanes"]


def _decision_states(game: str, count: int, seed: int = 3) -> list[State]:
    return [s for s in mid_game_states(game, 2, count=count, seed=seed)
            if s.current_player() >= 0 and len(s.legal_actions()) > 1]


# ----- names and budgets -------------------------------------------------------------------
def test_budgets_parse_and_name_the_bot() -> None:
    assert parse_budget("1000it") == (1000, None)
    assert parse_budget("200ms") == (None, 0.2)
    assert parse_budget("2s") == (None, 2.0)
    timed = make_bot("highcard", "mcts:200ms")
    assert isinstance(timed, MctsBot) and timed.seconds == 0.2 and timed.name == "mcts:200ms"
    counted = make_bot("moonrakers", "mcts:1000it")
    assert isinstance(counted, MctsBot) and counted.iterations == 1000 and counted.seconds is None
    default = make_bot("spacelanes", "mcts")
    assert isinstance(default, MctsBot) and default.iterations and default.iterations > 0


@pytest.mark.parametrize("game", GAMES)
def test_mcts_is_offered_for_every_game(game: str) -> None:
    names = bot_names(game)
    assert "mcts" in names and "random" in names


@pytest.mark.parametrize("name", ["mcts:", "mcts:fast", "mcts:0it", "mcts:1.5it", "mcts:0ms",
                                  "mcts:-3s", "mcts:99999s", "random:200ms"])
def test_bad_budgets_are_refused_clearly(name: str) -> None:
    with pytest.raises(ValueError, match="budget"):
        make_bot("highcard", name)
    with pytest.raises(ConfigError, match="budget"):
        make_bots("highcard", [name])


def test_simulate_accepts_budgeted_names_and_refuses_bad_ones() -> None:
    r = simulate("highcard", 4, 2, ["mcts:10it", "random"], seed=0)
    assert r.completed == 4 and set(r.wins_by_bot) == {"mcts:10it", "random"}
    with pytest.raises(ConfigError):
        simulate("highcard", 1, 2, ["mcts:soon", "random"])


# ----- choices -----------------------------------------------------------------------------
class _Checked:
    """Wraps a bot and asserts that every choice is one of the legal actions it was given."""

    def __init__(self, bot: MctsBot) -> None:
        self.bot = bot
        self.name = bot.name
        self.choices = 0

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        legal = state.legal_actions()
        before = state.history
        a = self.bot.choose(state, seat, rng)
        assert any(a is b for b in legal)
        assert state.history == before  # the live state is never changed
        self.choices += 1
        return a


@pytest.mark.parametrize("game", GAMES)
def test_only_legal_choices_and_the_live_state_is_untouched(game: str) -> None:
    spec = load_game(game)
    state = spec.new_game(spec.make_config(2), 11)
    bots = [_Checked(MctsBot(iterations=15)), _Checked(MctsBot(iterations=15))]
    rng = Rng(4)
    for _ in range(60 if game != "highcard" else 1000):
        if state.is_terminal():
            break
        p = state.current_player()
        if p == CHANCE:
            state.sample_chance()
        else:
            state.apply_fast(bots[p].choose(state, p, rng))
    assert bots[0].choices + bots[1].choices > 5


@pytest.mark.parametrize("game", GAMES)
def test_deterministic_under_a_seed_with_an_iteration_budget(game: str) -> None:
    bot = MctsBot(iterations=40)
    for s in _decision_states(game, 6):
        seat = s.current_player()
        assert bot.choose(s, seat, Rng(9)) == bot.choose(s, seat, Rng(9))


def test_a_time_budget_runs_and_counts_iterations() -> None:
    bot = make_bot("highcard", "mcts:20ms")
    assert isinstance(bot, MctsBot)
    s = _decision_states("highcard", 4)[0]
    a = bot.choose(s, s.current_player(), Rng(1))
    assert a in s.legal_actions() and bot.last_iterations >= 1


def test_a_forced_choice_takes_no_search() -> None:
    bot = MctsBot(iterations=50)
    s = load_game("moonrakers").new_game({"players": 2, "modules": [], "expansions": []}, 0)
    rng = Rng(0)
    while s.current_player() == CHANCE or len(s.legal_actions()) > 1:
        legal = s.legal_actions()
        s.apply_fast(legal[rng.below(len(legal))])
    assert not s.is_terminal()
    assert bot.choose(s, s.current_player(), Rng(0)) == s.legal_actions()[0]
    assert bot.last_iterations == 0


# ----- the prior bot ------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["moonrakers", "spacelanes"])
def test_the_heuristic_choice_stands_until_the_search_overrules_it(game: str) -> None:
    """With fewer iterations than an overruling needs (`VETO_MIN_VISITS`), the bot plays the game's
    heuristic bot's choice; with the prior off it is a plain search, which somewhere chooses otherwise."""
    few = MctsBot(iterations=4)
    plain = MctsBot(iterations=4, prior=None)
    differs = False
    for s in _decision_states(game, 10, seed=4):
        seat = s.current_player()
        want = make_bot(game, "heuristic").choose(s, seat, Rng(9))
        assert few.choose(s, seat, Rng(1)) == want and few.last_prior == want
        differs = differs or plain.choose(s, seat, Rng(1)) != want
    assert differs


# ----- no peeking ---------------------------------------------------------------------------
def _swap_highcard(s: State, seat: int) -> State:
    assert isinstance(s, HighcardState)
    t = s.copy()
    other = 1 - seat
    if not t.hands[other] or not t.deck:
        return t
    t.hands[other][0], t.deck[-1] = t.deck[-1], t.hands[other][0]
    t.deck.reverse()
    return t


def _swap_moonrakers(s: State, seat: int) -> State:
    assert isinstance(s, MoonrakersState)
    t = s.copy()
    p = t.players[1 - seat]
    if p.hand and p.draw:
        p.hand[0], p.draw[-1] = p.draw[-1], p.hand[0]
        p.draw.reverse()
    return t


def _swap_spacelanes(s: State, seat: int) -> State:
    assert isinstance(s, SpaceLanesState)
    t = s.copy()
    other = 1 - seat
    if t.hand[other] and t.deck and not t.known:
        t.hand[other][0], t.deck[-1] = t.deck[-1], t.hand[other][0]
        t.deck.reverse()
    return t


SWAPS = {"highcard": _swap_highcard, "moonrakers": _swap_moonrakers, "spacelanes": _swap_spacelanes}


@pytest.mark.parametrize("game", GAMES)
def test_other_seats_hidden_cards_never_change_the_choice(game: str) -> None:
    """Swapping another seat's hand cards with deck cards (what the seat cannot see) gives the same
    choice under the same seed and iteration budget: the bot only reads its determinizations."""
    bot = MctsBot(iterations=30)
    changed = 0
    for s in _decision_states(game, 20, seed=5):
        seat = s.current_player()
        t = SWAPS[game](s, seat)
        assert t.view(seat) == s.view(seat)  # the seat cannot tell the two apart
        if t.view(1 - seat) != s.view(1 - seat):
            changed += 1
        for seed in (1, 2):
            assert bot.choose(t, seat, Rng(seed)) == bot.choose(s, seat, Rng(seed))
    assert changed >= 3  # the swaps really changed hidden cards


def test_a_peeking_search_would_be_caught() -> None:
    """The no-peeking check can fail: a search that plays on the true state instead of a
    determinization sees the swap and, somewhere, chooses differently."""

    class Peeking(MctsBot):
        def _determinize(self, state: State, seat: int, rng: Rng) -> State:
            c = state.copy()
            c.rng = Rng(rng.next64())
            return c

    bot = Peeking(iterations=30)
    differs = False
    for s in _decision_states("highcard", 40, seed=5):
        seat = s.current_player()
        t = _swap_highcard(s, seat)
        if any(bot.choose(t, seat, Rng(k)) != bot.choose(s, seat, Rng(k)) for k in range(3)):
            differs = True
            break
    assert differs


# ----- strength and evaluations ---------------------------------------------------------------
def test_mcts_beats_random_at_highcard() -> None:
    r = simulate("highcard", 30, 2, ["mcts:60it", "random"], seed=7)
    assert r.wins_by_bot["mcts:60it"] > r.wins_by_bot["random"] + 5


@pytest.mark.parametrize("game", GAMES)
def test_heuristic_value_is_a_win_chance_per_seat(game: str) -> None:
    for players in (2, 3):
        for s in mid_game_states(game, players, count=8, seed=2):
            v = s.heuristic_value()
            assert len(v) == players and all(0.0 <= x <= 1.0 for x in v)
            if s.is_terminal():
                assert v == s.returns()
            else:
                assert abs(sum(v) - 1.0) < 1e-9


def test_heuristic_values_favour_the_leader() -> None:
    hc = load_game("highcard").new_game({"players": 2}, 1)
    assert isinstance(hc, HighcardState)
    hc.phase, hc.round = 1, 4
    hc.scores = [9, 2]
    v = hc.heuristic_value()
    assert v[0] > 0.7 and v[0] + v[1] == pytest.approx(1.0)
    mr = load_game("moonrakers").new_game({"players": 2, "modules": [], "expansions": []}, 1)
    assert isinstance(mr, MoonrakersState)
    mr.players[1].prestige = 8
    assert mr.heuristic_value()[1] > 0.9
    sl = load_game("spacelanes").new_game({"players": 2}, 1)
    assert isinstance(sl, SpaceLanesState)
    rich = next(i for i, g in enumerate(GOALS) if g.kind == "credits")
    sl.goal = [rich, rich]
    sl.credits = [GOALS[rich].target_for(2, False) * 3 // 4, 0]
    v = sl.heuristic_value()
    assert v[0] > 0.8 and v[0] + v[1] == pytest.approx(1.0)


# ----- per-game settings and the Space Lanes evaluation -------------------------------------------
def test_per_game_settings_leave_other_games_on_the_defaults() -> None:
    """Only Space Lanes declares its own search settings (`GameSpec.search`), a stricter overruling
    test: a result a little better than the prior's overrules it under the defaults, not under Space
    Lanes' settings."""
    assert [g for g in ("moonrakers", "highcard", "spacelanes") if load_game(g).search] == ["spacelanes"]
    bot = MctsBot(iterations=8)
    for game in ("moonrakers", "highcard", "spacelanes"):
        s = _decision_states(game, 2)[0]
        bot.choose(s, s.current_player(), Rng(1))
        assert bot._settings is game_settings(load_game(game))
        assert (bot._settings == DEFAULTS) == (game != "spacelanes")
    prior, other = _Node(0), _Node(0)
    for node, results in ((prior, [0.5, 0.6] * 20), (other, [0.56, 0.66] * 20)):
        node.visits, node.wins, node.sq = len(results), sum(results), sum(v * v for v in results)
    sl = game_settings(load_game("spacelanes"))
    assert (sl.veto_margin, sl.veto_z) == (0.04, 2.0)
    assert _clearly_better(other, prior, DEFAULTS.veto_margin, DEFAULTS.veto_z)
    assert not _clearly_better(other, prior, sl.veto_margin, sl.veto_z)
    assert not _clearly_better(prior, other, DEFAULTS.veto_margin, DEFAULTS.veto_z)
    other.wins += 0.15 * other.visits  # a much better mean (0.76 against 0.55) overrules there too
    other.sq = sum((v + 0.15) ** 2 for v in [0.56, 0.66] * 20)
    assert _clearly_better(other, prior, sl.veto_margin, sl.veto_z)


def _decision_depths(node: _Node, depth: int = 0) -> list[int]:
    """The depth (root 0, chance steps not counted) of every decision node below `node`."""
    out: list[int] = []
    for c in node.children.values():
        d = depth
        if c.player != CHANCE:
            d += 1
            out.append(d)
        out += _decision_depths(c, d)
    return out


def _search_tree(settings: GameSettings, s: State, iterations: int) -> _Node:
    bot = MctsBot(iterations=iterations, prior=None)
    bot._settings, bot._horizon, bot._prior_index = settings, settings.horizon, -1
    seat = s.current_player()
    root = _Node(seat)
    rng = Rng(2)
    for _ in range(iterations):
        bot._iterate(s, seat, root, rng)
    return root


def test_a_flat_search_grows_no_decision_below_the_root_actions() -> None:
    """`GameSettings.flat`: each root action is judged by the mean of its rollouts alone (no deeper
    tree whose best line would flatter it), however many iterations run; without it the tree grows
    below the root's children once they have `EXPANSION_VISITS` visits."""
    s = _decision_states("spacelanes", 6, seed=5)[0]
    deep = _decision_depths(_search_tree(GameSettings(), s, 400))
    assert max(deep) >= 2
    flat_root = _search_tree(GameSettings(flat=True), s, 400)
    assert set(_decision_depths(flat_root)) == {1}
    assert sum(c.visits for c in flat_root.children.values()) == 400


def test_space_lanes_rollouts_stop_at_the_end_of_the_turn() -> None:
    """With `GameSettings.turns` = 1 a rollout plays until the turn in progress has ended (L4: a turn
    is the active captain's Trade and Travel) or the horizon is spent, never into the next turn."""
    bot = MctsBot(iterations=1)
    bot._settings = GameSettings(horizon=400, turns=1, rollout="greedy")
    bot._horizon = 400
    ended = 0
    for s in _decision_states("spacelanes", 8):
        d = s.determinize(s.current_player(), Rng(3))
        start = d.turn_count()
        bot._rollout(d, Rng(5), make_bot("spacelanes", "greedy"))
        assert d.is_terminal() or d.turn_count() == start + 1
        ended += d.turn_count() == start + 1
    assert ended >= 6


def _trader(goal_kind: str) -> SpaceLanesState:
    s = load_game("spacelanes").new_game({"players": 2}, 1)
    assert isinstance(s, SpaceLanesState)
    g = next(i for i, x in enumerate(GOALS) if x.kind == goal_kind)
    s.goal = [g, g]
    s.phase = Phase.PLAY
    return s


def test_space_lanes_evaluation_counts_the_hold_at_face_up_prices() -> None:
    """A Tycoon captain who spent credits on goods (L5) still stands about as well as before the
    purchase: the hold counts at the best price a face-up settlement pays, less a trip's discount."""
    s = _trader("credits")
    top = evaluation.best_prices(s)
    g = max(range(len(top)), key=lambda k: top[k])
    assert top[g] > 0
    before = evaluation.standing(s, 0, top)
    s.credits[0] -= 5 * (top[g] * 4 // 5)  # bought 5 units with a 20% margin to the best buyer
    s.cargo[0][g] += 5
    after = evaluation.standing(s, 0, top)
    assert after >= before
    s.cargo[0][g] -= 5  # the same credits spent on nothing: a clear loss
    assert evaluation.standing(s, 0, top) < after - 0.05


def test_space_lanes_evaluation_counts_goods_toward_a_sales_goal() -> None:
    """Goods in the hold count toward a Merchant Prince goal (goods sold, L21) before they are sold,
    less than a sale; a reached Goal stands at 1 and wins the evaluation."""
    s = _trader("goods_sold")
    top = evaluation.best_prices(s)
    empty = evaluation.standing(s, 0, top)
    s.cargo[0][0] += 5
    held = evaluation.standing(s, 0, top)
    s.cargo[0][0] -= 5
    s.goods_sold[0] += 5
    sold = evaluation.standing(s, 0, top)
    assert empty < held < sold
    s.goods_sold[0] = GOALS[s.goal[0]].target_for(2, False)
    assert evaluation.standing(s, 0, top) == 1.0
    v = s.heuristic_value()
    assert v[0] > 0.95 and sum(v) == pytest.approx(1.0)
