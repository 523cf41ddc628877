"""The benchmark's corpus is sound and its report prints; the figures themselves are not
tested (they depend on the machine)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from benchmarks.scoring import CLASSES, build_corpus
from benchmarks.scoring_batch import batch_corpus
from benchmarks.scoring_peer import peer_tiles
from scoring.mhing import parse_hand, score_hand

REPO = Path(__file__).resolve().parents[2]


def test_every_generated_hand_is_valid_and_winning() -> None:
    corpus = build_corpus(40, seed=7)

    for bench_hand in corpus:
        bench_hand.hand.validate()
        score = score_hand(bench_hand.hand)
        assert score.credits >= 0
        assert parse_hand(bench_hand.text) == bench_hand.hand


def test_each_class_has_its_number_of_hands_and_of_jokers() -> None:
    corpus = build_corpus(40, seed=7)

    assert Counter(h.label for h in corpus) == {label: 40 for label, _ in CLASSES}
    for label, joker_counts in CLASSES:
        in_class = [h for h in corpus if h.label == label]
        assert {h.hand.total_jokers for h in in_class} <= set(joker_counts)
        assert all(h.hand.total_jokers == h.jokers for h in in_class)
    assert {h.jokers for h in corpus} == {0, 1, 2, 3, 4, 5, 6}


def test_hands_have_exposed_sets_and_flowers_sometimes() -> None:
    corpus = build_corpus(40, seed=7)

    assert any(h.hand.exposed for h in corpus)
    assert any(not h.hand.exposed for h in corpus)
    assert {h.hand.flowers for h in corpus} == {0, 1, 2}
    assert any(s.jokers for h in corpus for s in h.hand.exposed)


def test_the_corpus_depends_only_on_the_seed() -> None:
    assert build_corpus(10, seed=3) == build_corpus(10, seed=3)
    assert build_corpus(10, seed=3) != build_corpus(10, seed=4)


def test_the_peer_gets_bamboo_as_sou_circles_as_pin_characters_as_man() -> None:
    hand = parse_hand("123b 456c 789k [Ew Ew Ew] Rd Rd F")

    assert peer_tiles(hand) == {"sou": "123", "pin": "456", "man": "789", "honors": "11177"}
    # The peer's honours 5-7 are the white, green and red dragons.
    assert peer_tiles(parse_hand("111222333b 44b GdGdGd"))["honors"] == "666"
    assert peer_tiles(parse_hand("111222333b 44b WdWdWd"))["honors"] == "555"


def test_the_batch_corpus_is_jokerless_winning_hands_in_notation() -> None:
    corpus = batch_corpus(30, seed=7)

    assert len(corpus) == 30
    assert all(h.jokers == 0 and h.hand.total_jokers == 0 for h in corpus)
    for bench_hand in corpus:
        assert parse_hand(bench_hand.text) == bench_hand.hand
        score_hand(bench_hand.text)
    assert [h.text for h in batch_corpus(30, seed=7)] == [h.text for h in corpus]


@pytest.mark.bench
def test_it_prints_the_report_and_exits_0() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks.scoring",
            "--hands",
            "20",
            "--batch-hands",
            "30",
            "--batch-rounds",
            "1",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )

    assert result.returncode == 0, result.stderr
    out = result.stdout
    for label, _ in CLASSES:
        assert f"  {label} " in out
    for jokers in range(7):
        assert f"  {jokers} joker" in out
    assert "worst hand:" in out
    assert "garbage collector:" in out
    assert "Peer: mahjong" in out
    assert "ours / peer, hands per second:" in out
    assert "Batch scoring, end to end: manage.py score_hand - on 30 random jokerless" in out
    assert "score_hand -, hands/s, start excluded" in out
    assert "peer in-process, the same hands, hands/s" in out
    assert "score_hand - hands/s >= 2x peer:" in out
    assert out.count("PASS") + out.count("MISS") == 4


@pytest.mark.bench
def test_it_imports_no_django() -> None:
    code = (
        "import sys; from benchmarks.scoring import main; "
        "main(['--hands', '3', '--batch-hands', '10', '--batch-rounds', '1']); "
        "loaded = [m for m in sys.modules if m == 'django' or m.startswith('django.')]; "
        "assert not loaded, loaded"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=300
    )

    assert result.returncode == 0, result.stderr
