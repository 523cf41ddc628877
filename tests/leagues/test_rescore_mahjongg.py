"""`manage.py rescore_mahjongg`: games stored under the rule book's old readings scored again
under the corrected one (MAHJONGG.md "Changes", 2026-11-28), each match under its own
profile; one history entry per changed game, balances, places, standings and ratings
rebuilt; a game no table could hold reported and kept (leagues.models.mahjongg_rescore)."""

from __future__ import annotations

from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from leagues.models import League, MahjonggGame, Match, PlayerRating, RoundChange
from leagues.models.mahjongg_game import record_game
from leagues.models.match_end import abandon_match
from leagues.models.standing import refresh_standings
from scoring.mahjongg import Wind, settle
from scoring.mahjongg.match import GameEntry
from scoring.mahjongg.profile import Profile

from .mahjongg_fixtures import DRAGONS, OTHER2, PLAIN, mj_league

__all__ = ["mj_league"]

pytestmark = pytest.mark.django_db

# Pia (East) calls with a pair of South wind, neither her seat nor the round wind: the old
# reading gave that pair 0 (24 x 2 = 48), the corrected book 2 (26 x 2 = 52).
WIND_PAIR = "123b 456b 789k 345c SwSw win=4c by=wall"
# Then Quentin (South) calls for 56, the same under both readings.
QUENTIN = "[GdGdGd] 567c 789k 123k 99c win=9c by=wall"
FIRST = GameEntry(0, (WIND_PAIR, DRAGONS, PLAIN, OTHER2))
SECOND = GameEntry(1, (PLAIN, QUENTIN, DRAGONS, OTHER2))
DRAW = GameEntry(None, ("", "", "", ""))


def run(*args: str) -> tuple[str, str, int]:
    out, err = StringIO(), StringIO()
    try:
        call_command("rescore_mahjongg", *args, stdout=out, stderr=err)
    except CommandError as error:
        return out.getvalue(), err.getvalue() + str(error), error.returncode
    return out.getvalue(), err.getvalue(), 0


def as_the_old_book_stored(match: Match, number: int, scores: list[int]) -> None:
    """What the app stored before 2026-11-28 for game `number` scoring `scores`: its payments,
    every later balance, the seats' totals and places, the standings and the ratings."""
    games = list(match.mj_games.order_by("number"))
    game = games[number - 1]
    seats = [Wind(["E", "S", "W", "N"].index(code)) for code in game.winds]
    paid = settle(dict(zip(seats, scores, strict=True)), seats[game.caller], dealer=Wind.EAST)
    shift = [paid.net[seat] - net for seat, net in zip(seats, game.net, strict=True)]
    game.scores, game.net = scores, [paid.net[seat] for seat in seats]
    game.best = scores[game.caller]
    for later in games[number - 1 :]:
        later.balance = [b + s for b, s in zip(later.balance, shift, strict=True)]
    MahjonggGame.objects.bulk_update(games, ["scores", "net", "balance", "best"])
    totals = games[-1].balance
    for seat in match.seats.all():
        seat.total = totals[seat.position]
        seat.place = 1 + sum(other > seat.total for other in totals)
        seat.save(update_fields=["total", "place"])
    refresh_standings(match.league_id, [s.player_id for s in match.seats.all()], match.season_id)
    match.league.rerate()


@pytest.fixture
def finished(mj_league, players, organiser) -> Match:
    """A finished match of the Dragon Club (16 games) stored as the old book scored it."""
    match = Match.begin(mj_league, players, played_on=date(2026, 10, 1), by=organiser)
    for entry in (FIRST, SECOND, *[DRAW] * 14):
        record_game(match, entry, by=organiser)
    assert match.is_finished
    as_the_old_book_stored(match, 1, [48, 8, 0, 10])
    return match


def rescores(match: Match):
    """The history's entries that are not the games' entry (every game was added once)."""
    return RoundChange.objects.filter(match=match).exclude(action=RoundChange.Action.ADDED)


def totals(match: Match) -> list[int]:
    return list(match.seats.order_by("position").values_list("total", flat=True))


def rating(league: League, player) -> float:
    return PlayerRating.objects.get(league=league, player=player, season=None).ordinal


def test_the_old_book_put_quentin_first(finished, players):
    assert totals(finished) == [104, 132, -148, -88]
    assert rating(finished.league, players[1]) > rating(finished.league, players[0])


def test_a_wind_pair_game_is_rescored_and_says_what_changed(finished, players):
    out, err, status = run()
    assert status == 0, err
    assert out.splitlines() == [
        f"dragons, match of 2026-10-01 (#{finished.pk}), game 1: Pia 48 → 52",
        "Games rescored: 1 of 16 (matches read: 1).",
    ]
    first = finished.mj_games.get(number=1)
    assert first.scores == [52, 8, 0, 10] and first.best == 52
    assert totals(finished) == [128, 124, -156, -96]
    assert list(finished.seats.order_by("position").values_list("place", flat=True)) == [
        1,
        2,
        4,
        3,
    ]


def test_one_history_entry_per_changed_game_shown_on_the_match_page(finished, organiser_client):
    run()
    (change,) = rescores(finished)
    assert (change.number, change.action, change.by) == (1, RoundChange.Action.EDITED, None)
    assert change.before["scores"] == [48, 8, 0, 10]
    assert change.after["rescored"] == {"book": "2026-11-28", "before": [48, 8, 0, 10]}
    page = organiser_client.get(finished.get_absolute_url()).content.decode()
    assert "rescored by the rule book of 2026-11-28: Pia 48 → 52" in page


def test_standings_and_ratings_are_rebuilt(finished, players):
    run()
    # The standings' kept figures are in step with the new balances (else exit status 1).
    call_command("rebuild_standings", "dragons", "--check", stdout=StringIO())
    # Pia is first now, and the ratings say so.
    assert rating(finished.league, players[0]) > rating(finished.league, players[1])


def test_a_second_run_changes_nothing(finished):
    run()
    out, _err, status = run()
    assert status == 0 and out.splitlines() == ["Games rescored: 0 of 16 (matches read: 1)."]
    assert rescores(finished).count() == 1


def test_a_dry_run_lists_and_writes_nothing(finished):
    out, _err, status = run("--dry-run")
    assert status == 0
    assert out.splitlines()[-1] == (
        "Dry run, nothing written. Games that would change: 1 of 16 (matches read: 1)."
    )
    assert "game 1: Pia 48 → 52" in out
    assert totals(finished) == [104, 132, -148, -88]
    assert not rescores(finished).exists()


def test_seven_pairs_under_a_raised_limit_comes_down_to_3000(mj_league, players, organiser):
    mj_league.mahjongg_profile = Profile(limit=6000).to_dict()
    mj_league.save()
    match = Match.begin(mj_league, players, by=organiser)
    seven_pairs = "33b 44b 66c 99c 22k EwEw WdWd win=Ew by=wall"
    record_game(match, GameEntry(0, (seven_pairs, DRAGONS, PLAIN, OTHER2)), by=organiser)
    as_the_old_book_stored(match, 1, [6000, 8, 0, 10])
    out, _err, status = run("dragons")
    assert status == 0 and "game 1: Pia 6000 → 3000" in out
    assert match.mj_games.get().scores == [3000, 8, 0, 10]


def test_an_impossible_stored_game_is_reported_and_kept(mj_league, players, organiser, finished):
    other = Match.begin(mj_league, players, played_on=date(2026, 10, 8), by=organiser)
    record_game(other, FIRST, by=organiser)
    # Stored before games were checked as a whole: a red dragon pon in three hands.
    impossible = [
        "[RdRdRd] 123b 456b 789b 55k win=5k by=wall",
        "[RdRdRd] 2c 3c 4c 6c 7c 9c 9c Ew Sw Nw",
        PLAIN,
        "[RdRdRd] 1c 5c 8c 4k 6k 1b 9b Wd Wd Nw",
    ]
    MahjonggGame.objects.filter(match=other, number=1).update(hands=impossible)
    out, err, status = run()
    assert status == 1
    assert (
        f"dragons, match of 2026-10-08 (#{other.pk}), game 1 cannot be: Nine red dragons in "
        "this game's hands: one set at a table has four of each tile. Check the tiles of "
        "Pia, Quentin, Sven."
    ) in err
    assert "Games that cannot be: 1." in err
    assert other.mj_games.get().hands == impossible  # kept, not deleted
    # The other match was still rescored.
    assert "game 1: Pia 48 → 52" in out and totals(finished) == [128, 124, -156, -96]


def test_an_unknown_league_is_refused(mj_league):
    _out, err, status = run("nowhere")
    assert status == 2 and "no Mah-Jongg league with the short name 'nowhere'" in err


def test_an_abandoned_match_is_rescored_and_stays_abandoned(mj_league, players, organiser):
    match = Match.begin(mj_league, players, played_on=date(2026, 10, 1), by=organiser)
    record_game(match, FIRST, by=organiser)
    as_the_old_book_stored(match, 1, [48, 8, 0, 10])
    match.refresh_from_db()
    abandon_match(match, organiser, expected_version=match.version)
    out, _err, status = run()
    assert status == 0 and "game 1: Pia 48 → 52" in out
    match.refresh_from_db()
    assert match.status == Match.Status.ABANDONED
    assert match.mj_games.get().scores == [52, 8, 0, 10]
