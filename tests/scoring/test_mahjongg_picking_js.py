"""The Mah-Jongg picker's rules in the browser (static/js/mahjongg-picking.js) agree with the
server's (scoring/mahjongg/picking.py through scoring/mahjongg_picker.py `apply_change`): the
same taps, from the same line, give the same line and the same refusals, so a hand drawn by
the page at the tap is the hand the server then scores.

The script runs under node (/usr/bin/node), as the page runs it: no stub of it here.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from scoring.mahjongg_picker import Draft, apply_change

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "js" / "mahjongg-picking.js"

# (name, the line to start from, taps: (change, value, how a tile is added)).
CASES = [
    ("single tiles", "", [("add", "5b", "tile"), ("add", "1b", "tile"), ("add", "Rd", "tile")]),
    ("honours run together", "", [("add", c, "tile") for c in ("Ew", "Ew", "Nw", "Wd", "Rd")]),
    ("pon", "", [("add", "1c", "pon"), ("add", "Gd", "pon")]),
    ("chi", "", [("add", "2k", "chi"), ("add", "5b", "chi"), ("add", "7c", "chi")]),
    ("chi refused past 7", "", [("add", "8b", "chi"), ("add", "Ew", "chi")]),
    (
        "issue 27's taps",
        "",
        [("add", "1c", "pon"), ("add", "2k", "chi"), ("add", "5b", "chi"), ("add", "9c", "tile")],
    ),
    ("open kan", "", [("add", "3c", "kan"), ("add", "Ww", "kan")]),
    ("concealed kan", "", [("add", "4k", "ckan"), ("add", "4b", "kan"), ("add", "Rd", "ckan")]),
    ("a fifth tile", "", [("add", "5b", "pon"), ("add", "5b", "tile"), ("add", "5b", "tile")]),
    (
        "a fifth tile through a chi",
        "",
        [("add", "3b", "kan"), ("add", "2b", "chi"), ("add", "1b", "chi")],
    ),
    ("full hand", "123b 456c 789k EwEwEw Nw", [("add", "Nw", "tile"), ("add", "Rd", "tile")]),
    (
        "full, one more per kan",
        "",
        [("add", c, "kan") for c in ("1b", "2b", "3b", "4b")]
        + [("add", "5b", "tile"), ("add", "5b", "tile"), ("add", "6b", "tile")],
    ),
    (
        "bonus tiles",
        "",
        [
            ("add", "F3", "tile"),
            ("add", "S1", "pon"),
            ("add", "F3", "tile"),
            ("remove_bonus", "F3", "tile"),
        ],
    ),
    (
        "winds",
        "",
        [
            ("seat", "W", "tile"),
            ("round", "S", "tile"),
            ("seat", "Nw", "tile"),
            ("round", "x", "tile"),
        ],
    ),
    ("pairs", "5b", [("pairs", "all", "tile"), ("pairs", "caller", "tile")]),
    (
        "winning tile",
        "",
        [
            ("add", "5b", "tile"),
            ("add", "5b", "tile"),
            ("add", "7c", "tile"),
            ("win", "5b", "tile"),
            ("by", "wall", "tile"),
            ("win", "9c", "tile"),
        ],
    ),
    (
        "winning tile taken out",
        "55b 7c seat=E round=E win=5b by=wall",
        [("remove", "5b", "tile"), ("remove", "5b", "tile")],
    ),
    (
        "not the caller",
        "55b 7c seat=E round=E win=5b",
        [("win", "none", "tile"), ("by", "wall", "tile")],
    ),
    (
        "removing tiles",
        "",
        [
            ("add", "2b", "tile"),
            ("add", "3b", "pon"),
            ("remove", "2b", "tile"),
            ("remove", "9k", "tile"),
        ],
    ),
    (
        "removing sets",
        "",
        [
            ("add", "2b", "chi"),
            ("add", "Rd", "pon"),
            ("add", "Gd", "ckan"),
            ("remove_set", "1", "tile"),
            ("remove_set", "7", "tile"),
        ],
    ),
    (
        "kan replacement needs a kan",
        "55b [1111c] seat=S round=W win=5b by=kan",
        [("remove_set", "0", "tile")],
    ),
    ("clear", "123b [RdRdRd] F1 seat=N round=S", [("clear", "1", "tile"), ("add", "9b", "tile")]),
    ("the typed extras stay", "5b seat=E round=E limit=500 pairs=all", [("add", "6b", "tile")]),
    ("a mode no button sends", "", [("add", "5b", "nonsense")]),
]


def python_run(start: str, taps) -> list[tuple[str, bool]]:
    draft, seen = Draft.parse(start), []
    for action, value, add_as in taps:
        draft, notice = apply_change(draft, {action: value, "as": add_as})
        seen.append((draft.notation, notice is not None))
    return seen


NODE_RUNNER = """
const rules = require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(cases.map(([start, taps]) => {
  let hand = rules.read(start);
  if (hand === null) return null;
  return taps.map(([action, value, as]) => {
    const answer = rules.apply(hand, action, value, as);
    hand = answer.hand;
    return [rules.write(hand), Boolean(answer.refused)];
  });
})));
"""


@pytest.fixture(scope="module")
def page_runs() -> list:
    node = shutil.which("node")
    assert node, "node runs the page's script here"
    given = json.dumps([[start, taps] for _name, start, taps in CASES])
    done = subprocess.run(
        [node, "-e", NODE_RUNNER, str(SCRIPT)],
        input=given,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize("index", range(len(CASES)), ids=[c[0] for c in CASES])
def test_the_page_makes_each_tap_as_the_server_does(index: int, page_runs) -> None:
    _name, start, taps = CASES[index]
    page = [tuple(step) for step in page_runs[index]]
    assert page == python_run(start, taps)


def test_the_page_reads_back_every_line_it_writes_and_no_other(page_runs) -> None:
    for _name, start, taps in CASES:
        for line, _refused in python_run(start, taps):
            assert line == Draft.parse(line).notation
    # Every start of the table read as the server wrote it (none left to the server).
    assert all(run is not None for run in page_runs)
