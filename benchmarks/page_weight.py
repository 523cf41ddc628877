"""How heavy the demo's pages are: `python -m benchmarks.page_weight`.

A report, not a test: it loads the demo leagues into a throwaway SQLite database, signs in
as the demo's organiser (who sees the most: every organiser link and form), walks every page
the demo's pages link to, and prints each page's HTML in bytes and gzipped (what a browser
that accepts gzip downloads), the heaviest first, against the budget of 64 KB a page.
tests/site/test_page_weight.py walks the same pages and fails over the budget.
"""

from __future__ import annotations

import gzip
import os
import sys
import tempfile
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import parse_qsl, urldefrag, urlsplit

BUDGET = 64 * 1024  # bytes of HTML a page of the demo may weigh
# Where the walk starts: the home page and the pages the site's header links to.
START = ("/", "/leagues/", "/calculator/", "/calculator/mahjongg/", "/play/")
# Not pages: downloads, the admin, signing out, and the pages of other sites.
SKIP = ("/admin/", "/static/", "/accounts/logout/", ".csv", ".json", ".png", ".svg", ".pdf")


@dataclass(frozen=True)
class Weight:
    path: str
    status: int
    html: int  # bytes as sent without compression
    gzipped: int  # bytes gzipped (level 6, as Django's GZipMiddleware)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.found.append(href)


def links(html: str, base: str) -> list[str]:
    """The site's own page addresses that `html` links to (fragments dropped)."""
    parser = _Links()
    parser.feed(html)
    found = []
    for href in parser.found:
        address, _fragment = urldefrag(href)
        parts = urlsplit(address)
        if parts.scheme or parts.netloc or not address:
            continue
        if not address.startswith("/"):
            address = base.rsplit("/", 1)[0] + "/" + address
        if any(part in parts.path for part in SKIP):
            continue
        found.append(address)
    return found


def page_kind(path: str) -> Hashable:
    """One page of a kind: the same address with other values (the calculator's ?hand=1c,
    ?hand=2c…, the standings' ?sort=…) is the same page with other figures."""
    parts = urlsplit(path)
    return (parts.path, tuple(sorted(dict(parse_qsl(parts.query)))))


def walk(
    client,
    start: tuple[str, ...] = START,
    limit: int = 400,
    kind: Callable[[str], Hashable] = page_kind,
) -> Iterator[Weight]:
    """Each page reached from `start` by following links, once, with `client` (Django's test
    client): its weight. Pages that answer other than 200 are passed by (a redirect's target
    is reached by its own link). `kind`: a page of a kind already seen is not asked for, nor
    are its links followed (the browser tests walk one page of each kind they tell apart)."""
    seen: set[Hashable] = set()
    queue = list(start)
    while queue and len(seen) < limit:
        path = queue.pop(0)
        kind_of_path = kind(path)
        if kind_of_path in seen:
            continue
        seen.add(kind_of_path)
        response = client.get(path)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        body = b"".join(response) if response.streaming else response.content
        yield Weight(path, response.status_code, len(body), len(gzip.compress(body, 6)))
        queue.extend(links(body.decode(), path))


def main() -> int:
    folder = tempfile.mkdtemp(prefix="page-weight-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/demo.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mhing_site.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from leagues import demo

    setup_test_environment()  # the test client's `testserver` host
    call_command("migrate", verbosity=0)
    demo.load()
    client = Client()
    client.force_login(get_user_model().objects.get(username=demo.ORGANISER))
    weights = sorted(walk(client), key=lambda w: w.html, reverse=True)
    print(f"{'bytes':>8} {'gzipped':>8}  page (signed in as {demo.ORGANISER})")
    for weight in weights:
        mark = "  OVER" if weight.html > BUDGET else ""
        print(f"{weight.html:>8} {weight.gzipped:>8}  {weight.path}{mark}")
    over = sum(weight.html > BUDGET for weight in weights)
    print(
        f"{len(weights)} pages, heaviest {weights[0].html} bytes, "
        f"{over} over {BUDGET} bytes; total {sum(w.html for w in weights)} bytes, "
        f"{sum(w.gzipped for w in weights)} gzipped"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
