"""A player's profile on the page (docs/server.md, "Players"): created on the first visit; a seat
opened by its invite link joins it; the sign-in link opens the same profile (the same games) in a
second browser, which opens the seat from the list; after "New key" the old link is refused."""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Browser, expect

from tests.server.e2e.conftest import VIEWPORT

TIMEOUT = 15_000


def test_a_profile_follows_its_player_to_another_device(browser: Browser, base_url: str, shots: Path) -> None:
    r = httpx.post(f"{base_url}/api/games", json={"game": "moonrakers", "players": 2, "seed": 7,
                                                  "seats": ["human", "greedy"], "names": ["Ada", "Orion"]},
                   timeout=10)
    assert r.status_code == 201, r.text
    g = r.json()
    ctx1, ctx2, ctx3 = (browser.new_context(viewport=VIEWPORT) for _ in range(3))
    first = ctx1.new_page()
    # the first visit: an invite; its seat joins the new profile (/claim) before the page is left
    with first.expect_response(lambda r: r.url.endswith("/seats/0/claim"), timeout=TIMEOUT):
        first.goto(f"{base_url}/game/{g['id']}#token={g['seats'][0]['token']}")
    expect(first.locator(".player[data-seat=p1]")).to_be_visible(timeout=TIMEOUT)
    first.goto(base_url + "/")
    profile = first.locator("section.profile")
    expect(profile.locator(f"[data-profile-game='{g['id']}']")).to_be_visible(timeout=TIMEOUT)
    profile.get_by_role("button", name="Use on another device").click()
    link = profile.locator("[data-signin=link] code.link")
    expect(link).to_contain_text("/me#key=", timeout=TIMEOUT)
    expect(profile.locator(".qr img")).to_be_visible()
    url = link.inner_text().strip()
    first.screenshot(path=str(shots / "01-profile-signin-link.png"))

    second = ctx2.new_page()
    second.goto(url)
    listed = second.locator(f"section.profile [data-profile-game='{g['id']}']")
    expect(listed).to_be_visible(timeout=TIMEOUT)
    assert "#key=" not in second.url  # the key leaves the address bar at once
    second.screenshot(path=str(shots / "02-second-device-same-games.png"))
    listed.get_by_role("button").click()  # opens the seat here with a token of this device
    expect(second.locator(".player[data-seat=p1] .badge.you")).to_be_visible(timeout=TIMEOUT)
    second.screenshot(path=str(shots / "03-second-device-table.png"))

    first.on("dialog", lambda d: d.accept())
    profile.get_by_role("button", name="New key").click()
    expect(profile.locator("[data-signin=link]")).to_have_count(0, timeout=TIMEOUT)
    third = ctx3.new_page()
    third.goto(url)  # the old link
    expect(third.get_by_role("alert")).to_contain_text("no longer works", timeout=TIMEOUT)
    expect(third.locator(f"[data-profile-game='{g['id']}']")).to_have_count(0)
    third.screenshot(path=str(shots / "04-old-link-refused.png"))
    for ctx in (ctx1, ctx2, ctx3):
        ctx.close()
    print(f"\nscreenshots: {shots}")
