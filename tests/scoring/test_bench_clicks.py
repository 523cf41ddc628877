"""The tap benchmark replays what picker.js asks and prints its report; the figures
themselves are not tested (they depend on the machine)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from benchmarks.clicks import TAPS, tap_urls

REPO = Path(__file__).resolve().parents[2]


def bench(*args: str) -> subprocess.CompletedProcess:
    """`python -m benchmarks.clicks ARGS` as a user runs it, from the repository."""
    return subprocess.run(
        [sys.executable, "-m", "benchmarks.clicks", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_it_asks_for_the_hand_after_each_of_the_14_taps() -> None:
    urls = tap_urls("/calculator/", (("version", "3"),))

    hands = [parse_qs(urlsplit(url).query)["hand"][0] for url in urls]
    assert len(urls) == len(TAPS) == 14
    assert hands[0] == "5b"
    assert hands[-1] == "55666777788999b"
    assert all(parse_qs(urlsplit(url).query)["version"] == ["3"] for url in urls)


@pytest.mark.bench
def test_it_prints_the_report_and_exits_0() -> None:
    result = bench("--repeat", "1")

    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "calculator, picker.js asks for the score (ASGI)" in out
    assert "round form, picker.js asks for the preview (ASGI)" in out
    assert "the whole page" in out
    assert out.count("server time per tap") == 6
    assert out.count("targets:") == 2
    assert "answer <= 12 KB: PASS" in out  # sizes do not depend on the machine
    assert "static files: indexed once at start-up, as deployed" in out
    assert "(load average " in out


def test_the_mahjongg_replay_builds_a_callers_hand_in_14_taps() -> None:
    from benchmarks.clicks_mahjongg import calculator_asks, game_form_asks

    asks = calculator_asks()
    lines = [parse_qs(urlsplit(ask.url).query).get("hand", [""])[0] for ask in asks]
    assert len(asks) == 14 and lines[0] == ""
    assert lines[-1] == "55k [123b] [9999c] [RdRdRd] {EwEwEwEw} F1 S2 seat=S round=W win=5k by=kan"
    form = game_form_asks("/form/", 1)
    assert len(form) == 14 and all(ask.data["caller"] == "0" for ask in form)
    assert [ask.data.get("player") for ask in form[5:7]] == ["1", "0"]  # the winds' places
    assert form[-1].data["hand0"] == "55k [123b] [9999c] [RdRdRd] {EwEwEwEw} F1 S2 win=5k by=kan"


@pytest.mark.bench
def test_the_mahjongg_replay_prints_its_report_and_exits_0() -> None:
    result = bench("--game", "mahjongg", "--repeat", "1", "--static-autorefresh")

    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Mah-Jongg calculator, htmx tap (ASGI)" in out
    assert "Mah-Jongg game form, htmx tap (ASGI)" in out
    assert out.count("concealed kan Ew") == 2 and "p99" in out
    assert out.count("answer <= 12 KB: PASS") == 2  # sizes do not depend on the machine
    assert "static files: as in development" in out


@pytest.mark.bench
def test_the_mahjongg_replay_runs_on_one_page_when_asked() -> None:
    # What the instruction count in docs/benchmarks.md runs: the game form's taps alone.
    result = bench("--game", "mahjongg", "--repeat", "1", "--page", "game-form")

    assert result.returncode == 0, result.stderr
    assert "Mah-Jongg game form, htmx tap (ASGI)" in result.stdout
    assert "Mah-Jongg calculator" not in result.stdout
    assert result.stdout.count("targets:") == 1


def test_page_is_refused_for_the_mhing_replay() -> None:
    result = bench("--page", "calculator")

    assert result.returncode == 2
    assert "--page is for --game mahjongg" in result.stderr
