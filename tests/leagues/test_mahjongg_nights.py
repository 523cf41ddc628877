"""Club nights of a Mah-Jongg league (docs/club_nights.md): tables of the profile's players
only, seated by the same rule; creating the night begins Mah-Jongg matches under the
league's profile; the night's page shows balances; the QR code opens the game entry."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from leagues.models import ClubNight, League, LeagueEvent, Match, Player
from leagues.models.mahjongg_entry import record_game
from tests.clubs import shared_club

from .mahjongg_fixtures import mj_league, mj_match, win
from .test_club_nights import NAMES, hidden, night_data, proposal, text, words

__all__ = ["mj_league", "mj_match"]

pytestmark = pytest.mark.django_db


@pytest.fixture
def mj_roster(mj_league, players):
    """Twelve players of the Mah-Jongg league: Pia, Quentin, Rosa, Sven and eight more."""
    more = [Player.objects.create(club=shared_club(), display_name=name) for name in NAMES[:8]]
    mj_league.players.add(*players, *more)
    return [*players, *more]


@pytest.fixture
def mj_new_url(mj_league) -> str:
    return reverse("leagues:night_new", args=[mj_league.slug])


def mj_data(players, step="propose", **fields) -> dict:
    data = night_data(players, step, **fields)
    del data["variant"], data["target_points"]  # a Mah-Jongg night has neither
    return data


def mj_posted(page: str, players, step: str, moves: dict[int, int] | None = None) -> dict:
    """The proposal form as the browser would send it (test_club_nights.as_posted, without
    a variant or target), with some players moved."""
    data = mj_data(players, step, **{name: hidden(page, name) for name in ("seed", "since")})
    data["order"] = hidden(page, "order")
    for number, table in enumerate(proposal(page), start=1):
        for pid in table:
            data[f"table_{pid}"] = str((moves or {}).get(pid, number))
    return data


def three_players(league: League) -> None:
    League.objects.filter(pk=league.pk).update(rules={"players": 3})


class TestTheRoster:
    def test_the_league_page_offers_a_club_night(self, organiser_client, mj_league):
        page = organiser_client.get(mj_league.get_absolute_url()).content.decode()
        assert 'id="night-new-link"' in page

    def test_the_organiser_ticks_players_without_variant_or_target(
        self, organiser_client, mj_new_url, mj_roster
    ):
        response = organiser_client.get(mj_new_url)

        page = response.content.decode()
        assert response.status_code == 200
        assert page.count('type="checkbox" name="present"') == 12
        assert 'name="variant"' not in page and 'name="target_points"' not in page
        assert "Mah-Jongg at tables of 4, under the league's rules." in text(response)

    @pytest.mark.parametrize("persona", ["member", "outsider"])
    def test_others_may_not_seat_a_night(self, client, request, mj_new_url, mj_roster, persona):
        client.force_login(request.getfixturevalue(persona))
        assert client.get(mj_new_url).status_code == 403
        assert client.post(mj_new_url, mj_data(mj_roster)).status_code == 403
        assert not Match.objects.exists()


class TestTheProposal:
    def test_eight_sit_at_two_tables_of_four_with_their_winds(
        self, organiser_client, mj_new_url, mj_roster
    ):
        response = organiser_client.post(mj_new_url, mj_data(mj_roster[:8], seed=3))

        tables = proposal(response.content.decode())
        assert [len(t) for t in tables] == [4, 4]
        assert sorted(p for t in tables for p in t) == sorted(p.pk for p in mj_roster[:8])
        assert words(response).count("East") == 2 and words(response).count("North") == 2
        assert 'name="variant"' not in response.content.decode()

    def test_last_nights_partners_are_kept_apart(
        self, organiser_client, mj_new_url, mj_roster, mj_league
    ):
        Match.begin(mj_league, mj_roster[:4], played_on=date(2026, 11, 1))
        Match.begin(mj_league, mj_roster[4:8], played_on=date(2026, 11, 1))

        for seed in range(3):
            page = organiser_client.post(mj_new_url, mj_data(mj_roster[:8], seed=seed))
            for table in proposal(page.content.decode()):
                old = [pid for pid in table if pid in {p.pk for p in mj_roster[:4]}]
                assert len(old) == 2, "two of each old table at each new table"

    def test_ten_players_are_refused_with_how_many_over_and_short(
        self, organiser_client, mj_new_url, mj_roster
    ):
        response = organiser_client.post(mj_new_url, mj_data(mj_roster[:10]))

        assert response.status_code == 200
        assert (
            "This league plays Mah-Jongg at tables of 4, and 10 players do not fill them: "
            "untick 2 (they sit out) or tick 2 more." in text(response)
        )
        assert proposal(response.content.decode()) == []

    def test_three_are_too_few_for_a_table_of_four(self, organiser_client, mj_new_url, mj_roster):
        response = organiser_client.post(mj_new_url, mj_data(mj_roster[:3]))

        assert "This league plays Mah-Jongg at tables of 4: tick at least 4 players." in text(
            response
        )

    def test_a_three_player_league_seats_tables_of_three(
        self, organiser_client, mj_new_url, mj_roster, mj_league
    ):
        three_players(mj_league)

        response = organiser_client.post(mj_new_url, mj_data(mj_roster[:9], seed=1))

        assert [len(t) for t in proposal(response.content.decode())] == [3, 3, 3]
        assert "North" not in words(response)
        refused = organiser_client.post(mj_new_url, mj_data(mj_roster[:8]))
        assert "untick 2 (they sit out) or tick 1 more." in text(refused)

    def test_a_table_moved_to_five_is_refused(self, organiser_client, mj_new_url, mj_roster):
        page = organiser_client.post(mj_new_url, mj_data(mj_roster[:8], seed=2)).content.decode()
        first, second = proposal(page)
        data = mj_posted(page, mj_roster[:8], "create", {second[0]: 1})

        response = organiser_client.post(mj_new_url, data)

        assert "Table 1 has 5 players: a Mah-Jongg table of this league seats 4." in text(response)
        assert "Table 2 has 3 players: a Mah-Jongg table of this league seats 4." in text(response)
        assert not Match.objects.exists() and not ClubNight.objects.exists()


class TestCreating:
    def test_the_matches_are_mahjongg_matches_under_the_leagues_rules(
        self, organiser_client, mj_new_url, mj_roster, mj_league
    ):
        League.objects.filter(pk=mj_league.pk).update(rules={"limit": 1000, "settle": "full"})
        page = organiser_client.post(mj_new_url, mj_data(mj_roster[:8])).content.decode()
        tables = proposal(page)
        data = mj_posted(page, mj_roster[:8], "create")

        response = organiser_client.post(mj_new_url, data)

        night = ClubNight.objects.get()
        assert response.status_code == 302 and response.url == night.get_absolute_url()
        matches = list(night.matches.order_by("pk"))
        assert [[p.pk for p in m.seated_players()] for m in matches] == tables
        for match in matches:
            assert match.game == "mahjongg" and match.first_dealer == 0  # the first sits East
            assert match.rule_profile["limit"] == 1000 and match.rule_profile["settle"] == "full"
        event = LeagueEvent.objects.get(action=LeagueEvent.Action.CLUB_NIGHT_SEATED)
        assert [t["match"] for t in event.details["tables"]] == [m.pk for m in matches]


@pytest.fixture
def mj_night(mj_league, mj_roster, organiser) -> ClubNight:
    return ClubNight.seat(
        mj_league,
        [mj_roster[0:4], mj_roster[4:8]],
        played_on=date.today(),
        since_match=0,
        by=organiser,
        rules={"variant": None, "target": None},
    )


class TestTheNightPage:
    def test_it_shows_each_tables_balances_and_games(self, client, mj_night, organiser):
        first = mj_night.matches.order_by("pk").first()
        record_game(first, win(0), by=organiser)
        balances = [seat.total for seat in first.seats.order_by("position")]

        response = client.get(mj_night.get_absolute_url())

        assert response.status_code == 200
        page = words(response)
        assert "Table 1 1 game" in page and "Table 2 0 games" in page
        assert "Balance" in page and "Points" not in page
        assert balances[0] > 0 and balances[1] < 0
        names = [s.player.display_name for s in first.seats.order_by("position")]
        assert f"{names[0]} +{balances[0]} {names[1]} {balances[1]}" in page

    def test_htmx_polling_gets_the_balances_alone(self, client, mj_night):
        response = client.get(mj_night.get_absolute_url(), headers={"HX-Request": "true"})

        page = response.content.decode()
        assert page.lstrip().startswith('<div id="night-tables"') and "Balance" in page


class TestGameEntryQRCode:
    def test_the_organiser_sees_a_qr_code_of_the_game_entry(self, organiser_client, mj_match):
        response = organiser_client.get(mj_match.get_absolute_url())

        page = response.content.decode()
        entry = "http://testserver" + reverse("leagues:mj_game_new", args=["dragons", mj_match.pk])
        assert 'id="round-entry-qr"' in page
        assert f'<a href="{entry}">{entry}</a>' in page
        assert "Scan to enter this match's games on a phone:" in page

    def test_others_see_none(self, client, mj_match, member):
        assert "round-entry-qr" not in client.get(mj_match.get_absolute_url()).text
        client.force_login(member)
        assert "round-entry-qr" not in client.get(mj_match.get_absolute_url()).text

    def test_the_sheets_fragment_has_none(self, organiser_client, mj_match):
        response = organiser_client.get(mj_match.get_absolute_url(), headers={"HX-Request": "true"})
        assert 'id="score-sheet"' in response.text and "round-entry-qr" not in response.text

    def test_a_finished_match_has_none(self, organiser_client, mj_match):
        Match.objects.filter(pk=mj_match.pk).update(status=Match.Status.FINISHED)

        assert "round-entry-qr" not in organiser_client.get(mj_match.get_absolute_url()).text
