"""The table tells every seat when its deal is known to the game's creator (docs/server.md, "Provably
fair deals"): a chosen seed shows a banner from the first view an invite link opens, for the whole game;
a secret deal shows none. The lobby says so to the creator next to the invite links."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.server.e2e.conftest import VIEWPORT

NOTICE = "whoever created this game chose its seed"


def create(base_url: str, seed: int | None, game: str = "moonrakers") -> dict[str, object]:
    body: dict[str, object] = {"game": game, "players": 2, "seats": ["human", "human"],
                               "names": ["Ada", "Bea"]}
    if seed is not None:
        body["seed"] = seed
    r = httpx.post(f"{base_url}/api/games", json=body, timeout=20)
    assert r.status_code == 201, r.text
    game: dict[str, object] = r.json()
    return game


@pytest.mark.parametrize("name", ["moonrakers", "spacelanes"])
def test_every_seat_of_a_chosen_seed_game_sees_the_known_deal_banner(base_url: str, browser: Browser,
                                                                        shots: Path, name: str) -> None:
    game = create(base_url, 2**127 + 5, name)
    seats = game["seats"]
    assert isinstance(seats, list)
    page = browser.new_page(viewport=VIEWPORT)
    for i, seat in enumerate(seats):  # each captain opening their invite link
        page.goto(f"{base_url}/game/{game['id']}#token={seat['token']}")
        notice = page.locator(".deal-notice")
        expect(notice).to_contain_text(NOTICE, timeout=20_000)
        expect(page.locator(".topbar")).to_be_visible()
        box, bar = notice.bounding_box(), page.locator(".topbar").bounding_box()
        assert box is not None and bar is not None and box["y"] + box["height"] <= bar["y"]  # above, not over
        page.screenshot(path=str(shots / f"{name}-known-deal-seat-{i + 1}.png"))
    with_notice = page.evaluate("document.scrollingElement.scrollHeight")
    secret = create(base_url, None, name)
    seats = secret["seats"]
    assert isinstance(seats, list)
    page.goto(f"{base_url}/game/{secret['id']}#token={seats[0]['token']}")
    expect(page.locator(".topbar")).to_be_visible(timeout=20_000)
    expect(page.locator(".deal-notice")).to_have_count(0)
    # the banner takes its height from the table: the page is no taller than without it
    assert with_notice <= page.evaluate("document.scrollingElement.scrollHeight"), with_notice
    page.close()


def test_the_lobby_tells_the_creator_of_a_chosen_seed(base_url: str, browser: Browser, shots: Path) -> None:
    page = browser.new_page(viewport=VIEWPORT)
    page.goto(base_url)
    page.locator("input[name=seed]").fill("340282366920938463463374607431768211455")  # 2**128 - 1
    expect(page.get_by_text("every table will say you know the deal")).to_be_visible()
    page.get_by_role("button", name="Create game").click()
    links = page.get_by_role("region", name="Invite links")
    expect(links.locator(".deal-notice")).to_contain_text("you chose this game's seed", timeout=20_000)
    page.screenshot(path=str(shots / "lobby-known-deal.png"))
    page.close()
