"""Real-browser tests: Playwright drives Debian's Chromium against Voila on 127.0.0.1.

Playwright's own browser download cannot work on these machines, so Chromium is the
system one (``python3 run.py test`` installs it with apt-get when missing) and is
launched headless by executable path. Under CI a missing Chromium is a failure, not a
skip. Screenshots of every flow are kept in ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app import free_port, start_url, voila_command, wait_until_up
from companion.ui import DOUBLE_TAP_AFTER_END, DOUBLE_TAP_AFTER_START

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"

#: Milliseconds a flow waits, once the page shows what a click did, before it presses the same button
#: again, as a person would: a press sooner is the second of a double tap (ui.ActionButton), ignored.
A_PERSONS_PACE = 1000 * max(DOUBLE_TAP_AFTER_END, DOUBLE_TAP_AFTER_START) + 100

# Flags that keep Chromium quiet on a machine with no network beyond the registries.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """Voila over notebooks/, with its own user data folder; yields the port."""
    port = free_port()
    env = {**os.environ, "COMPANION_USER_DATA": str(tmp_path_factory.mktemp("browser-user-data")),
           "MPLBACKEND": "Agg"}
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with open(log, "wb") as fh:
        proc = subprocess.Popen(voila_command(port), stdout=fh, stderr=subprocess.STDOUT, env=env)
    try:
        wait_until_up(start_url(port), timeout=90, proc=proc)
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    exe = _chromium()
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is not installed: run.py test installs it with apt-get")
        pytest.skip("Chromium is not installed (python3 run.py test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: object, voila_server: int, request: pytest.FixtureRequest) -> Iterator[object]:
    """A fresh tablet-sized page; a screenshot is saved after the test, pass or fail."""
    context = browser.new_context(viewport={"width": 1180, "height": 820},  # type: ignore[attr-defined]
                                  accept_downloads=True)
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    pg.voila_port = voila_server  # type: ignore[attr-defined]
    yield pg
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    finally:
        context.close()


def open_tool(page: object, notebook: str) -> None:
    """Open a notebook as an app and wait until its widgets are on screen."""
    page.goto(start_url(page.voila_port, notebook))  # type: ignore[attr-defined]
    page.wait_for_selector(".jupyter-widgets", state="attached", timeout=90_000)  # type: ignore[attr-defined]
