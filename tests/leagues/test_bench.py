"""The league benchmark's builder makes a league that recording the rounds one by one would
have made; its report prints. The timings themselves are not tested (they depend on the
machine)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from benchmarks.league import TARGET_POINTS, build_league, scored_corpus
from leagues.models import Match, PlayerRating, Round, Seat, WinningHand
from leagues.standings.table import Standings
from scoring.mhing import score_hand
from scoring.mhing.match_scoring import dealer_for_round

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def built(db):
    return build_league(players=9, rounds=120, seed=5)


def test_it_builds_exactly_the_rounds_asked_for_over_matches_of_four(built):
    league = built.league

    assert league.players.count() == 9
    assert Round.objects.filter(match__league=league).count() == 120 == built.rounds
    assert Match.objects.filter(league=league).count() == built.matches > 1
    seats = Counter(Seat.objects.filter(match__league=league).values_list("match_id", flat=True))
    assert set(seats.values()) == {4}


def test_every_match_agrees_with_replaying_its_rounds(built):
    """Match.tally() replays the rounds by the rules (RULES.md §6): the bulk-created seats,
    places and statuses must be what it finds."""
    matches = Match.objects.filter(league=built.league).prefetch_related("seats")
    for match in matches:
        tally = match.tally()
        seats = sorted(match.seats.all(), key=lambda seat: seat.position)
        assert [seat.total for seat in seats] == list(tally.totals)
        assert [seat.place for seat in seats] == list(tally.placings())
        assert match.is_finished == tally.finished
        assert match.game_rules.target == TARGET_POINTS
    # Only the last match may still be running: the rounds ran out.
    running = [m for m in matches.order_by("pk") if not m.is_finished]
    assert running in ([], [matches.order_by("pk").last()])


def test_rounds_have_dealers_numbers_and_winners_as_recorded_ones_do(built):
    rounds = Round.objects.filter(match__league=built.league).select_related("match")
    seated = {
        (seat.match_id, seat.position): seat.player_id
        for seat in Seat.objects.filter(match__league=built.league)
    }
    by_match = Counter()
    for round_ in rounds.order_by("match_id", "number"):
        by_match[round_.match_id] += 1
        assert round_.number == by_match[round_.match_id]
        dealer = dealer_for_round(round_.match.first_dealer, round_.number, 4)
        assert round_.dealer_id == seated[(round_.match_id, dealer)]
        players = {seated[(round_.match_id, p)] for p in range(4)}
        if round_.is_draw:
            assert round_.winner_id is None and round_.discarder_id is None
        else:
            assert round_.winner_id in players
            assert round_.discarder_id in players | {None}
            assert round_.discarder_id != round_.winner_id
            assert (round_.win_type == "discard") == (round_.discarder_id is not None)
    assert rounds.filter(outcome="draw").exists()
    assert rounds.filter(win_type="discard").exists()
    assert rounds.filter(win_type="self_draw").exists()


def test_winning_hands_are_the_engines_scores_of_real_hands(built):
    hands = WinningHand.objects.filter(round__match__league=built.league)

    assert hands.count() == Round.objects.filter(outcome="won").count() == built.hands
    for hand in hands[:40]:
        score = score_hand(hand.hand)
        assert (hand.credits, hand.points) == (score.credits, score.points)
        assert sum(line["total"] for line in hand.breakdown) == hand.credits
    assert len({hand.points for hand in hands}) > 3


def test_every_player_of_a_finished_match_is_rated(built):
    finished = Seat.objects.filter(match__league=built.league, match__status="finished")
    rated = set(PlayerRating.objects.filter(league=built.league).values_list("player", flat=True))

    assert rated == set(finished.values_list("player_id", flat=True))


def test_its_league_has_the_standings_page_s_figures(built):
    rows = Standings(built.league).rows

    assert len(rows) == 9
    assert sum(row.rounds_won for row in rows) == built.hands
    assert sum(row.played for row in rows) == 4 * built.matches


def test_the_corpus_is_seeded():
    assert scored_corpus(3, per_class=2) == scored_corpus(3, per_class=2)
    assert scored_corpus(3, per_class=2) != scored_corpus(4, per_class=2)


@pytest.mark.bench
def test_it_prints_the_report_and_exits_0():
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.league", "--players", "6", "--rounds", "30"]
        + ["--repeat", "1"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "HOME": str(Path.home())},
    )

    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("SQLite ")
    assert "league: 6 players, " in out and " 30 rounds" in out
    assert re.search(r"league home, \d+ queries, timed 1x: median [\d.]+ ms", out)
    assert "standings fragment (htmx sort): median " in out
    assert out.count("PASS") + out.count("MISS") == 1
    assert "PostgreSQL: not measured" in out
