"""`python -m benchmarks.scoring --game mahjongg`: its corpus is sound and its report prints; the
figures themselves are not tested (they depend on the machine)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from benchmarks.scoring_mahjongg import CLASSES, build_corpus, run
from scoring.mahjongg import ArrangementKind, parse_hand, score_hand

REPO = Path(__file__).resolve().parents[2]


def test_every_generated_line_is_valid_and_every_callers_hand_wins() -> None:
    for bench_hand in build_corpus(60, seed=7):
        hand = parse_hand(bench_hand.text)
        score = score_hand(hand)
        assert hand.is_caller == (bench_hand.label != "others")
        assert score.total >= 0


def test_the_corpus_has_its_classes_kans_bonus_tiles_and_special_hands() -> None:
    corpus = build_corpus(60, seed=7)
    assert Counter(h.label for h in corpus) == {label: 60 for label in CLASSES}
    hands = [(h.label, parse_hand(h.text)) for h in corpus]
    assert all(hand.kans for label, hand in hands if label == "callers, kans")
    assert any(hand.kans for label, hand in hands if label == "others")
    assert sum(1 for _label, hand in hands if hand.bonus) > len(hands) // 3
    kinds = {score_hand(hand).arrangement.kind for label, hand in hands if label == "callers"}
    assert ArrangementKind.SEVEN_PAIRS in kinds


def test_the_same_seed_gives_the_same_corpus() -> None:
    assert build_corpus(20, seed=3) == build_corpus(20, seed=3)
    assert build_corpus(20, seed=3) != build_corpus(20, seed=4)


@pytest.mark.bench
def test_the_report_names_its_figures_and_the_target() -> None:
    lines: list[str] = []
    run(20, seed=1, out=lines.append)
    report = "\n".join(lines)
    assert "hands/s" in report and "p99 ms" in report
    for label in CLASSES:
        assert f"  {label} " in report
    assert "hands that failed to score: 0" in report
    assert "garbage collector:" in report
    assert "The same lines to their JSON answer" in report
    assert "by the wall clock" in report and "by CPU time" in report
    assert "p99 <= 1 ms a hand, wall clock:" in report
    assert "p99 <= 1 ms a hand, CPU time:" in report
    assert report.count("PASS") + report.count("MISS") == 2


@pytest.mark.bench
def test_scoring_bench_runs_it_with_game_mahjongg_imports_no_django_and_exits_0() -> None:
    code = (
        "import sys; from benchmarks.scoring import main; "
        "status = main(['--game', 'mahjongg', '--hands', '5']); "
        "loaded = [m for m in sys.modules if m == 'django' or m.startswith('django.')]; "
        "assert not loaded, loaded; sys.exit(status)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=300
    )

    assert result.returncode == 0, result.stderr
    assert "Mah-Jongg scoring benchmark: 5 hands per class" in result.stdout
    assert "Mhing" not in result.stdout and "Peer" not in result.stdout
