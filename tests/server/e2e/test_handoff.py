"""A seat belongs to its player, on the page: no hand-off button while they are connected; while their
connection is down for less than the grace period (here 2 s; 60 s by default) the others see
"reconnecting…"; after it "left" and one button for that seat, handing it to the game's default bot;
the player's link takes it back when they return (docs/server.md, "A seat belongs to its player")."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from tests.server.e2e.conftest import VIEWPORT
from tests.server.server_helpers import free_port, serve_process

TIMEOUT = 15_000


def _view(base: str, game: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/games/{game}/view", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_the_hand_off_button_waits_for_an_absence(browser: Browser, tmp_path: Path, shots: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serve_process(f"sqlite:///{tmp_path / 'handoff.db'}", port, args=["--handoff-after", "2"]):
        r = httpx.post(f"{base}/api/games", json={
            "game": "moonrakers", "players": 3, "seats": ["human", "human", "greedy"], "seed": 3,
            "names": ["Ada", "Bo", "Cy"]}, timeout=10)
        assert r.status_code == 201, r.text
        g = r.json()
        t1, t2 = (s["token"] for s in g["seats"])
        ctx1, ctx2 = browser.new_context(viewport=VIEWPORT), browser.new_context(viewport=VIEWPORT)
        p1, p2 = ctx1.new_page(), ctx2.new_page()
        p1.goto(f"{base}/game/{g['id']}#token={t1}")
        p2.goto(f"{base}/game/{g['id']}#token={t2}")
        bo = p1.locator(".player[data-seat=p2]")
        expect(bo).to_be_visible(timeout=TIMEOUT)
        expect(bo.locator("[data-presence]")).to_have_count(0, timeout=TIMEOUT)
        time.sleep(2.5)  # connected for longer than the grace period: still no button
        assert bo.get_by_role("button").count() == 0
        p1.screenshot(path=str(shots / "01-bo-connected.png"))

        ctx2.close()  # Bo leaves: "reconnecting…" at once, and the seat stays Bo's for the grace period
        expect(bo.locator(".badge", has_text="reconnecting…")).to_be_visible(timeout=TIMEOUT)
        assert bo.get_by_role("button").count() == 0
        p1.screenshot(path=str(shots / "02-bo-reconnecting.png"))
        expect(bo.locator(".badge", has_text="left")).to_be_visible(timeout=TIMEOUT)
        expect(bo.locator(".badge", has_text="reconnecting…")).to_have_count(0)
        give = bo.get_by_role("button", name="Hand seat to the mcts:200it bot")
        expect(give).to_be_visible(timeout=TIMEOUT)
        assert bo.get_by_role("button").count() == 1  # one button per seat, never one per bot
        assert p1.locator(".player[data-seat=p1]").get_by_role("button").count() == 0  # not for oneself
        p1.screenshot(path=str(shots / "03-bo-left-hand-off-offered.png"))
        give.click()
        expect(bo.locator(".badge", has_text="mcts:200it")).to_be_visible(timeout=TIMEOUT)
        assert bo.get_by_role("button").count() == 0
        p1.screenshot(path=str(shots / "04-bo-seat-played-by-bot.png"))

        ctx3 = browser.new_context(viewport=VIEWPORT)  # Bo opens the invite link again
        p3 = ctx3.new_page()
        p3.goto(f"{base}/game/{g['id']}#token={t2}")
        expect(bo.locator(".badge", has_text="mcts:200it")).to_have_count(0, timeout=TIMEOUT)
        expect(p1.locator("[aria-label='Game log']")).to_contain_text("Bo is back", timeout=TIMEOUT)
        assert _view(base, g["id"], t1)["seats"][1]["kind"] == "human"
        p1.screenshot(path=str(shots / "05-bo-back.png"))
        p3.screenshot(path=str(shots / "06-bo-own-page.png"))
        ctx1.close()
        ctx3.close()
    print(f"\nscreenshots: {shots}")
