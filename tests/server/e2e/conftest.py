"""Fixtures of the browser tests: a real `spacetable serve` process and Debian's chromium.

Each xdist worker starts its own server (a free port, SQLite in a temporary folder, no bot pauses)
and its own browser. Screenshots go to $SPACETABLE_SCREENSHOTS if set, else to a folder of the test
run (printed at the end of each test). Without /usr/bin/chromium the tests fail: they never skip.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, ViewportSize, expect, sync_playwright

from tests.server.server_helpers import free_port, serve_process

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORT: ViewportSize = {"width": 1366, "height": 768}
expect.set_options(timeout=15_000)
"""An expectation waits up to 15 s (Playwright's default is 5 s): on a 2-core machine running the
other tests beside the browser, a page may take that long to answer; a passing check returns at once."""


def chromium_path() -> str:
    for candidate in (os.environ.get("SPACETABLE_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    pytest.fail("Debian's chromium is needed for the browser tests: apt-get install chromium")


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a live server of this worker."""
    folder = tmp_path_factory.mktemp("e2e-db")
    port = free_port()
    # One address (this worker's browser) creates every game of the session: on a quick machine the
    # browser tests create more than the default 30 a minute, a limit tests/server/test_server_guard.py
    # checks on its own server, so this server's limit is raised out of the way.
    with serve_process(f"sqlite:///{folder / 'spacetable.db'}", port, bot_pause=0.0,
                       args=["--create-per-minute", "600", "--create-burst", "200"]):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    b = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    try:
        yield b
    finally:
        b.close()


@pytest.fixture(autouse=True)
def _close_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every page a test opened when it ends: a table left open keeps its renderer busy (live
    updates, animations) for the rest of the session, on the machine the other tests share."""
    yield
    if "browser" in request.fixturenames:
        b: Browser = request.getfixturevalue("browser")
        for context in list(b.contexts):
            context.close()


@pytest.fixture
def shots(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """The folder for this test's screenshots."""
    root = os.environ.get("SPACETABLE_SCREENSHOTS")
    folder = Path(root) / request.node.name if root else tmp_path / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
