"""Seasons of a league (docs/seasons.md): one current season always, a new one started by an
organiser, the old one archived and read-only in the model layer, and the standings, ratings,
pages and downloads per season and all time."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import date, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from leagues.errors import SeasonArchived
from leagues.models import League, LeagueEvent, Match, PlayerRating, Season
from leagues.models.season_change import SeasonNotStarted, start_season
from tests.clubs import shared_club

from .conftest import BIG_HAND, SMALL_HAND, win

# PostgreSQL run: seasons by date; standings sorted by name.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

NEXT = date(2026, 11, 1)  # a past day: a season dated later waits for it


def finished_match(league, players, hand=BIG_HAND):
    """A two-player match ended by one 512-point hand (target 100)."""
    match = Match.begin(league, players[:2], first_dealer=0, rules={"target": 100})
    match.record_round(win(players[0], hand))
    return match


def without_token(html: str) -> str:
    """The page without its random CSRF token, which may happen to contain a score."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


@pytest.fixture
def two_seasons(league, players, organiser):
    """Season 1: Pia wins 512 points; season 2: Quentin wins 4."""
    old_match = finished_match(league, players)
    start_season(league, name="Spring", starts_on=NEXT, by=organiser)
    new_match = Match.begin(league, players[:2], first_dealer=0)
    new_match.record_round(win(players[1], SMALL_HAND))
    return old_match, new_match


class TestEveryLeagueHasACurrentSeason:
    def test_a_league_made_any_way_gets_its_first_season(self):
        league = League.objects.create(
            club=shared_club(), name="Club", slug="club", season_start=date(2026, 9, 1)
        )

        (season,) = league.seasons.all()
        assert (season.number, season.name, season.starts_on) == (
            1,
            "Season 2026/27",  # from July: the club year it runs in
            date(2026, 9, 1),
        )
        assert not season.is_archived

    def test_a_match_goes_into_the_current_season(self, league, players, organiser):
        start_season(league, name="Spring", starts_on=NEXT, by=organiser)

        match = Match.begin(league, players[:2], first_dealer=0)

        assert match.season.name == "Spring"
        assert league.season_start == NEXT  # the league's dates are its current season's

    def test_the_leagues_dates_are_the_current_seasons(self, league):
        league.season_end = date(2026, 12, 20)
        league.save()

        assert league.current_season.ends_on == date(2026, 12, 20)


class TestStartingASeason:
    def url(self, league):
        return reverse("leagues:season_new", args=[league.slug])

    def test_only_organisers_may(self, client, league, member, outsider):
        assert client.get(self.url(league)).status_code == 302  # sign in first
        for person in (member, outsider):
            client.force_login(person)
            assert client.get(self.url(league)).status_code == 403
            response = client.post(
                self.url(league), {"name": "X", "starts_on": "2026-11-01", "confirm": "on"}
            )
            assert response.status_code == 403
        assert league.seasons.count() == 1

    def test_it_asks_for_confirmation(self, organiser_client, league):
        response = organiser_client.post(
            self.url(league), {"name": "Spring", "starts_on": "2026-11-01"}
        )

        assert "Tick the box to confirm." in response.content.decode()
        assert league.seasons.count() == 1

    def test_it_archives_the_current_season_and_logs_it(self, organiser_client, league, organiser):
        response = organiser_client.post(
            self.url(league), {"name": "Spring", "starts_on": "2026-11-01", "confirm": "on"}
        )

        assert response.status_code == 302
        old, new = league.seasons.order_by("number")
        assert old.is_archived and old.ends_on == date(2026, 10, 31)
        assert (new.number, new.name, new.is_archived) == (2, "Spring", False)
        event = LeagueEvent.objects.get(league=league)
        assert event.action == LeagueEvent.Action.SEASON_STARTED
        assert event.by == organiser and event.details["season"] == "Spring"

    def test_it_is_refused_while_a_match_runs_naming_it(self, organiser_client, league, players):
        Match.begin(league, players, first_dealer=0, played_on=date(2026, 10, 3))

        response = organiser_client.post(
            self.url(league), {"name": "Spring", "starts_on": "2026-11-01", "confirm": "on"}
        )

        text = response.content.decode()
        # The date as the pages write it, and the way out.
        assert "still running: Oct. 3, 2026 (Pia, Quentin, Rosa, Sven)" in text
        assert "or abandon those that should not count" in text
        assert league.seasons.count() == 1 and not LeagueEvent.objects.exists()

    def test_a_start_before_the_current_one_is_refused(self, league):
        with pytest.raises(SeasonNotStarted, match="cannot start before"):
            start_season(league, name="Old", starts_on=date(2026, 8, 1))
        with pytest.raises(SeasonNotStarted, match="already has a season"):
            start_season(league, name="season 2026/27", starts_on=NEXT)


class TestArchivedSeasonsAreReadOnly:
    def test_no_round_is_added_corrected_deleted_or_undone(self, league, players, two_seasons):
        old_match, _new = two_seasons
        old_match = Match.objects.get(pk=old_match.pk)
        round_ = old_match.rounds.get()
        refusals = [
            lambda: old_match.record_round(win(players[1])),
            lambda: old_match.correct_round(round_, win(players[1]), None, round_.version),
            lambda: old_match.delete_round(round_, None, round_.version),
            lambda: old_match.undo_last_round(None),
        ]
        for refused in refusals:
            with pytest.raises(SeasonArchived, match="archived: its matches can no longer"):
                refused()
        assert old_match.rounds.get().hand.points == 512

    def test_no_match_is_started_in_it(self, league, players, two_seasons):
        archived = league.seasons.get(number=1)
        with pytest.raises(SeasonArchived):
            Match(league=league, season=archived).save()

    def test_the_round_form_says_what_to_do(self, organiser_client, league, players, two_seasons):
        old_match, _new = two_seasons
        url = reverse("leagues:round_new", args=[league.slug, old_match.pk])

        response = organiser_client.post(
            url,
            {
                "outcome": "won",
                "winner": players[1].pk,
                "win_type": "self_draw",
                "hand": SMALL_HAND,
                "version": Match.objects.get(pk=old_match.pk).version,
            },
        )

        text = response.content.decode()
        assert "is archived: its matches can no longer be changed" in text
        assert old_match.rounds.count() == 1

    def test_a_correction_sent_after_the_archive_shows_the_hand_typed_to_copy(
        self, organiser_client, league, players, two_seasons
    ):
        """The season was archived while the correction form was open (CI's race of a new
        season and a correction): refused, and the hand typed is not lost."""
        old_match, _new = two_seasons
        url = reverse("leagues:round_edit", args=[league.slug, old_match.pk, 1])

        response = organiser_client.post(
            url,
            {"outcome": "won", "winner": players[1].pk, "win_type": "self_draw",
             "hand": SMALL_HAND, "version": "1"},
        )  # fmt: skip

        text = response.content.decode()
        assert response.status_code == 403
        assert "is archived: its matches can no longer be changed" in text
        assert f'name="hand" type="text" value="{SMALL_HAND}" readonly' in text
        assert old_match.rounds.get().hand.points == 512

    def test_the_match_page_offers_no_change(self, organiser_client, league, two_seasons):
        old_match, new_match = two_seasons
        old_page = organiser_client.get(old_match.get_absolute_url()).content.decode()
        new_page = organiser_client.get(new_match.get_absolute_url()).content.decode()

        assert "an archived season: it is read-only" in old_page
        edit = reverse("leagues:round_edit", args=[league.slug, old_match.pk, 1])
        assert edit not in old_page
        assert reverse("leagues:round_edit", args=[league.slug, new_match.pk, 1]) in new_page


class TestStandingsPerSeason:
    def page(self, client, league, query=""):
        return without_token(
            client.get(reverse("leagues:league", args=[league.slug]) + query).content.decode()
        )

    @pytest.mark.parametrize("persona", ["member", "outsider", None])
    def test_each_visitor_sees_the_current_season_by_default(
        self, client, league, players, two_seasons, persona, request
    ):
        if persona:
            client.force_login(request.getfixturevalue(persona))
        page = self.page(client, league)

        assert "Spring" in page and 'aria-current="page">Spring' in page
        assert "512" not in page  # Pia's hand was last season
        assert "?season=1" in page and "?season=all" in page

    def test_a_season_and_all_time(self, client, league, players, two_seasons):
        first = self.page(client, league, "?season=1")
        every = self.page(client, league, "?season=all")

        assert "Archived: read-only" in first and "512" in first
        assert ">Rosa<" not in first  # an archived season lists only whom it seated
        assert "512" in every and "2 seasons" in every

    def test_an_unknown_season_is_not_found(self, client, league, two_seasons):
        url = reverse("leagues:league", args=[league.slug])
        assert client.get(url + "?season=7").status_code == 404

    def test_the_sort_links_keep_the_season(self, client, league, two_seasons):
        assert "?season=1&amp;sort=" in self.page(client, league, "?season=1")

    def test_ratings_start_afresh_each_season(self, league, players, two_seasons):
        Match.objects.filter(season__number=2).update(rule_profile={"target": 8})
        new_match = Match.objects.get(season__number=2)
        new_match.record_round(win(players[1], SMALL_HAND))  # finishes it: rated

        spring = league.seasons.get(number=2)
        in_spring = PlayerRating.objects.get(season=spring, player=players[0])
        all_time = PlayerRating.objects.get(league=league, season=None, player=players[0])
        assert (in_spring.matches, all_time.matches) == (1, 2)


class TestDownloadsPerSeason:
    def get(self, client, name, league, query=""):
        return client.get(reverse(f"leagues:{name}", args=[league.slug]) + query)

    def rows(self, response):
        return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))

    def test_rounds_csv(self, client, league, two_seasons):
        every = self.rows(self.get(client, "rounds_csv", league))
        first = self.get(client, "rounds_csv", league, "?season=1")

        assert [r["points"] for r in every] == ["512", "4"]
        assert [r["points"] for r in self.rows(first)] == ["512"]
        assert 'filename="tuesday-season-1-rounds.csv"' in first["Content-Disposition"]

    def test_standings_csv(self, client, league, two_seasons):
        spring = self.rows(self.get(client, "standings_csv", league, "?season=2"))
        every = self.rows(self.get(client, "standings_csv", league))

        assert {r["player"]: r["total_points"] for r in spring}["Pia"] == "0"
        assert {r["player"]: r["total_points"] for r in every}["Pia"] == "512"

    def test_json_carries_the_seasons(self, client, league, two_seasons):
        document = json.loads(self.get(client, "export_json", league).content)
        spring = json.loads(self.get(client, "export_json", league, "?season=2").content)

        assert [(s["number"], s["name"], s["archived"]) for s in document["seasons"]] == [
            (1, "Season 2026/27", True),
            (2, "Spring", False),
        ]
        assert [m["season"] for m in document["matches"]] == [1, 2]
        assert [m["season"] for m in spring["matches"]] == [2]

    def test_the_league_page_links_the_shown_season(self, client, league, two_seasons):
        page = client.get(reverse("leagues:league", args=[league.slug]) + "?season=1")
        assert "/leagues/tuesday/rounds.csv?season=1" in page.content.decode()


def test_a_refused_new_season_changes_nothing(league, players):
    Match.begin(league, players[:2], first_dealer=0)
    with pytest.raises(ValidationError):
        start_season(league, name="Spring", starts_on=NEXT)
    assert list(Season.objects.values_list("name", flat=True)) == ["Season 2026/27"]


class TestImportingSeasons:
    def test_a_file_with_seasons_makes_them_again(self, client, league, players, two_seasons):
        from leagues.exchange.importer import import_league

        url = reverse("leagues:export_json", args=[league.slug])
        document = json.loads(client.get(url).content)

        copy = import_league(document, slug="copy").league

        seasons = list(copy.seasons.order_by("number"))
        assert [(s.name, s.starts_on, s.is_archived) for s in seasons] == [
            ("Season 2026/27", date(2026, 9, 1), True),
            ("Spring", NEXT, False),
        ]
        assert [m.season.number for m in copy.matches.order_by("pk")] == [1, 2]
        # A finished match of the archived season is read-only in the copy too.
        with pytest.raises(SeasonArchived):
            copy.matches.get(season__number=1).undo_last_round(None)
        copied = json.loads(client.get(reverse("leagues:export_json", args=["copy"])).content)
        assert copied["seasons"] == document["seasons"]
        assert [m["rounds"] for m in copied["matches"]] == [
            m["rounds"] for m in document["matches"]
        ]

    def test_an_old_file_without_seasons_goes_into_one(self):
        from leagues.exchange.importer import import_league

        document = {
            "format_version": 1,
            "league": {"name": "Old", "slug": "old", "season_start": "2025-09-01"},
            "matches": [
                {
                    "date": "2025-09-02",
                    "players": ["Ada", "Bea"],
                    "rounds": [{"winner": "Ada", "hand": SMALL_HAND}],
                }
            ],
        }

        league = import_league(document).league

        (season,) = league.seasons.all()
        assert (season.name, season.starts_on, season.is_archived) == (
            "Season 2025/26",  # from July
            date(2025, 9, 1),
            False,
        )
        assert league.matches.get().season == season

    def test_into_a_league_the_matches_go_into_its_current_season(
        self, client, league, players, two_seasons
    ):
        from leagues.exchange.importer import import_league

        other = League.objects.create(club=shared_club(), name="Other", slug="other")
        url = reverse("leagues:export_json", args=[league.slug])
        import_league(json.loads(client.get(url).content), into=other)

        assert other.seasons.count() == 1
        assert other.matches.filter(season=other.current_season).count() == 2

    def test_a_match_naming_an_unknown_season_is_refused(self):
        from leagues.exchange.importer import ImportRefused, import_league

        document = {
            "format_version": 1,
            "league": {"name": "Bad", "slug": "bad"},
            "seasons": [{"number": 1, "name": "One", "starts_on": "2026-01-01"}],
            "matches": [{"date": "2026-01-02", "players": ["Ada", "Bea"], "season": 3}],
        }

        with pytest.raises(ImportRefused, match="'season' 3 is not one of the file's"):
            import_league(document)
        assert not League.objects.filter(slug="bad").exists()


class TestPlayerPagePerSeason:
    def test_one_season_or_everything(self, client, league, players, two_seasons):
        url = players[0].get_absolute_url()
        everything = without_token(client.get(url).content.decode())
        spring = without_token(client.get(url + "?league=tuesday&season=2").content.decode())

        assert "?league=tuesday&amp;season=1" in everything
        assert 'aria-current="page">Tuesday Club: Spring' in spring
        assert "512" in everything and "512" not in spring

    def test_a_season_of_a_hidden_league_is_not_found(self, client, league, players, two_seasons):
        League.objects.filter(pk=league.pk).update(is_public=False)
        other = League.objects.create(club=shared_club(), name="Open", slug="open")
        Match.begin(other, players[:2], first_dealer=0)

        response = client.get(players[0].get_absolute_url() + "?league=tuesday&season=1")

        assert response.status_code == 404


def test_a_league_saved_from_before_a_new_season_keeps_the_new_seasons_start(league):
    stale = League.objects.get(pk=league.pk)
    start_season(league, name="Spring", starts_on=NEXT)

    stale.name = "Tuesday Club (renamed)"
    stale.save()  # still holding the old season's dates

    saved = League.objects.get(pk=league.pk)
    assert saved.current_season.starts_on == NEXT == saved.season_start
    assert saved.name == "Tuesday Club (renamed)"


class TestASeasonDatedLater:
    """A season is current from its start date."""

    def test_it_waits_for_its_day_and_then_takes_over(self, league, players, organiser):
        tomorrow = timezone.localdate() + timedelta(days=1)
        old = league.current_season

        spring = start_season(league, name="Spring", starts_on=tomorrow, by=organiser)

        assert spring.is_upcoming and league.current_season == old
        with pytest.raises(SeasonNotStarted, match="already set to begin"):
            start_season(league, name="Summer", starts_on=tomorrow + timedelta(days=1))
        assert Match.begin(league, players[:2], first_dealer=0).season == old
        # Its day comes: the old season is archived from that moment.
        Season.objects.filter(pk=old.pk).update(archived_at=timezone.now() - timedelta(seconds=1))
        assert league.current_season == spring
        assert Season.objects.get(pk=old.pk).is_archived
