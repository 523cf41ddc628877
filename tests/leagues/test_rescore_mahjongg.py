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
from django.urls import reverse

from leagues.models import League, MahjonggGame, Match, PlayerRating, RoundChange
from leagues.models.mahjongg_entry import record_game, undo_last_game
from leagues.models.match_end import abandon_match
from leagues.models.rating import rerate
from leagues.models.standing import refresh_standings
from scoring.mahjongg import Wind, settle
from scoring.mahjongg.match import GameEntry, replay
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
# Stored by the old release, which checked each hand alone: every line is a sound hand, but
# together they hold six 9 of circles and nine red dragons (MAHJONGG.md §1.1).
IMPOSSIBLE = (
    "[RdRdRd] 1k 2k 4k 9c 9c Ew Sw Ww Nw Wd",
    QUENTIN,
    DRAGONS,
    "[RdRdRd] 11b 45b 2k 3k 7k 8k Nw Wd",
)


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
    rerate(match.league)


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
    mj_league.rules = Profile(limit=6000).to_dict()
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


@pytest.fixture
def blocked(mj_league, players, organiser) -> Match:
    """Three games stored by the old release: game 1 as the old book scored it (Pia 48),
    game 2 no table could hold (Quentin called, 56; payments -148, 206, -34, -24), game 3
    Quentin's again."""
    match = Match.begin(mj_league, players, played_on=date(2026, 10, 1), by=organiser)
    for entry in (FIRST, SECOND, SECOND):
        record_game(match, entry, by=organiser)
    as_the_old_book_stored(match, 1, [48, 8, 0, 10])
    MahjonggGame.objects.filter(match=match, number=2).update(hands=list(IMPOSSIBLE))
    return match


def kept(match: Match) -> tuple:
    game = match.mj_games.get(number=2)
    return game.hands, game.scores, game.net


def test_an_impossible_game_is_reported_and_the_rest_of_its_match_rescored(blocked):
    out, err, status = run()
    assert status == 1
    assert out.splitlines() == [
        f"dragons, match of 2026-10-01 (#{blocked.pk}), game 1: Pia 48 → 52",
        "Games rescored: 1 of 3 (matches read: 1).",
    ]
    # Every tile it holds too many of, in one line: one correction mends it.
    assert (
        f"dragons, match of 2026-10-01 (#{blocked.pk}), game 2 cannot be: Six 9s of circles "
        "and nine red dragons in this game's hands: one set at a table has four of each "
        "tile. Check the tiles of Pia, Quentin, Rosa, Sven."
    ) in err.splitlines()
    assert "Games that cannot be: 1." in err
    # Game 2 is left as it was stored: its tiles, its scores, its payments.
    assert kept(blocked) == (list(IMPOSSIBLE), [0, 56, 8, 10], [-148, 206, -34, -24])
    # The totals: game 1 as rescored, game 2's stored payments, game 3 as before.
    games = list(blocked.mj_games.order_by("number"))
    assert [game.net for game in games][0] == [276, -82, -122, -72]
    assert (
        totals(blocked)
        == games[-1].balance
        == [sum(game.net[seat] for game in games) for seat in range(4)]
    )
    assert games[1].balance == [128, 124, -156, -96]
    call_command("rebuild_standings", "dragons", "--check", stdout=StringIO())


def test_the_dry_run_lists_what_would_change_beside_an_impossible_game(blocked):
    out, err, status = run("--dry-run")
    assert status == 1
    assert out.splitlines() == [
        f"dragons, match of 2026-10-01 (#{blocked.pk}), game 1: Pia 48 → 52",
        "Dry run, nothing written. Games that would change: 1 of 3 (matches read: 1).",
    ]
    assert f"(#{blocked.pk}), game 2 cannot be: Six 9s of circles" in err
    assert blocked.mj_games.get(number=1).scores == [48, 8, 0, 10]
    assert not rescores(blocked).exists()


def test_a_second_run_reports_the_impossible_game_again_and_changes_nothing(blocked):
    run()
    out, err, status = run()
    assert status == 1 and "game 2 cannot be" in err
    assert out.splitlines() == ["Games rescored: 0 of 3 (matches read: 1)."]
    assert rescores(blocked).count() == 1


def test_the_old_demos_two_impossible_games_are_both_reported(db):
    call_command("load_demo", stdout=StringIO())
    jade = League.objects.get(slug="jade-dragon")
    first, second = jade.matches.order_by("played_on")
    # The hands the release before 2026-11-28 loaded (leagues/demo.py then): a fifth 9 of
    # characters, and a fifth north wind.
    old = {
        (first, 4, 0): "[RdRdRd] 345b 66b 7c 8c 9k 1k Ww",
        (second, 2, 2): "[777k] 12c 34c 66b Rd Rd Ww Nw",
    }
    for (match, number, seat), hand in old.items():
        game = match.mj_games.get(number=number)
        game.hands[seat] = hand
        game.save(update_fields=["hands"])
    out, err, status = run("jade-dragon")
    assert status == 1
    assert err.splitlines()[:2] == [
        f"jade-dragon, match of 2026-11-05 (#{first.pk}), game 4 cannot be: Five 9s of "
        "characters in this game's hands: one set at a table has four of each tile. Check "
        "the tiles of Anna Bäcker, Bruno Costa, Chloé Martin.",
        f"jade-dragon, match of 2026-11-19 (#{second.pk}), game 2 cannot be: Five North "
        "winds in this game's hands: one set at a table has four of each tile. Check the "
        "tiles of Finn O'Neill, Grete Sørensen, Hiroshi Tanaka.",
    ]
    assert "Games that cannot be: 2." in err
    assert out.splitlines()[-1] == "Games rescored: 0 of 6 (matches read: 2)."


def test_correcting_the_impossible_game_rescores_its_neighbour_in_the_books_name(
    blocked, organiser_client
):
    """The organiser corrects game 2 before the rescore was run: game 1, which the
    correction's replay scores by the book now, gets the book's history line, by nobody;
    the organiser's name is on game 2's correction only."""
    url = reverse("leagues:mj_game_edit", args=["dragons", blocked.pk, 2])
    version = organiser_client.get(url).context["form"].initial["version"]
    hands = {f"hand{n}": hand for n, hand in enumerate(SECOND.hands)}
    response = organiser_client.post(
        url, {"caller": "1", "version": version, "action": "save", **hands}
    )
    assert response.status_code == 302
    changes = {(c.number, c.by.username if c.by else None) for c in rescores(blocked)}
    assert changes == {(1, None), (2, "olga")}
    page = organiser_client.get(blocked.get_absolute_url()).content.decode()
    assert "rescored by the rule book of 2026-11-28: Pia 48 → 52" in page
    assert blocked.mj_games.get(number=1).scores == [52, 8, 0, 10]
    out, _err, status = run()
    assert status == 0 and out.splitlines() == ["Games rescored: 0 of 3 (matches read: 1)."]


@pytest.mark.parametrize("edit", ["add", "undo"])
def test_an_edit_before_the_rescore_gives_the_older_games_the_books_line(
    mj_league, players, organiser, organiser_client, edit
):
    """Adding or undoing a game replays the match: game 1, stored under the old reading,
    is rescored then, in the book's name, before the organiser's own change."""
    match = Match.begin(mj_league, players, played_on=date(2026, 10, 1), by=organiser)
    record_game(match, FIRST, by=organiser)
    record_game(match, SECOND, by=organiser)
    as_the_old_book_stored(match, 1, [48, 8, 0, 10])
    match.refresh_from_db()
    if edit == "add":
        record_game(match, SECOND, by=organiser, expected_version=match.version)
    else:
        undo_last_game(match, by=organiser, expected_version=match.version)
    (change,) = rescores(match).filter(number=1)
    assert change.by is None and change.after["rescored"]["before"] == [48, 8, 0, 10]
    page = organiser_client.get(match.get_absolute_url()).content.decode()
    assert "rescored by the rule book of 2026-11-28: Pia 48 → 52" in page
    out, _err, status = run()
    assert status == 0 and out.splitlines()[-1].startswith("Games rescored: 0 of ")


def test_the_match_page_of_a_match_with_an_impossible_game_says_which(blocked, organiser_client):
    """The command sends the organiser to the match page: it shows, naming the game and its
    tiles, and the next game's winds follow the games as stored."""
    response = organiser_client.get(blocked.get_absolute_url())
    assert response.status_code == 200
    page = response.content.decode()
    assert (
        "Game 2 cannot be: Six 9s of circles and nine red dragons in this game&#x27;s hands: "
        "one set at a table has four of each tile. Check the tiles of Pia, Quentin, Rosa, "
        "Sven." in page
    )
    # Who called each game sets the winds, whatever the tiles: as if game 2 were sound.
    assert response.context["upcoming"] == replay(Profile(), [FIRST, SECOND, SECOND]).next
    blank = organiser_client.get(reverse("leagues:blank_sheet", args=["dragons", blocked.pk]))
    assert blank.status_code == 200
    # "Enter a game" sends the organiser back to correct it first: every save would fail.
    new = reverse("leagues:mj_game_new", args=["dragons", blocked.pk])
    response = organiser_client.get(new, follow=True)
    assert response.redirect_chain == [(blocked.get_absolute_url(), 302)]
    assert (
        "Game 2 cannot be: correct it before entering the next game." in response.content.decode()
    )
