"""Shared by the browser tests of page layout: the viewports where the site was found cut
off, and screenshots to look at.

Set MHING_SCREENSHOTS to a directory and the layout tests save what they measured there
(`MHING_SCREENSHOTS=/tmp/shots make test-browser`): passing is not the same as looking right.
"""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import Error as PlaywrightError

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}


class Tabs:
    """This worker's tab for each device, opened at its first use and kept for the run (a
    session fixture): a new tab costs Chromium about half a second of CPU and fetches and
    compiles the page's files anew, a navigation in an open one a fraction of that. A tab is
    in a browser context of its own with the device's viewport (`open`, which a module that
    needs more of its context overrides)."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.pages: dict[str, Page] = {}

    def __getitem__(self, device: str) -> Page:
        if device not in self.pages:
            self.pages[device] = self.open(device)
        return self.pages[device]

    def open(self, device: str) -> Page:
        return self.browser.new_context(viewport=VIEWPORTS[device]).new_page()

    def drop(self, device: str) -> None:
        """Close the device's tab; the next test to ask for it opens another."""
        self.pages.pop(device).context.close()

    def settle(self, devices: list[str], script: str = "1") -> None:
        """After a test: run `script` in the tabs it used (what the module clears there);
        a tab that cannot run it (crashed or stuck) is closed for a new one."""
        for device in dict.fromkeys(devices):
            try:
                self[device].evaluate(script)
            except PlaywrightError:
                self.drop(device)

    def close(self) -> None:
        for device in list(self.pages):
            self.drop(device)


def keep_screenshot(target: Page | Locator, name: str) -> None:
    """Save a screenshot of the page (whole) or element as NAME.png, when asked to."""
    folder = os.environ.get("MHING_SCREENSHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    path = Path(folder) / f"{name}.png"
    if isinstance(target, Page):
        target.screenshot(path=path, full_page=True)
    else:
        target.screenshot(path=path)


# The page's own width and whatever sticks out past the viewport's right edge: elements whose
# box ends beyond it, unless an ancestor clips them (scrolls or hides overflow).
OVERFLOW = """() => {
    const width = document.documentElement.clientWidth;
    const clipped = (node) => {
        for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) {
            const style = getComputedStyle(up);
            if (style.overflowX !== "visible") return true;
        }
        return false;
    };
    const out = [...document.body.querySelectorAll("*")]
        .filter(node => {
            const box = node.getBoundingClientRect();
            return box.width > 0 && box.right > width + 0.5 && !clipped(node);
        })
        .map(node => node.tagName.toLowerCase() + (node.id ? "#" + node.id : "")
             + (node.className && typeof node.className === "string"
                ? "." + node.className.trim().split(/\\s+/).join(".") : ""));
    return {scrollWidth: document.documentElement.scrollWidth, width, out};
}"""


def overflow(page: Page) -> dict:
    """{scrollWidth, width, out}: see OVERFLOW."""
    return page.evaluate(OVERFLOW)


# Boxes that scroll sideways (their content is wider than they are), by id or class.
SCROLLING = """() => [...document.body.querySelectorAll("*")]
    .filter(node => {
        const overflow = getComputedStyle(node).overflowX;
        return (overflow === "auto" || overflow === "scroll")
            && node.scrollWidth > node.clientWidth;
    })
    .map(node => node.id ? "#" + node.id : "." + [...node.classList].join("."))"""


def scrolling(page: Page) -> list[str]:
    """The page's boxes that scroll sideways: see SCROLLING."""
    return page.evaluate(SCROLLING)
