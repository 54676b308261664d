"""Headless Chromium (Debian's, at /usr/bin/chromium: Playwright's own download fails on these
machines) driving the standalone tabletop against the real bridge, worker and Redis of
tests/conftest.py. Screenshots of each step go to test-artifacts/browser/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
#: --no-sandbox: the tests run as root; the rest stop Chromium's own outbound calls.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"


@pytest.fixture(scope="session")
def browser():
    """Fails, never skips, when Chromium cannot start: `./dev test` installs it."""
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        except PlaywrightError as error:
            pytest.fail(f"Chromium cannot be started from {CHROMIUM} (./dev test installs Debian's chromium): {error}")
        yield launched
        launched.close()


@pytest.fixture
def open_page(browser):
    """``open_page(url)``: a page in a browser context of its own (its own sessionStorage and
    localStorage: one person at the table). Errors in the page's scripts, and refusals it
    reported, fail the test."""
    contexts, pages, errors = [], [], []

    def open_one(url: str):
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        contexts.append(context)
        page = context.new_page()
        pages.append(page)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        return page

    yield open_one
    # A refusal the page reported to its user (#notice) is a failure too.
    notices = [text for page in pages if "/plugin/standalone/" in page.url
               for text in page.locator("#notices .notice-error").all_text_contents()]
    for context in contexts:
        context.close()
    assert errors == [], f"errors in the page: {errors}"
    assert [notice for notice in notices if notice] == [], "the page reported refusals"


@pytest.fixture
def shot(request):
    """``shot(page, step)`` saves a screenshot as test-artifacts/browser/<test>-<n>-<step>.png."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    test = re.sub(r"[^A-Za-z0-9_-]+", "-", request.node.name)
    taken = []

    def take(page, step: str) -> Path:
        taken.append(step)
        path = ARTIFACTS / f"{test}-{len(taken):02d}-{step}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
