"""Every Markdown link from README.md and docs/*.md to a local file leads to a file that
exists, and a link to a heading (`file.md#heading`, `#heading`) to a heading that exists.

Links to the web are not followed, and neither are links that leave the repository (the rule
books in `shared/`, beside it): neither is part of what this checkout holds.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# [text](target) and [text](target "title"), not images' inline data; code is removed first.
LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
CODE = re.compile(r"`[^`\n]*`")


def prose(text: str) -> str:
    """The page without its code blocks and code spans, where brackets are not links."""
    return CODE.sub("", FENCE.sub("", text))


def anchor(heading: str) -> str:
    """The id GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = CODE.sub(lambda m: m.group(0).strip("`"), heading.strip()).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found, seen = set(), {}
    for line in FENCE.sub("", path.read_text(encoding="utf-8")).splitlines():
        match = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            name = anchor(match.group(1))
            count = seen.get(name, 0)
            seen[name] = count + 1
            found.add(name if count == 0 else f"{name}-{count}")
    return found


def local_links(page: Path) -> list[str]:
    links = LINK.findall(prose(page.read_text(encoding="utf-8")))
    return [link for link in links if not re.match(r"[a-z][a-z0-9+.-]*:", link)]


def test_the_pages_have_links_to_check():
    assert (ROOT / "docs").is_dir()
    readme_links = local_links(ROOT / "README.md")
    # The README's Documentation list links every page of docs/.
    linked = {(ROOT / link).resolve() for link in readme_links}
    missing = [p.name for p in PAGES[1:] if p.resolve() not in linked]
    assert not missing, f"docs/ pages the README does not list: {missing}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_local_link_resolves(page):
    broken = []
    for link in local_links(page):
        target, _, fragment = link.partition("#")
        path = (page.parent / unquote(target)).resolve() if target else page
        if target and not path.is_relative_to(ROOT):
            continue  # outside the checkout: the rule books in shared/
        if not path.exists():
            broken.append(f"{link}: no such file")
        elif fragment and path.suffix == ".md" and fragment not in anchors(path):
            broken.append(f"{link}: no heading #{fragment} in {path.name}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("Events (`games/play/events.py`)", "events-gamesplayeventspy"),
        ("A big league's home: `make bench-league`", "a-big-leagues-home-make-bench-league"),
        ("Live play: server and protocol", "live-play-server-and-protocol"),
    ],
)
def test_anchors_are_made_as_github_makes_them(heading, expected):
    assert anchor(heading) == expected
