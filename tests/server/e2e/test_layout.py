"""Both tables at 1366×768 and on a phone (390×844), checked by the boxes the browser laid out.

Space Lanes, at a turn with moves offered and a hand of 10 different cards:
- no two words on the map overlap (settlement names with their whole feature text, lane names, the
  cost tags of the moves), and the layout finds a free spot for every settlement's and lane's words on
  200 random boards (every settlement on every slot, some face down: Exploration, L20);
- every feature text on the map is the whole text (no "…");
- the price table (the map panel's "Prices" tab) shows every good, Luxury and Contraband included: each
  cell inside the table's frame and on screen, none cut;
- the whole hand is in view without scrolling at 1366×768 (10 cards, the hand limit of the rulebook);
- the Goal says the condition for this table's player count (L21; the card lists every size, the catalog
  states each size);
- no text of the page is cut (an element's text wider or taller than the box that clips it).
Moonrakers (First Encounter), in planning and at the buying step: no text cut (contract names, cards,
Armory, the buy list).

Screenshots of every checked screen go to the test's screenshot folder (conftest: $SPACETABLE_SCREENSHOTS
or the test run's folder).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, ViewportSize

from spacetable.engine.game import get_game
from spacetable.games.spacelanes.content import CONTENT
from spacetable.games.spacelanes.text import goal_text

TIMEOUT = 15_000
SIZES: list[ViewportSize] = [{"width": 1366, "height": 768}, {"width": 390, "height": 844}]
CHECKS = (Path(__file__).parent / "layout_checks.js").read_text()


def check(page: Page, name: str, arg: Any = None) -> Any:
    """Run one of the box checks of layout_checks.js in the page."""
    return page.evaluate(f"(arg) => ({CHECKS})[{name!r}](arg)", arg)


def post(base: str, game: dict[str, Any], seat: int, action: str, version: int) -> None:
    r = httpx.post(f"{base}/api/games/{game['id']}/actions", json={"action": action, "version": version},
                   headers={"Authorization": f"Bearer {game['seats'][seat]['token']}"}, timeout=10)
    assert r.status_code == 200, r.text


def view(base: str, game: dict[str, Any], seat: int) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/games/{game['id']}/view",
                  headers={"Authorization": f"Bearer {game['seats'][seat]['token']}"}, timeout=10)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def ten_different_cards() -> int:
    """A seed whose first seat is dealt 10 different cards (the rulebook's hand limit, each card drawn with
    its own text), found from the engine so that a change of the deck does not break the test."""
    spec = get_game("spacelanes")
    for seed in range(1, 2000):
        hand = spec.new_game({"players": 3}, seed).view(0).data["you"]["hand"]
        if len(set(hand)) == 10:
            return seed
    raise AssertionError("no seed deals 10 different cards")


def spacelanes_turn(base: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Three people; every seat starts, the others end their turns, until the first seat is at its turn
    with its moves on the map."""
    r = httpx.post(f"{base}/api/games", json={"game": "spacelanes", "players": 3, "seats": ["human"] * 3,
                                              "seed": ten_different_cards(), "names": ["Ada", "Bea", "Cy"]},
                   timeout=10)
    assert r.status_code == 201, r.text
    game = r.json()
    for _ in range(40):
        vs = [view(base, game, s) for s in range(3)]
        if vs[0]["decision"] == "turn" and vs[0]["legal_actions"]:
            return game, vs[0]
        seat = next(s for s in range(3) if vs[s]["legal_actions"])
        texts = [a["text"] for a in vs[seat]["legal_actions"]]
        pick = next((t for t in ("end", "pass", "skip", "done") if t in texts), texts[0])
        post(base, game, seat, pick, vs[seat]["version"])
    raise AssertionError("the first seat never reached its turn")


def open_page(browser: Browser, base: str, game: dict[str, Any], seat: int, size: ViewportSize,
              errors: list[str], ready: str) -> Page:
    page = browser.new_context(viewport=size).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/game/{game['id']}#token={game['seats'][seat]['token']}")
    page.wait_for_selector(ready, timeout=TIMEOUT)
    return page


def test_spacelanes_table_fits_at_1366x768_and_on_a_phone(browser: Browser, base_url: str,
                                                          shots: Path) -> None:
    started = time.monotonic()
    game, v = spacelanes_turn(base_url)
    you = v["view"]["you"]
    assert len(set(you["hand"])) == 10, you["hand"]
    features = {str(s["slot"]): s["feature"] for s in v["view"]["slots"] if s["revealed"]}
    moves = len(v["intent"]["move"]["moves"])
    condition = goal_text(next(g for g in CONTENT.goals if g.slug == you["goal"]["slug"]), 3, False)
    errors: list[str] = []
    for size in SIZES:
        name = f"{size['width']}x{size['height']}"
        page = open_page(browser, base_url, game, 0, size, errors, ".starmap .move-target")
        page.wait_for_function(f"() => window.__spacetable.version() >= {v['version']}", timeout=TIMEOUT)
        page.screenshot(path=str(shots / f"spacelanes-{name}.png"), full_page=True)
        m = check(page, "map")
        assert not m["overlaps"], m["overlaps"]
        assert not m["outside"], m["outside"]
        # every settlement and lane named, and a tag for every move with room for one (L6)
        assert m["kinds"].count("slot") == 15 and m["kinds"].count("lane") == 24, m["kinds"]
        assert 1 <= m["kinds"].count("move") <= moves
        assert m["features"] == features  # whole feature texts, no "…"
        if size["width"] > 1000:
            assert m["fits"], "at 1366×768 the whole map is in view before any zoom"
        hand = check(page, "hand")
        assert hand["cards"] == 10 and hand["outside"] == 0, hand
        if size["width"] > 1000:
            assert not hand["scrolls"], "the whole hand is in view at 1366×768"
        # the Goal at this table: one number, the 3-player one (L21; goals.json)
        assert condition in hand["goal"] and "players" not in hand["goal"], (condition, hand["goal"])
        assert not check(page, "clipped", "#app"), check(page, "clipped", "#app")
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        # the price table: every good, every cell inside the frame and on screen
        page.locator('[data-maptab="prices"]').click()
        page.locator("table.prices").scroll_into_view_if_needed()
        prices = check(page, "prices")
        assert prices["goods"] == ["Ore", "Supplies", "Parts", "Medicine", "Luxury", "Contraband"], prices
        assert prices["cells"] == 7 * 16 and not prices["bad"], prices
        page.locator(".mapwrap").screenshot(path=str(shots / f"spacelanes-prices-{name}.png"))
        # the map as a list names every settlement and, from each, its lanes
        page.locator('[data-maptab="places"]').click()
        assert page.locator(".places > li").count() == 15
        assert page.locator(".places .routes li").count() == 48  # each lane from both of its ends
        page.context.close()
    # the layout never runs out of room: 200 random boards, settlements and lanes anywhere
    page = open_page(browser, base_url, game, 0, SIZES[0], errors, ".starmap")
    assert check(page, "sweep", v["view"]) == []
    page.context.close()
    assert not errors, errors
    print(f"\nscreenshots: {shots}  ({time.monotonic() - started:.1f}s)")


def test_moonrakers_text_is_never_cut(browser: Browser, base_url: str, shots: Path) -> None:
    started = time.monotonic()
    r = httpx.post(f"{base_url}/api/games", json={
        "game": "moonrakers", "players": 3, "seats": ["human", "greedy", "greedy"], "seed": 5,
        "modules": ["first-encounter"], "names": ["Ada", "Bot B", "Bot C"]}, timeout=10)
    assert r.status_code == 201, r.text
    game = r.json()
    errors: list[str] = []
    pages = [open_page(browser, base_url, game, 0, size, errors, ".table") for size in SIZES]
    checked: list[str] = []
    for _ in range(80):
        for _ in range(300):
            v = view(base_url, game, 0)
            if v["legal_actions"] or v["terminal"]:
                break
            time.sleep(0.03)
        assert not v["terminal"]
        decision = v["view"]["decision"]["decision"]
        if decision in ("planning", "buying") and decision not in checked:
            checked.append(decision)
            for size, page in zip(SIZES, pages, strict=True):
                page.wait_for_function(f"() => window.__spacetable.version() >= {v['version']}",
                                       timeout=TIMEOUT)
                name = f"moonrakers-{decision}-{size['width']}x{size['height']}.png"
                page.screenshot(path=str(shots / name), full_page=True)
                assert check(page, "clipped", "#app") == [], (size, decision)
                assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
            if len(checked) == 2:
                break
        # a first turn as a person plays it: take a contract, propose, play, buy (3.2-3.5)
        texts = [a["text"] for a in v["legal_actions"]]
        prefs = ("take ", "accept", "play ", "buy ", "propose", "start", "done", "pass", "end")
        pick = next((t for pref in prefs for t in texts if t.startswith(pref)), texts[0])
        post(base_url, game, 0, pick, v["version"])
    assert checked == ["planning", "buying"], checked
    assert not errors, errors
    print(f"\nscreenshots: {shots}  ({time.monotonic() - started:.1f}s)")
