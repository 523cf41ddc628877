"""`manage.py score_hand --game mahjongg`: the table, the JSON object, standard input and the
exit statuses, as a user or a client program meets them (docs/score_hand.md).

The command line is met as tests/scoring/test_score_hand_command.py meets it (`run`: the
command's run_from_argv in this test process); bytes that are not UTF-8 come through a
process of its own, whose standard input Python sets up.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from tests.scoring.test_score_hand_command import call as score_hand_output
from tests.scoring.test_score_hand_command import run as score_hand_run

from .book import WORKED_EXAMPLES
from .conftest import REPO
from .test_golden import golden_rows

EAST_WIND_HAND = "[EwEwEw] 123b 456b 789b 55b seat=E round=S win=5b by=discard"
CAPPED_HAND = "{EwEwEwEw} [RdRdRd] 999b 111k SwSw seat=E round=E win=1k by=wall"
SEVEN_PAIRS = "11b 22b 55c 77c 99k EwEw RdRd seat=W round=E win=Rd by=discard"
NOT_CALLER = "[NwNwNw] 777k 1111c 29b Rd F4 S1 seat=N round=S"
NOT_WINNING = "123b 456b 789c 345k 5c 7c seat=E round=E win=7c by=wall"
INVALID = "123b 456b 789c 345k 55c seat=E round=E"
SETTLEMENT = "settle=diff winner=W E=38 S=280 W=130 N=12"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command as the command line runs it: its arguments parsed, its exit status, its
    stdout and stderr (tests/scoring/test_score_hand_command.py, `run`)."""
    return score_hand_run("--game", "mahjongg", *args, stdin=stdin)


def call(*args: str, stdin: str | None = None) -> str:
    """What the command prints, called in this process."""
    return score_hand_output("--game", "mahjongg", *args, stdin=stdin)


def cells(out: str) -> list[list[str]]:
    """The table's lines cut where two or more spaces stand."""
    return [re.split(r"\s{2,}", line.strip()) for line in out.splitlines() if line.strip()]


# The golden file, through standard input


def test_every_golden_line_through_stdin_gives_its_checked_result() -> None:
    rows = golden_rows()

    result = run("--json", "-", stdin="".join(row[0] + "\n" for row in rows))

    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == len(rows)
    for (line, expected, *_why), answer in zip(rows, answers, strict=True):
        assert answer["hand"] == line
        if expected == "ERROR":
            assert (answer["ok"], answer["error"]) == (False, "invalid"), line
            assert answer["message"], line
        elif expected == "NOT_WINNING":
            assert (answer["ok"], answer["error"]) == (False, "not_winning"), line
        elif line.startswith("settle="):
            assert answer["ok"] is True, answer
            assert answer["net"] == {
                seat: int(amount) for seat, amount in (pair.split("=") for pair in expected.split())
            }
        else:
            assert answer["ok"] is True, answer
            assert answer["score"] == int(expected), line


BOOK_EXAMPLES = WORKED_EXAMPLES  # MAHJONGG.md §4 and §5 (tests/mahjongg/book.py)
BOOK_SETTLEMENTS = [
    ("settle=diff winner=W E=38 S=280 W=130 N=12", {"E": -616, "S": 752, "W": 302, "N": -438}),
    ("settle=full winner=W E=38 S=280 W=130 N=12", {"E": -692, "S": 622, "W": 520, "N": -450}),
    ("settle=full winner=E E=200 S=40 W=0 N=104", {"E": 1200, "S": -424, "W": -544, "N": -232}),
]


def test_every_worked_example_of_the_book_through_stdin_gives_its_result() -> None:
    lines = [line for line, _ in BOOK_EXAMPLES + BOOK_SETTLEMENTS]
    result = run("--json", "-", stdin="".join(f"{line}\n" for line in lines))
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["score"] for a in answers[: len(BOOK_EXAMPLES)]] == [s for _, s in BOOK_EXAMPLES]
    assert [a["net"] for a in answers[len(BOOK_EXAMPLES) :]] == [n for _, n in BOOK_SETTLEMENTS]
    capped = answers[5]
    assert (capped["points"], capped["doublings"], capped["value"]) == (78, 9, 39936)


def test_stdin_skips_blank_lines_and_comments_and_keeps_the_order() -> None:
    lines = [EAST_WIND_HAND, "", "# a comment", INVALID, "   ", NOT_WINNING, SETTLEMENT]

    answers = [json.loads(line) for line in call("-", stdin="\n".join(lines)).splitlines()]

    assert [a["hand"] for a in answers] == [EAST_WIND_HAND, INVALID, NOT_WINNING, SETTLEMENT]
    assert [a["ok"] for a in answers] == [True, False, False, True]


def test_stdin_lines_are_compact_json_keeping_non_ascii_text() -> None:
    out = call("-", stdin=EAST_WIND_HAND + "\n")

    assert out.count("\n") == 1
    assert ", " not in out and '": ' not in out
    assert "Pon exposé d'honneurs" in out


def test_a_stdin_line_that_is_not_utf8_gets_its_own_error_line() -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "score_hand", "--game", "mahjongg", "-"],
        cwd=REPO,
        input=b"1b J\xf6rg seat=E\n" + EAST_WIND_HAND.encode() + b"\n",
        capture_output=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stderr
    first, second = (json.loads(line) for line in result.stdout.decode().splitlines())
    assert first == {
        "hand": "1b J\ufffdrg seat=E",
        "ok": False,
        "error": "invalid",
        "message": "not UTF-8 text",
    }
    assert second["score"] == 416


def test_stdin_answers_huge_and_hostile_lines_with_error_lines_and_goes_on() -> None:
    lines = [
        "1b " * 300_000 + "seat=E round=E",  # a fifth copy, among 300,000 tiles
        "[" * 100_000,
        "x" * 1_000_000,
        "seat=E " * 1000,
        EAST_WIND_HAND,
    ]

    result = run("-", stdin="\n".join(lines) + "\n")

    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(a["ok"], a.get("error")) for a in answers] == [(False, "invalid")] * 4 + [(True, None)]
    assert answers[-1]["score"] == 416


# The JSON object


def test_a_hand_gives_the_issues_fields() -> None:
    data = json.loads(call("--json", EAST_WIND_HAND))

    assert {"hand", "ok", "score", "points", "doublings", "limited", "items", "arrangement"} <= (
        data.keys()
    )
    assert (data["hand"], data["ok"], data["score"]) == (EAST_WIND_HAND, True, 416)
    assert (data["points"], data["doublings"], data["limited"]) == (26, 4, False)
    assert [(i["key"], i["kind"], i["value"], i["about"]) for i in data["items"]] == [
        ("open_pon_honours", "points", 4, "[EwEwEw]"),
        ("mahjongg", "points", 20, ""),
        ("completes_pair", "points", 2, "55b"),
        ("seat_wind_pon", "doublings", 2, "[EwEwEw]"),
        ("one_suit_with_honours", "doublings", 2, ""),
    ]
    assert data["items"][3]["names"]["de"] == "Platzwindpon"
    pair = data["arrangement"]["groups"][-1]
    assert (pair["kind"], pair["tiles"], pair["winning"]) == ("pair", ["5b", "5b"], True)


def test_a_hand_over_the_limit_says_limited_and_keeps_its_value() -> None:
    data = json.loads(call("--json", CAPPED_HAND))

    assert (data["score"], data["value"], data["limit"], data["limited"]) == (
        3000,
        39936,
        3000,
        True,
    )
    assert data["items"][-1] == {
        "key": "limit",
        "kind": "limit",
        "value": 3000,
        "about": "39936",
        "names": {"en": "Limit", "de": "Höchstgrenze", "fr": "Limite"},
    }


def test_a_settlement_gives_net_results_and_payments_from_and_to() -> None:
    data = json.loads(call("--json", SETTLEMENT))

    assert (data["hand"], data["ok"]) == (SETTLEMENT, True)
    assert data["net"] == {"E": -616, "S": 752, "W": 302, "N": -438}
    assert {"from": "N", "to": "E", "amount": 52, "keys": ["difference", "east_pays_double"]} in (
        data["payments"]
    )
    assert len(data["payments"]) == 5
    for seat, net in data["net"].items():
        received = sum(p["amount"] for p in data["payments"] if p["to"] == seat)
        assert received - sum(p["amount"] for p in data["payments"] if p["from"] == seat) == net


@pytest.mark.parametrize(
    ("line", "status", "error", "message"),
    [
        (INVALID, 2, "invalid", "14 tiles, need 13: not the caller (no win=)"),
        (NOT_WINNING, 1, "not_winning", "not a Mah-Jongg hand"),
        ("settle=diff winner=N E=1 S=2 W=3", 2, "invalid", "winner"),
    ],
)
def test_json_mode_prints_one_object_for_a_failure_and_exits_with_its_status(
    line: str, status: int, error: str, message: str
) -> None:
    result = run("--json", line)

    assert result.returncode == status
    assert result.stdout.count("\n") == 1
    data = json.loads(result.stdout)
    assert data.keys() == {"hand", "ok", "error", "message"}
    assert (data["hand"], data["ok"], data["error"]) == (line, False, error)
    assert message in data["message"]
    assert data["message"] in result.stderr


# Exit statuses and the table


def test_a_scored_hand_exits_0_with_its_table() -> None:
    result = run(*EAST_WIND_HAND.split())

    assert result.returncode == 0, result.stderr
    assert "Score: 416 (26 × 2^4 = 416)" in result.stdout


def test_a_hand_that_does_not_win_exits_1_with_the_reason_on_stderr() -> None:
    result = run(NOT_WINNING)

    assert (result.returncode, result.stdout) == (1, "")
    assert "not a Mah-Jongg hand" in result.stderr


def test_invalid_input_exits_2_with_the_reason_on_stderr() -> None:
    result = run("1b 2b 3b 4b 5b seat=X round=E")

    assert (result.returncode, result.stdout) == (2, "")
    assert "invalid line:" in result.stderr and "seat" in result.stderr


def test_call_command_raises_command_error_with_the_status() -> None:
    with pytest.raises(CommandError) as not_winning:
        call(NOT_WINNING)
    with pytest.raises(CommandError) as invalid:
        call(INVALID)

    assert not_winning.value.returncode == 1
    assert invalid.value.returncode == 2
    assert "14 tiles, need 13" in str(invalid.value)


def test_the_table_shows_the_arrangement_each_item_and_the_score() -> None:
    table = cells(call(EAST_WIND_HAND))

    assert ["Arrangement: four sets and a pair"] in table
    assert ["pung", "[EwEwEw]", "(open)"] in table
    assert ["chow", "123b"] in table
    assert ["pair", "55b", "(winning tile)"] in table
    assert ["Item", "About", "Points", "Doublings"] in table
    assert ["Open pung of honours", "[EwEwEw]", "4"] in table
    assert ["Mah-Jongg", "20"] in table
    assert ["Winning tile completes the pair", "55b", "2"] in table
    assert ["Seat-wind pung", "[EwEwEw]", "2"] in table
    assert ["One suit with honours", "2"] in table
    assert ["Points: 26"] in table and ["Doublings: 4"] in table


def test_the_table_puts_points_and_doublings_in_their_own_columns() -> None:
    lines = call(EAST_WIND_HAND).splitlines()
    header = next(line for line in lines if line.startswith("Item"))
    points_end = header.index("Points") + len("Points")

    mahjongg = next(line for line in lines if line.startswith("Mah-Jongg "))
    seat_wind = next(line for line in lines if line.startswith("Seat-wind pung"))
    assert len(mahjongg) == points_end  # right-aligned under Points
    assert len(seat_wind) == len(header)  # under Doublings


def test_the_table_names_the_limit() -> None:
    out = call(CAPPED_HAND)

    assert ["Limit"] in cells(out)
    assert "Score: 3000, the limit (78 × 2^9 = 39936)" in out


def test_seven_pairs_scores_3000_and_shows_its_pairs() -> None:
    table = cells(call(SEVEN_PAIRS))

    assert ["Arrangement: seven pairs"] in table
    assert ["pair", "RdRd"] in table
    assert ["Seven pairs"] in table
    assert ["Score: 3000 (seven pairs)"] in table


def test_seven_pairs_under_a_lower_limit_says_the_limit() -> None:
    table = cells(call(f"{SEVEN_PAIRS} limit=2000"))

    assert ["Limit"] in table
    assert ["Score: 2000, the limit"] in table


def test_a_limit_hand_scores_the_limit() -> None:
    table = cells(call("1112345678999c 5c seat=S round=E win=5c by=wall limit=6000"))

    assert ["Nine gates"] in table
    assert ["Score: 6000, the limit"] in table


def test_pairs_all_on_the_line_scores_a_non_callers_pairs() -> None:
    line = "[RdRdRd] 2b 3b 4b 6c 7c 9c 9c SwSw Nw seat=E round=E pairs=all"
    data = json.loads(call("--json", line))

    assert (data["score"], data["pairs"]) == (12, "all")
    assert {"key": "unfinished_wind_pair", "value": 2, "about": "SwSw"} in [
        {name: item[name] for name in ("key", "value", "about")} for item in data["items"]
    ]
    assert data["canonical"].endswith("pairs=all")
    assert ["pair", "SwSw"] in cells(call(line))
    without = json.loads(call("--json", line.replace(" pairs=all", "")))
    assert (without["score"], without["pairs"]) == (8, "caller")


def test_a_hand_that_is_not_the_callers_shows_loose_tiles_and_bonus_tiles() -> None:
    table = cells(call(NOT_CALLER))

    assert ["Arrangement: not the caller (the pungs in the hand, the rest loose)"] in table
    assert ["loose", "29b 1c Rd"] in table
    assert ["bonus", "F4 S1"] in table
    assert ["Bonus tile", "F4 S1", "8"] in table
    assert ["Own flower", "F4", "1"] in table
    assert ["Score: 192 (24 × 2^3 = 192)"] in table


def test_the_table_uses_the_readers_language_for_the_items() -> None:
    with translation.override("de"):
        table = cells(call(EAST_WIND_HAND))

    assert ["Platzwindpon", "[EwEwEw]", "2"] in table
    assert ["Eine Grundfarbe mit Drachen und Winden", "2"] in table


def test_a_settlement_prints_each_payment_and_the_net_results() -> None:
    out = call(SETTLEMENT)
    table = cells(out)

    assert ["From", "To", "Amount", "Why"] in table
    assert ["N", "E", "52", "difference, dealer pays or receives double"] in table
    assert ["N", "W", "118", "difference"] in table
    assert ["E", "S", "484", "difference, dealer pays or receives double"] in table
    assert out.rstrip().endswith("Net: E=-616 S=+752 W=+302 N=-438")


def test_a_full_value_settlement_says_so() -> None:
    table = cells(call("settle=full winner=W E=38 S=280 W=130 N=12"))

    assert ["S", "W", "130", "full value"] in table
    assert ["Net: E=-692 S=+622 W=+520 N=-450"] in table


# The default game


def test_without_game_the_command_still_scores_mhing() -> None:
    out = io.StringIO()
    call_command("score_hand", "--json", "567b 567b 678b 789b 99b", stdout=out)

    assert json.loads(out.getvalue())["credits"] == 17
    with pytest.raises(CommandError) as mahjongg_line:
        call_command("score_hand", EAST_WIND_HAND, stdout=io.StringIO())
    assert mahjongg_line.value.returncode == 2


def test_an_unknown_game_is_a_usage_error() -> None:
    result = score_hand_run("--game", "riichi", "123b")

    assert result.returncode == 2
    assert "invalid choice: 'riichi'" in result.stderr
