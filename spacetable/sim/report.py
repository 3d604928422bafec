"""``spacetable report``: one self-contained HTML page of a results file's figures (plots embedded).

Figures a designer can trust: the whole-game figures of every configuration after Ludii's metrics
(first player, balance, lead changes, decisiveness, games nobody won; `game_figures`), every card's
buy rate and adjusted effect with its interval (`card_effects`, the method stated on the page), the
bot ladder when the results hold ladder runs (`ladder`), and two configurations side by side
(``compare``; by default the first two), paired game by game where they share seeds. For each
configuration also: win rate by seat and by bot with 95% intervals, the distribution of game lengths,
and the sections the game's study declares on its own columns (`spacetable.games.study.Section`: win
rate and score when a card was owned, success rate of what was attempted, wins by goal, profit by good
and by route). Plots are PNG in ``data:`` URLs, so the page needs no other file.
"""

from __future__ import annotations

import datetime
import html
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa

from spacetable.engine.errors import ConfigError
from spacetable.games.study import Attempts, Figure, Owned, TradeProfits, TradeRoutes, WinBy
from spacetable.sim import report_plots as plots
from spacetable.sim import report_sections as sections
from spacetable.sim.game_figures import paired
from spacetable.sim.ladder import Ladder, ladder
from spacetable.sim.report_figures import Config, Rate, group
from spacetable.sim.results import read_results
from spacetable.sim.setup import game_study

TOP = 12
"""Cards shown in a per-card plot (the most owned or attempted); the tables list them all."""

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d1d1f;margin:0;background:#f6f6f4}
main{max-width:1180px;margin:0 auto;padding:20px 28px 60px}
h1{font-size:24px;margin:8px 0 2px}h2{font-size:19px;margin:34px 0 8px;border-bottom:2px solid #3465a4}
h3{font-size:15px;margin:18px 0 6px}.meta{color:#666;margin:0 0 14px}
table{border-collapse:collapse;background:#fff;margin:6px 0 12px;font-size:13px}
th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#eef2f8}td.num{text-align:right;font-variant-numeric:tabular-nums}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(520px,1fr));gap:14px}
figure{margin:0;background:#fff;border:1px solid #ddd;padding:8px}figure img{max-width:100%}
figcaption{font-size:12px;color:#555}.note{color:#555;font-size:13px}
details{margin:4px 0}summary{cursor:pointer;color:#3465a4}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:14px}.better{color:#1a7f37}.worse{color:#b42318}
tr.better td{background:#eef8f0}tr.worse td{background:#fdf0ee}tr.changed td{background:#fff7e0}
"""


def _e(value: Any) -> str:
    return html.escape(str(value))


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]], numeric: Sequence[int] = ()) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td class=num>{_e(v)}</td>" if i in numeric else f"<td>{_e(v)}</td>"
                                    for i, v in enumerate(row)) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _figure(png: str, caption: str) -> str:
    return (f'<figure><img alt="{_e(caption)}" src="data:image/png;base64,{png}">'
            f"<figcaption>{_e(caption)}</figcaption></figure>")


def _num(v: float | None, fmt: str = "{:.1f}") -> str:
    return "—" if v is None else fmt.format(v)


def _cards_text(c: Config) -> str:
    if not c.cards:
        return "shipped"
    changed = "; ".join(f"{kind}: {', '.join(str(x.get('slug')) for x in cards)}"
                        for kind, cards in c.cards.items())
    return f"{c.cards_digest[:8]} ({changed})"


def _overview(configs: Sequence[Config]) -> str:
    rows = []
    for c in configs:
        n = c.counts()
        seat1, fair = c.first_player()
        turns = c.turns()
        rows.append([c.label, c.game, c.players, ", ".join(c.bots()), _cards_text(c), n["games"],
                     n["finished"], n["unfinished"], n["errors"], _num(_median(turns)),
                     f"{seat1.text()} vs {fair:.0%}"])
    return _table(["configuration", "game", "players", "bots", "cards", "games", "finished", "unfinished",
                   "errors", "median turns", "seat 1 win rate"], rows, numeric=(2, 5, 6, 7, 8, 9))


def _median(values: Sequence[int]) -> float | None:
    if not values:
        return None
    s = sorted(values)
    mid = len(s) // 2
    return float(s[mid]) if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def _rates_table(first: str, items: Sequence[tuple[str, Rate]]) -> str:
    return _table([first, "win rate [95% interval]", "seat-games"], [[k, r.text(), r.n] for k, r in items],
                  numeric=(2,))


def _config_section(c: Config) -> str:
    out = [f"<h2>{_e(c.label)}</h2>"]
    n = c.counts()
    turns = c.turns()
    out.append(f'<p class="meta">{_e(c.game)}, {c.players} players, config {_e(json.dumps(c.config))}, cards '
               f'{_e(_cards_text(c))}. {n["finished"]} of {n["games"]} games finished '
               f'({n["unfinished"]} stopped at the decision cap, {n["errors"]} errors).</p>')
    if not n["finished"]:
        out.append('<p class="note">No finished game: no rates to show.</p>')
        return "".join(out)
    seats = c.win_by_seat()
    bots = c.win_by_bot()
    seat1, fair = c.first_player()
    advantage = seat1.value - fair
    verdict = "includes" if seat1.low <= fair <= seat1.high else "excludes"
    out.append(f"<p>First-player advantage: seat 1 wins {seat1.text()} of its games against a fair share "
               f"of {fair:.0%} ({advantage:+.1%}); the interval {verdict} the fair share.</p>")
    seat_names = [f"seat {s + 1}" for s in range(c.players)]
    figs = [_figure(plots.rate_bars(seat_names, seats, "Win rate by seat", fair),
                    "Win rate by seat (shared wins as fractions), 95% Wilson intervals; dashed: 1/players"),
            _figure(plots.rate_bars(list(bots), list(bots.values()), "Win rate by bot", fair),
                    "Win rate by bot per seat-game, 95% intervals"),
            _figure(plots.histogram([turns], [c.label], "Game length"),
                    f"Game length: turns per finished game, mean {_num(sum(turns) / len(turns))}, "
                    f"median {_num(_median(turns))}")]
    out.append(f'<div class="grid">{"".join(figs)}</div>')
    scores = c.mean_score_by_bot()
    out.append("<h3>Seats and bots</h3><div class=pair>"
               + _rates_table("seat", list(zip(seat_names, seats, strict=True)))
               + _table(["bot", "win rate [95% interval]", "mean score"],
                        [[b, r.text(), _num(scores[b])] for b, r in bots.items()]) + "</div>")
    out.append(sections.card_effects(c))
    for section in game_study(c.game).report:
        out.append(f"<h3>{_e(section.title)}</h3><div class=grid>")
        out += [_game_figure(c, f) for f in section.grid]
        out.append("</div>")
        out += [_game_figure(c, f) for f in section.below]
    return "".join(out)


def _game_figure(c: Config, f: Figure) -> str:
    """One figure a game's study declares on its own columns (`spacetable.games.study`)."""
    if isinstance(f, Owned):
        return "<div>" + _owned_block(c, f) + "</div>"
    if isinstance(f, Attempts):
        return _attempts(c, f)
    if isinstance(f, WinBy):
        return _win_by(c, f)
    if isinstance(f, TradeProfits):
        return _profits(c, f)
    return _routes(c, f)


def _owned_block(c: Config, f: Owned) -> str:
    what = f.what
    items = c.owned(f.column, f.score)
    if not items:
        return f'<p class="note">No {what} owned at the end of any game.</p>'
    top = items[:TOP]
    fig = _figure(plots.rate_bars([f"{s} ({r.n})" for s, r, _ in top], [r for _, r, _ in top],
                                  f"Win rate when owning a {what}", 1.0 / c.players),
                  f"Win rate when owning a {what}: the {len(top)} most owned (seats owning it), win rate "
                  "of the seats owning it at the end; dashed: 1/players")
    rows = [[s, r.n, r.text(), _num(p)] for s, r, p in items]
    table = _table([what, "seats owning it", "win rate [95% interval]", f"mean {f.score_name}"], rows,
                   numeric=(1, 3))
    return fig + f"<details><summary>all {len(items)} {what}s</summary>{table}</details>"


def _attempts(c: Config, f: Attempts) -> str:
    attempts = c.attempts(f.taken, f.completed)
    if not attempts:
        return ""
    top = attempts[:TOP]
    fig = _figure(plots.rate_bars([f"{s} ({r.n})" for s, r in top], [r for _, r in top],
                                  f"Success rate by {f.what}", xlabel="success rate"),
                  f"Success rate by {f.what}: the {len(top)} most attempted (games attempted), {f.success}")
    table = _table([f.what, "games attempted", "success rate [95% interval]"],
                   [[s, r.n, r.text()] for s, r in attempts], numeric=(1,))
    return f"<div>{fig}<details><summary>all {len(attempts)} {f.what}s</summary>{table}</details></div>"


def _win_by(c: Config, f: WinBy) -> str:
    rates = c.win_by(f.column)
    if not rates:
        return ""
    plot = plots.rate_bars([f"{g} ({r.n})" for g, r in rates], [r for _, r in rates], f"Win rate by {f.what}",
                           1.0 / c.players)
    caption = (f"Win rate by {f.what}: the seats holding each {f.what} (how many), 95% intervals; "
               "dashed: 1/players")
    return "<div>" + _figure(plot, caption) + _rates_table(f.what, rates) + "</div>"


def _profits(c: Config, f: TradeProfits) -> str:
    goods = c.profit_by_good(f.column)
    if not goods:
        return ""
    plot = plots.value_bars([g for g, _, _ in goods], [p for _, _, p in goods], "Mean profit a unit by good",
                            f"{f.currency} a unit (sell − buy)")
    table = _table(["good", "units", "mean profit a unit"],
                   [[g, u, _num(p, "{:.0f}")] for g, u, p in goods], numeric=(1, 2))
    return ("<div>" + _figure(plot, "Mean profit a unit by good: units sold whose purchase was seen, "
                                    "sell price − buy price")
            + table + "</div>")


def _routes(c: Config, f: TradeRoutes) -> str:
    routes = c.profit_by_route(f.column)
    if not routes:
        return ""
    return "<h3>Most profitable routes</h3>" + _table(
        ["route", "good", "units", "mean profit a unit", "profit per game"],
        [[r, g, u, _num(p, "{:.0f}"), _num(t, "{:.0f}")] for r, g, u, p, t in routes], numeric=(2, 3, 4))


def _delta(a: float | None, b: float | None, fmt: str = "{:+.1%}") -> str:
    return "—" if a is None or b is None else fmt.format(b - a)


def _comparison(a: Config, b: Config) -> str:
    names = (a.label, b.label)
    out = [f"<h2>Comparison: {_e(a.label)} vs {_e(b.label)}</h2>",
           f'<p class="meta">Cards: {_e(_cards_text(a))} vs {_e(_cards_text(b))}.</p>']
    rows: list[list[Any]] = []
    na, nb = a.counts(), b.counts()
    ta, tb = a.turns(), b.turns()
    rows.append(["finished games", na["finished"], nb["finished"], nb["finished"] - na["finished"]])
    rows.append(["median turns", _num(_median(ta)), _num(_median(tb)),
                 _delta(_median(ta), _median(tb), "{:+.1f}")])
    s1a, s1b = a.first_player()[0], b.first_player()[0]
    rows.append(["seat 1 win rate", s1a.text(), s1b.text(), _delta(s1a.value, s1b.value)])
    bots_a, bots_b = a.win_by_bot(), b.win_by_bot()
    bots = sorted(set(bots_a) | set(bots_b))
    empty = Rate.of(0, 0)
    for bot in bots:
        ra, rb = bots_a.get(bot, empty), bots_b.get(bot, empty)
        rows.append([f"win rate of {bot}", ra.text(), rb.text(), _delta(ra.value, rb.value)])
    out.append(_table(["figure", a.label, b.label, "difference (B − A)"], rows))
    figs = []
    if bots:
        plot = plots.paired_rate_bars(bots, [bots_a.get(x, empty) for x in bots],
                                      [bots_b.get(x, empty) for x in bots], names, "Win rate by bot")
        figs.append(_figure(plot, "Win rate by bot in each configuration, 95% intervals"))
    seats = max(a.players, b.players)
    sa, sb = a.win_by_seat(), b.win_by_seat()
    figs.append(_figure(plots.paired_rate_bars([f"seat {s + 1}" for s in range(seats)],
                                               [sa[s] if s < len(sa) else empty for s in range(seats)],
                                               [sb[s] if s < len(sb) else empty for s in range(seats)], names,
                                               "Win rate by seat"), "Win rate by seat in each configuration"))
    figs.append(_figure(plots.histogram([ta, tb], names, "Game length"),
                        "Game length: turns per finished game, as shares"))
    out.append(f'<div class="grid">{"".join(figs)}</div>')
    out.append(sections.paired_section(a, b)[0])
    out.append(sections.touched_cards(a, b) or _card_comparison(a, b))
    return "".join(out)


def _card_comparison(a: Config, b: Config) -> str:
    """Without overrides: the win rate by goal (each `WinBy` figure of the game's study) in both."""
    if a.game != b.game:
        return ""
    rows: list[list[Any]] = []
    heads = []
    for section in game_study(a.game).report:
        for f in (*section.grid, *section.below):
            if not isinstance(f, WinBy):
                continue
            heads.append(f"Win rate by {f.what}")
            ga, gb = dict(a.win_by(f.column)), dict(b.win_by(f.column))
            for g in sorted(set(ga) | set(gb)):
                ra, rb = ga.get(g, Rate.of(0, 0)), gb.get(g, Rate.of(0, 0))
                rows.append([f"{f.what} {g}", ra.text(), rb.text(), _delta(ra.value, rb.value)])
    if not rows:
        return ""
    table = _table(["card", a.label, b.label, "difference (B − A)"], rows)
    return f"<h3>{_e(' and '.join(heads))}</h3>" + table


def build_report(configs: Sequence[Config], source: str, compare: tuple[str, str] | None = None,
                 ladder: Ladder | None = None) -> str:
    """The HTML page."""
    games = sum(c.counts()["games"] for c in configs)
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    parts = ["<!doctype html><html lang=en><head><meta charset=utf-8>",
             f"<title>spacetable report: {_e(source)}</title>",
             f"<style>{CSS}</style></head><body><main>",
             f"<h1>Simulation report</h1><p class=meta>{_e(source)}: {len(configs)} configuration"
             f"{'s' if len(configs) != 1 else ''}, {games} games; made {when}.</p>",
             "<h2>Configurations</h2>", _overview(configs), sections.game_metrics(configs),
             sections.ladder_section(ladder)]
    pair = _pick(configs, compare)
    if pair is not None:
        parts.append(_comparison(*pair))
    parts += [_config_section(c) for c in configs]
    parts.append("</main></body></html>")
    return "".join(parts)


def _pick(configs: Sequence[Config], compare: tuple[str, str] | None) -> tuple[Config, Config] | None:
    if compare is None:
        return (configs[0], configs[1]) if len(configs) >= 2 else None
    by = {c.label: c for c in configs}
    missing = [n for n in compare if n not in by]
    if missing:
        raise ConfigError(f"no configuration {missing[0]!r} in the results; they are: {', '.join(by)}")
    return by[compare[0]], by[compare[1]]


def write_report(results: str | Path | Sequence[str | Path], out: str | Path,
                 compare: tuple[str, str] | None = None) -> dict[str, Any]:
    """Read `results` (one results file or several), write the page to `out`; what it holds (for
    ``report --json``: the page's figures and every configuration's ``card_effects``)."""
    files = [results] if isinstance(results, (str, Path)) else list(results)
    if not files:
        raise ConfigError("name at least one results file")
    tables = [read_results(f) for f in files]
    table = pa.concat_tables(tables) if len(tables) > 1 else tables[0]
    configs = group(table)
    if not configs:
        raise ConfigError(f"{', '.join(map(str, files))} holds no games")
    out_path = Path(out)
    if not out_path.parent.is_dir():
        raise ConfigError(f"--out {out}: the folder {out_path.parent} does not exist")
    pair = _pick(configs, compare)
    board = ladder(table.select(["run", "game_id", "game_index", "bot", "status", "result"]).to_pylist())
    page = build_report(configs, ", ".join(Path(f).name for f in files), compare, board)
    try:
        out_path.write_text(page, encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"cannot write {out} ({e.strerror or e})") from e
    summary: dict[str, Any] = {
        "out": str(out_path), "configurations": [c.label for c in configs],
        "games": sum(c.counts()["games"] for c in configs), "plots": page.count("data:image/png;base64,"),
        "compared": None if pair is None else [pair[0].label, pair[1].label], "bytes": len(page.encode())}
    summary["card_effects"] = {c.label: [e.key() for e in c.card_effects()] for c in configs}
    summary["figures"] = {c.label: c.figures().to_json() for c in configs}
    summary["paired"] = None if pair is None else [p.to_json() for p in paired(pair[0].rows, pair[1].rows)]
    summary["ladder"] = None if board is None else board.to_json()
    return summary
