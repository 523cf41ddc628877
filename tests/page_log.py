"""What a page's htmx and forms did, for a browser test's failure message.

A rare failure of a browser test (one run in twenty) cannot be rerun to be seen; what the
page did before it can be kept. `keep_log(context)` makes every page of the context note
each form submit (the button, the typed hand of the first player) and each htmx request's
steps (sent, answered, swapped: an answer left unswapped has no `htmx:afterSwap`) with the
time since the page began; `page_log(page)` gives them back, one a line, to put in the
assertion that failed.
"""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page

_EVENTS = (
    "htmx:beforeRequest",
    "htmx:beforeSend",
    "htmx:beforeSwap",
    "htmx:afterSwap",
    "htmx:afterRequest",
    "htmx:sendError",
    "htmx:sendAbort",
    "htmx:responseError",
    "htmx:oobErrorNoTarget",
)

_SCRIPT = """
(() => {
  const log = (window.__pageLog = []);
  const start = performance.now();
  const note = (...what) => log.push([Math.round(performance.now() - start), ...what]);
  for (const name of EVENTS) {
    document.addEventListener(name, (event) => {
      const xhr = event.detail && event.detail.xhr;
      note(name, xhr ? xhr.status : null, xhr ? xhr.mjTaps : null);
    });
  }
  document.addEventListener("submit", (event) => {
    const hand = document.querySelector("[name=hand0]");
    note("submit", event.submitter && event.submitter.id, hand && hand.value);
  }, true);
  // An answer that comes during a press waits for the release (mahjongg-calculator.js).
  for (const name of ["pointerdown", "pointerup", "pointercancel"]) {
    const noted = (event) => note(name, event.target.id || event.target.name);
    document.addEventListener(name, noted, true);
  }
  window.addEventListener("error", (event) => note("error", String(event.message)));
})();
""".replace("EVENTS", json.dumps(list(_EVENTS)))


def keep_log(context: BrowserContext) -> None:
    context.add_init_script(script=_SCRIPT)


def page_log(page: Page) -> str:
    lines = page.evaluate("() => (window.__pageLog || []).map((line) => JSON.stringify(line))")
    return "what the page did (ms since it began):\n" + "\n".join(lines)
