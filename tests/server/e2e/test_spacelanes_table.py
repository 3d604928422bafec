"""Space Lanes in a real browser: everything by clicking the page (the map, the market, the dialogs).

- a whole game between a person and the greedy bot (the scripted captain of `sl_policy.py`: the start on
  the map, buying several units in one action, the discard once (L5), moves on the map (L6), the
  engagement dialog (L15));
- an Exploration game through a reveal: a face-down lane is named once a ship enters it (L20);
- a Player vs Player trade between two people: the whole proposal in one form, accepted (L19);
- an engagement with a Missiles/Countermeasures chain (L17): a Pirates card played into the moving
  ship's lane from the other person's hand, Missiles answered by Countermeasures, the chain on screen.

Seeds for the chain are found at run time from the engine (which hands hold which cards), so content
changes do not break the tests. Screenshots are saved at 1366×768.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from spacetable.engine.game import get_game
from spacetable.games.spacelanes.content import CONTENT
from tests.server.e2e.conftest import VIEWPORT
from tests.server.e2e.sl_policy import Captain, Step

TIMEOUT = 15_000
KIND = {t.slug: t.kind for t in CONTENT.card_types}


def api_view(base: str, game: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/games/{game}/view", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def create(base: str, seats: list[str], seed: int, modes: tuple[str, ...] = (),
           names: list[str] | None = None) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/games", json={"game": "spacelanes", "players": len(seats), "seats": seats,
                                               "seed": seed, "modes": list(modes),
                                               "names": names or [f"Cap{i + 1}" for i in range(len(seats))]},
                   timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def open_seat(browser: Browser, base: str, game: dict[str, Any], seat: int, errors: list[str]) -> Page:
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.on("pageerror", lambda e: errors.append(f"seat {seat}: {e}"))
    page.goto(f"{base}/game/{game['id']}#token={game['seats'][seat]['token']}")
    expect(page.locator(".sl-table")).to_be_visible(timeout=TIMEOUT)
    return page


def wait_version(page: Page, version: int) -> None:
    page.wait_for_function(f"() => window.__spacetable && window.__spacetable.version() >= {version}",
                           timeout=TIMEOUT)


def click(page: Page, step: Step) -> None:
    """Make one decision with the control a person would use."""
    kind, arg = step
    if kind == "act":
        page.locator(f'[data-action="{arg}"]').first.click()
    elif kind == "slot":
        page.locator(f'.starmap g.settlement[data-slot="{arg}"] circle.node').click()
    elif kind == "move":
        page.locator(f'.starmap g.move-target[data-move="{arg["action"]}"]').click()
    elif kind == "trade":
        good = arg["good"]
        label = {"buy": "buy", "sell": "sell"}[arg["action"]]
        page.locator(f'tr[data-good="{good}"] input[aria-label$=" to {label}"]').fill(str(arg["units"]))
        page.locator(f'[data-intent="{arg["action"]} {good}"]').click()
    elif kind == "discard":
        want = list(arg)
        for box in page.locator("input[data-discard]").all():
            c = box.get_attribute("data-discard")
            if c in want:
                want.remove(c)
                box.check()
        page.locator('[data-intent="discard"]').click()
    else:
        raise AssertionError(step)


def decide(page: Page, v: dict[str, Any], step: Step) -> None:
    wait_version(page, v["version"])
    click(page, step)
    page.wait_for_function(f"() => window.__spacetable.version() > {v['version']}", timeout=TIMEOUT)
    alert = page.locator("[role=alert]")
    assert not alert.count(), alert.inner_text()


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


# ------------------------------------------------------------------ a whole game against the bot
def test_a_whole_game_against_the_greedy_bot_by_clicking(browser: Browser, base_url: str,
                                                          shots: Path) -> None:
    started = time.monotonic()
    game = create(base_url, ["human", "greedy"], seed=3, names=["Ada", "Greedy"])
    token = game["seats"][0]["token"]
    errors: list[str] = []
    page = open_seat(browser, base_url, game, 0, errors)
    cap = Captain(start=0)
    shot_at = {"setup.start": "01-start", "turn": "02-turn", "trade": "03-trade", "respond": "05-window",
               "engage.choose": "06-engagement"}
    bought = sold = moved = 0
    for _ in range(400):
        v = api_view(base_url, game["id"], token)
        if v["terminal"]:
            break
        if not v["legal_actions"]:
            time.sleep(0.03)
            continue
        step = cap.choose(v)
        name = shot_at.pop(v["decision"], None)
        if name:
            wait_version(page, v["version"])
            page.screenshot(path=str(shots / f"sl-{name}.png"))
        if step[0] == "trade":
            units = step[1]["units"]
            before = v["view"]["ships"][0]["cargo"][step[1]["good"]]
            decide(page, v, step)
            after = api_view(base_url, game["id"], token)["view"]["ships"][0]["cargo"][step[1]["good"]]
            if step[1]["action"] == "buy":  # several units in one action (L5), through the intents route
                assert after == before + units
                bought += units
                if bought == units:
                    page.screenshot(path=str(shots / "sl-04-bought.png"))
            else:
                assert after == before - units
                sold += units
            continue
        if step[0] == "move":
            moved += 1
        decide(page, v, step)
    else:
        raise AssertionError("the game did not end in 400 decisions")
    v = api_view(base_url, game["id"], token)
    assert v["terminal"] and v["winners"], v["status"]
    expect(page.locator("[aria-label=Result]")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("[aria-label=Result]")).to_contain_text(re.compile(r"reached their goals?\.", re.I))
    page.screenshot(path=str(shots / "sl-07-game-over.png"))
    assert bought >= 3 and moved >= 3, (bought, moved)
    assert {"setup.start", "turn", "trade"} <= cap.seen, cap.seen
    # the map names every face-up settlement and lane; the goal of both is shown at the end (L21)
    assert page.locator(".starmap g.settlement").count() == 15
    assert page.locator(".starmap g.lane").count() == 24
    assert page.locator(".starmap .lane-name").filter(has_text="uncharted").count() == 0
    no_sideways_scroll(page)
    assert not errors, errors
    print(f"\nscreenshots: {shots}  ({time.monotonic() - started:.1f}s, {v['view']['turn']} turns, "
          f"bought {bought}, sold {sold})")


# ------------------------------------------------------------------ Exploration (L20)
def test_exploration_reveals_a_lane_when_a_ship_enters_it(browser: Browser, base_url: str,
                                                          shots: Path) -> None:
    game = create(base_url, ["human", "greedy"], seed=11, modes=("exploration",), names=["Ada", "Greedy"])
    token = game["seats"][0]["token"]
    errors: list[str] = []
    page = open_seat(browser, base_url, game, 0, errors)
    cap = Captain(start=0)
    revealed_lane = None
    for _ in range(60):
        v = api_view(base_url, game["id"], token)
        if not v["legal_actions"]:
            time.sleep(0.03)
            continue
        if v["decision"] == "setup.start":
            wait_version(page, v["version"])
            hidden = page.locator(".starmap g.settlement.hidden").count()
            assert hidden == 12, "all but the three Homeworlds start face down (L20)"
            assert page.locator(".starmap g.lane.hidden").count() == 24
            page.screenshot(path=str(shots / "sl-x1-face-down.png"))
        step = cap.choose(v)
        if step[0] == "move" and revealed_lane is None:
            me = v["view"]["ships"][0]
            lane = next(ln for ln in v["view"]["lanes"] if set(ln["ends"]) == {me["node"], step[1]["to"]})
            assert not lane["revealed"]
            assert page.locator(f'.starmap g.lane[data-lane="{lane["lane"]}"] .lane-name').text_content() == \
                "uncharted lane"
            decide(page, v, step)
            after = api_view(base_url, game["id"], token)["view"]["lanes"][lane["lane"]]
            assert after["revealed"] and after["name"]
            expect(page.locator(f'.starmap g.lane[data-lane="{lane["lane"]}"] .lane-name')).to_contain_text(
                after["name"], timeout=TIMEOUT)
            revealed_lane = lane["lane"]
            page.screenshot(path=str(shots / "sl-x2-lane-revealed.png"))
            break
        decide(page, v, step)
    assert revealed_lane is not None
    # clicking a space away from my moves shows its details: a face-down settlement says nothing of itself
    v = api_view(base_url, game["id"], token)
    me = v["view"]["ships"][0]
    near = {me["node"]} | set(v["view"]["lanes"][me["lane"]]["ends"] if me["lane"] >= 0 else ())
    far = next(s for s in v["view"]["slots"] if not s["revealed"] and s["slot"] not in near)
    page.locator(f'.starmap g.settlement[data-slot="{far["slot"]}"] circle.node').click()
    page.locator('[data-tab="details"]').click()
    expect(page.locator(".tabbody")).to_contain_text("Unexplored settlement", timeout=TIMEOUT)
    assert "name" not in far and "prices" not in far  # face down: unknown to every seat (L20)
    page.screenshot(path=str(shots / "sl-x3-details.png"))
    assert not errors, errors


# ------------------------------------------------------------------ PvP trade (L19)
def test_pvp_trade_between_two_people(browser: Browser, base_url: str, shots: Path) -> None:
    game = create(base_url, ["human", "human"], seed=5, modes=("pvp",), names=["Ada", "Bea"])
    tokens = [s["token"] for s in game["seats"]]
    errors: list[str] = []
    pages = [open_seat(browser, base_url, game, q, errors) for q in (0, 1)]
    for q in (0, 1):  # both start on slot 0 (L3), chosen on the map
        v = api_view(base_url, game["id"], tokens[q])
        decide(pages[q], v, ("slot", 0))
    vs = [api_view(base_url, game["id"], t) for t in tokens]
    while not any(v["decision"] == "turn" and v["legal_actions"] for v in vs):
        for q, v in enumerate(vs):
            if v["legal_actions"]:
                decide(pages[q], v, ("act", "pass"))
        vs = [api_view(base_url, game["id"], t) for t in tokens]
    p = next(q for q, v in enumerate(vs) if v["legal_actions"])
    o = 1 - p
    page, other = pages[p], pages[o]
    # buy 2 units of the cheapest good in one action from the quick market, then finish the Trade
    form = vs[p]["intent"]["trade"]
    goods = form["goods"]
    good = min((g for g in goods if goods[g]["max_buy"] > 0), key=lambda g: goods[g]["buy"])
    page.locator("details.quicktrade summary").click()
    decide(page, vs[p], ("trade", {"action": "buy", "good": good, "units": 2}))
    decide(page, api_view(base_url, game["id"], tokens[p]), ("act", "done"))
    v = api_view(base_url, game["id"], tokens[p])
    assert v["view"]["ships"][p]["cargo"][good] == 2
    # the whole proposal in one form: 1 unit for 300 credits
    page.locator('[data-open="proposal"]').click()
    proposal = page.locator("form[aria-label='Trade proposal']")
    expect(proposal).to_be_visible(timeout=TIMEOUT)
    proposal.locator(f"input[name=give-{good}]").fill("1")
    proposal.locator("input[name=ask-credits]").fill("300")
    page.screenshot(path=str(shots / "sl-p1-proposal-form.png"))
    proposal.locator('[data-intent="proposal"]').click()
    page.wait_for_function(f"() => window.__spacetable.version() > {v['version']}", timeout=TIMEOUT)
    w = api_view(base_url, game["id"], tokens[o])
    assert w["decision"] == "pvp.answer" and w["view"]["offer"]["give"]["goods"] == {good: 1}
    assert w["view"]["offer"]["ask"]["credits"] == 300
    wait_version(other, w["version"])
    expect(other.locator("[aria-label='Trade on the table']")).to_contain_text("300", timeout=TIMEOUT)
    other.screenshot(path=str(shots / "sl-p2-offer.png"))
    decide(other, w, ("act", "accept"))
    after = api_view(base_url, game["id"], tokens[p])["view"]["ships"]
    assert after[p]["cargo"][good] == 1 and after[o]["cargo"][good] == 1
    assert after[o]["credits"] == 3000 - 300
    page.screenshot(path=str(shots / "sl-p3-after-trade.png"))
    assert not errors, errors


# ------------------------------------------------------------------ a Missiles/Countermeasures chain (L17)
def chain_seed() -> int:
    """A seed where seat 1 goes first (both start on slot 0) holding Missiles, and seat 2 holds
    Countermeasures and a Pirates or Patrol card (found from the engine, so content changes do not
    break the test)."""
    spec = get_game("spacelanes")
    for seed in range(1, 400):
        s = spec.new_game({"players": 2, "modes": []}, seed)
        s.apply("start 0")
        s.apply("start 0")
        s.sample_chance()
        if s.active != 0:
            continue
        h0 = [KIND[x] for x in s.view(0).to_json()["you"]["hand"]]
        h1 = [KIND[x] for x in s.view(1).to_json()["you"]["hand"]]
        if "missiles" in h0 and "countermeasures" in h1 and ("pirates" in h1 or "patrol" in h1):
            return seed
    raise AssertionError("no seed with Missiles against Countermeasures")


def test_engagement_with_a_missiles_chain(browser: Browser, base_url: str, shots: Path) -> None:
    game = create(base_url, ["human", "human"], seed=chain_seed(), names=["Ada", "Bea"])
    tokens = [s["token"] for s in game["seats"]]
    errors: list[str] = []
    pages = [open_seat(browser, base_url, game, q, errors) for q in (0, 1)]
    seen: set[str] = set()
    for _ in range(60):
        vs = [api_view(base_url, game["id"], t) for t in tokens]
        q = next((i for i, v in enumerate(vs) if v["legal_actions"]), None)
        if q is None:
            time.sleep(0.03)
            continue
        v = vs[q]
        legal = [a["text"] for a in v["legal_actions"]]
        d = v["decision"]
        view = v["view"]
        ship0 = view["ships"][0]
        page = pages[q]
        if d == "setup.start":
            step: Step = ("slot", 0)
        elif q == 0 and d == "turn" and view["moves_made"] == 0 and view["active"] == 0:
            m = next(m for m in v["intent"]["move"]["moves"] if m["fuel"] == 0)
            step = ("move", m)
        elif (q == 1 and d == "respond" and ship0["lane"] >= 0 and "hostile" not in seen
              and view["lanes"][ship0["lane"]]["hostile"] is None):
            seen.add("hostile")
            card = next(t[5:] for t in legal
                        if t.startswith("play ") and KIND[t[5:]] in ("pirates", "patrol"))
            wait_version(page, v["version"])
            page.locator(f'.hcard[data-card="{card}"] [data-action="play {card}"]').click()
            page.wait_for_function(f"() => window.__spacetable.version() > {v['version']}", timeout=TIMEOUT)
            w = api_view(base_url, game["id"], tokens[1])
            assert w["decision"] == "target"
            wait_version(page, w["version"])
            page.screenshot(path=str(shots / "sl-m1-target-lane.png"))
            # the lane of Ada's ship is lit on the map: click it
            step = ("lane", ship0["lane"])
            page.locator(f'.starmap g.lane[data-lane="{ship0["lane"]}"] .lane-hit').click(force=True)
            page.wait_for_function(f"() => window.__spacetable.version() > {w['version']}", timeout=TIMEOUT)
            continue
        elif q == 0 and d == "engage.choose" and "use missiles" in legal and "missiles" not in seen:
            seen.add("missiles")
            wait_version(page, v["version"])
            expect(page.locator("[aria-label=Engagement]")).to_be_visible(timeout=TIMEOUT)
            page.screenshot(path=str(shots / "sl-m2-engagement.png"))
            step = ("act", "use missiles")
        elif q == 1 and d == "chain" and "use countermeasures" in legal:
            seen.add("countermeasures")
            wait_version(page, v["version"])
            expect(page.locator("[aria-label=Chain]")).to_contain_text("Missiles", timeout=TIMEOUT)
            page.screenshot(path=str(shots / "sl-m3-chain-answer.png"))
            step = ("act", "use countermeasures")
        elif d == "engage.choose":
            step = ("act", "engage escape")
        elif d == "engage.after_roll":
            seen.add("rolled")
            wait_version(page, v["version"])
            page.screenshot(path=str(shots / "sl-m4-rolled.png"))
            step = ("act", "accept")
        elif d in ("engage.escape", "engage.parlay"):
            step = ("act", "keep")
        elif d == "turn" and q == 0 and "rolled" in seen:
            break
        elif "pass" in legal:
            step = ("act", "pass")
        else:
            step = ("act", "end")
        decide(page, v, step)
    assert {"hostile", "missiles", "countermeasures"} <= seen, seen
    log = " ".join(line["text"] for line in api_view(base_url, game["id"], tokens[0])["log"])
    assert "Missiles" in log and "Countermeasures" in log
    expect(pages[0].locator("[aria-label='Game log']")).to_contain_text("Bea")  # names, not seat numbers
    pages[0].screenshot(path=str(shots / "sl-m5-after.png"))
    assert not errors, errors


def test_the_page_reads_the_spacelanes_catalog_the_server_plays_with(tmp_path: Path) -> None:
    """Card names and texts on the table come from GET /api/catalog/spacelanes, never a stale copy."""
    from fastapi.testclient import TestClient

    from spacetable.server.app import create_app
    from spacetable.server.config import ServerConfig
    from spacetable.sim.catalog import catalog_json

    spec = get_game("spacelanes")
    config = spec.make_config(5, modes=["exploration", "pvp"])
    expected = catalog_json("spacelanes", config, spec.catalog(config))  # each card in override form
    with TestClient(create_app(ServerConfig(db_url=f"sqlite:///{tmp_path / 'db.sqlite'}"))) as client:
        got = client.get("/api/catalog/spacelanes")
        assert got.status_code == 200 and got.json() == expected
    static = Path(__file__).resolve().parents[3] / "spacetable" / "server" / "static" / "spacelanes"
    assert 'fetch("/api/catalog/spacelanes")' in (static / "catalog.js").read_text(encoding="utf-8")
