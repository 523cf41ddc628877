"""Club nights: ticking who is present, the proposed tables and their edits, creating the
matches, the night's page with live totals, `tonight/`, and the QR code on a match page."""

from __future__ import annotations

import html
import re
from datetime import date, timedelta

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import ClubNight, League, LeagueEvent, Match, Player
from tests.clubs import shared_club

from .conftest import win

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jan", "Kim", "Lea"]


@pytest.fixture
def roster(league, players):
    """Sixteen players in the league: the four of the league fixtures and twelve more."""
    more = [Player.objects.create(club=shared_club(), display_name=name) for name in NAMES]
    league.players.add(*players, *more)
    return more


@pytest.fixture
def new_url(league) -> str:
    return reverse("leagues:night_new", args=[league.slug])


def text(response) -> str:
    return " ".join(html.unescape(response.content.decode()).split())


def words(response) -> str:
    """The page's text as a reader sees it, tags left out."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def night_data(players, step="propose", **fields) -> dict:
    data = {
        "present": [str(p.pk) for p in players],
        "played_on": date.today().isoformat(),
        "variant": "points",
        "target_points": "500",
        "step": step,
    }
    data.update({key: str(value) for key, value in fields.items()})
    return data


def proposal(page: str) -> list[list[int]]:
    """The player ids of each proposed table, in seat order."""
    tables = []
    for section in re.findall(r'<section class="night-table".*?</section>', page, re.S):
        tables.append([int(pid) for pid in re.findall(r'<li data-player="(\d+)"', section)])
    return tables


def hidden(page: str, name: str) -> str:
    (value,) = re.findall(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)
    return value


def as_posted(page: str, players, step: str, moves: dict[int, int] | None = None) -> dict:
    """The proposal form as the browser would send it, with some players moved."""
    tables = proposal(page)
    carried = ("seed", "since", "played_on", "variant", "target_points")
    data = night_data(players, step, **{name: hidden(page, name) for name in carried})
    data["order"] = hidden(page, "order")
    for number, table in enumerate(tables, start=1):
        for pid in table:
            data[f"table_{pid}"] = str((moves or {}).get(pid, number))
    return data


class TestAccess:
    def test_organisers_tick_the_roster(self, organiser_client, new_url, roster):
        page = organiser_client.get(new_url).content.decode()

        assert page.count('type="checkbox" name="present"') == 16
        assert "Anna" in page and "Propose tables" in page

    @pytest.mark.parametrize("persona", ["member", "outsider"])
    def test_others_may_not_seat_a_night(self, client, request, new_url, roster, persona):
        client.force_login(request.getfixturevalue(persona))

        assert client.get(new_url).status_code == 403
        assert client.post(new_url, night_data(roster)).status_code == 403
        assert not Match.objects.exists()

    def test_visitors_are_asked_to_sign_in(self, client, new_url):
        response = client.get(new_url)

        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))


class TestProposal:
    def test_twelve_players_get_three_tables_of_four_each_seated_once(
        self, organiser_client, new_url, roster
    ):
        response = organiser_client.post(new_url, night_data(roster))

        tables = proposal(response.content.decode())
        assert [len(t) for t in tables] == [4, 4, 4]
        assert sorted(pid for t in tables for pid in t) == sorted(p.pk for p in roster)
        assert "Nobody sits with someone they have played with before." in text(response)
        assert not Match.objects.exists()

    def test_the_notes_say_who_met_on_the_latest_night(
        self, organiser_client, new_url, league, players, organiser
    ):
        # Everyone played everyone last time: a repeat is unavoidable, and said.
        Match.begin(league, players, first_dealer=0, by=organiser)

        response = organiser_client.post(new_url, night_data(players))

        assert [len(t) for t in proposal(response.content.decode())] == [4]
        assert text(response).count("met on the latest night.") == 6
        assert re.search(
            r"(Pia and Quentin|Quentin and Pia) met on the latest night", text(response)
        )
        assert "6 pairs meet again" in text(response)

    def test_fewer_than_three_are_refused(self, organiser_client, new_url, roster):
        response = organiser_client.post(new_url, night_data(roster[:2]))

        assert "Seating needs at least three players." in text(response)
        assert proposal(response.content.decode()) == []

    def test_nobody_ticked_is_refused(self, organiser_client, new_url, roster):
        response = organiser_client.post(new_url, night_data([]))

        assert "Tick the players who are here." in text(response)

    def test_a_player_of_another_league_is_refused(self, organiser_client, new_url, roster):
        stranger = Player.objects.create(club=shared_club(), display_name="Zed")

        response = organiser_client.post(new_url, night_data([*roster[:3], stranger]))

        assert "is not one of the available choices" in text(response)

    def test_the_same_seed_proposes_the_same_tables_and_a_reshuffle_another(
        self, organiser_client, new_url, roster
    ):
        first = organiser_client.post(new_url, night_data(roster, seed=5)).content.decode()
        again = organiser_client.post(new_url, night_data(roster, seed=5)).content.decode()
        shuffled = organiser_client.post(
            new_url, night_data(roster, "shuffle", seed=5)
        ).content.decode()

        assert proposal(first) == proposal(again)
        assert hidden(shuffled, "seed") == "6"
        assert proposal(shuffled) != proposal(first)

    def test_a_moved_player_takes_the_last_seat_of_the_other_table(
        self, organiser_client, new_url, roster
    ):
        page = organiser_client.post(new_url, night_data(roster, seed=1)).content.decode()
        tables = proposal(page)
        moved = tables[0][0]

        edited = organiser_client.post(new_url, as_posted(page, roster, "update", {moved: 2}))

        after = proposal(edited.content.decode())
        assert [len(t) for t in after] == [3, 5, 4]
        assert after[1] == [*tables[1], moved]
        assert not Match.objects.exists()


class TestCreating:
    def test_the_matches_are_created_as_proposed_and_logged(
        self, organiser_client, new_url, roster, league
    ):
        page = organiser_client.post(new_url, night_data(roster, target_points=300)).content
        tables = proposal(page.decode())

        response = organiser_client.post(new_url, as_posted(page.decode(), roster, "create"))

        night = ClubNight.objects.get()
        assert response.status_code == 302
        assert response.url == reverse("leagues:night", args=[league.slug, night.pk])
        matches = list(night.matches.order_by("pk"))
        assert [[p.pk for p in m.seated_players()] for m in matches] == tables
        assert {(m.game_rules.target, m.game_rules.variant, m.played_on) for m in matches} == {
            (300, "points", date.today())
        }
        event = LeagueEvent.objects.get(action=LeagueEvent.Action.CLUB_NIGHT_SEATED)
        assert event.details["night"] == night.pk
        assert [t["match"] for t in event.details["tables"]] == [m.pk for m in matches]
        assert event.details["tables"][0]["players"] == [
            Player.objects.get(pk=pid).display_name for pid in tables[0]
        ]

    def test_edited_tables_are_created_as_edited(self, organiser_client, new_url, roster):
        page = organiser_client.post(new_url, night_data(roster, seed=2)).content.decode()
        tables = proposal(page)

        organiser_client.post(
            new_url, as_posted(page, roster, "create", {tables[0][0]: 3, tables[0][1]: 3})
        )

        sizes = [m.seats.count() for m in ClubNight.objects.get().matches.order_by("pk")]
        assert sizes == [2, 4, 6]

    def test_a_table_of_one_is_refused_and_nothing_is_created(
        self, organiser_client, new_url, roster
    ):
        page = organiser_client.post(new_url, night_data(roster, seed=2)).content.decode()
        first = proposal(page)[0]
        moves = {pid: 2 for pid in first[1:]}

        response = organiser_client.post(new_url, as_posted(page, roster, "create", moves))

        assert "Table 1 has 1 players: a match has 2 to 6." in text(response)
        assert not Match.objects.exists() and not ClubNight.objects.exists()

    def test_five_at_a_chips_table_are_refused(self, organiser_client, new_url, roster):
        data = night_data(roster[:8], variant="chips", seed=1)
        page = organiser_client.post(new_url, data).content.decode()
        first, second = proposal(page)
        data = as_posted(page, roster[:8], "create", {second[0]: 1})

        response = organiser_client.post(new_url, data)

        assert "Table 1 has 5 players: a match has 2 to 4." in text(response)
        assert not Match.objects.exists()

    def test_a_night_seated_meanwhile_by_another_organiser_is_not_seated_twice(
        self, organiser_client, new_url, roster, league, organiser
    ):
        page = organiser_client.post(new_url, night_data(roster)).content.decode()
        Match.begin(league, roster[:4], first_dealer=0, by=organiser)  # the other organiser

        response = organiser_client.post(new_url, as_posted(page, roster, "create"))

        assert "Meanwhile a match was started with" in text(response)
        assert "nothing was created" in text(response)
        assert Match.objects.count() == 1 and not ClubNight.objects.exists()


@pytest.fixture
def night(league, roster, organiser) -> ClubNight:
    tables = [roster[0:4], roster[4:8], roster[8:12]]
    return ClubNight.seat(
        league,
        tables,
        played_on=date.today(),
        since_match=0,
        by=organiser,
        rules={"variant": "points", "target": 500},
    )


class TestTheNightPage:
    def test_it_shows_every_table_with_totals_and_rounds(self, client, night, organiser):
        first = night.matches.order_by("pk").first()
        first.record_round(win(first.seated_players()[0]), by=organiser)

        response = client.get(night.get_absolute_url())

        page = text(response)
        assert response.status_code == 200
        assert page.count('class="night-board-table"') == 3
        assert "Table 1 1 round" in words(response) and "Table 2 0 rounds" in words(response)
        total = first.seats.get(position=0).total
        assert total > 0 and f"Anna {total} Ben 0" in words(response)
        assert 'hx-trigger="every 15s"' in page

    def test_htmx_polling_gets_the_tables_alone(self, client, night):
        response = client.get(night.get_absolute_url(), headers={"HX-Request": "true"})

        page = response.content.decode()
        assert page.lstrip().startswith('<div id="night-tables"')
        assert "<h1>" not in page and 'hx-trigger="every 15s"' in page

    def test_a_members_only_night_is_hidden_from_outsiders(
        self, client, night, league, outsider, member
    ):
        League.objects.filter(pk=league.pk).update(is_public=False)  # Pia is the member

        client.force_login(outsider)
        assert client.get(night.get_absolute_url()).status_code == 403
        client.force_login(member)
        assert client.get(night.get_absolute_url()).status_code == 200

    def test_a_night_of_another_league_is_not_found(self, client, night):
        other = League.objects.create(club=shared_club(), name="Other", slug="other")

        assert client.get(reverse("leagues:night", args=[other.slug, night.pk])).status_code == 404


class TestTonight:
    def test_it_goes_to_todays_night(self, client, night, league):
        response = client.get(reverse("leagues:tonight", args=[league.slug]))

        assert response.status_code == 302
        assert response.url == night.get_absolute_url()

    def test_without_a_night_today_it_says_so(self, client, organiser, league, night):
        ClubNight.objects.filter(pk=night.pk).update(played_on=date.today() - timedelta(days=7))

        url = reverse("leagues:tonight", args=[league.slug])
        page = text(client.get(url))
        assert "No club night has been seated today." in page
        assert "Seat a club night" not in page
        client.force_login(organiser)
        assert "Seat a club night" in text(client.get(url))

    def test_the_league_page_links_tonights_tables(self, client: Client, league, night):
        page = text(client.get(league.get_absolute_url()))

        assert f'id="tonight-link" href="{night.get_absolute_url()}"' in page

    def test_the_league_page_has_no_link_without_a_night(self, client, league):
        assert 'id="tonight-link"' not in text(client.get(league.get_absolute_url()))


class TestRoundEntryQRCode:
    def test_the_organiser_sees_a_qr_code_of_the_round_entry(self, organiser_client, match):
        response = organiser_client.get(match.get_absolute_url())

        page = response.content.decode()
        entry = "http://testserver" + reverse("leagues:round_new", args=["tuesday", match.pk])
        figure = re.search(r'<figure class="round-entry-qr".*?</figure>', page, re.S).group()
        assert '<svg role="img" viewBox=' in figure and "<title>QR code</title>" in figure
        assert f'<a href="{entry}">{entry}</a>' in figure
        assert "style=" not in figure  # the CSP allows no inline style

    def test_others_see_no_qr_code(self, client, match, member):
        assert "round-entry-qr" not in client.get(match.get_absolute_url()).content.decode()
        client.force_login(member)  # seated, but the league does not let players enter
        assert "round-entry-qr" not in client.get(match.get_absolute_url()).content.decode()

    def test_a_seated_player_who_may_enter_rounds_sees_it(self, client, match, member, league):
        League.objects.filter(pk=league.pk).update(players_may_enter=True)
        client.force_login(member)

        assert "round-entry-qr" in client.get(match.get_absolute_url()).content.decode()

    def test_a_finished_match_has_none(self, organiser_client, match):
        Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)

        assert "round-entry-qr" not in organiser_client.get(match.get_absolute_url()).text
