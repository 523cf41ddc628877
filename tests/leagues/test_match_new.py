"""Starting a match: seats from the roster or new names, first dealer, target, variant."""

from __future__ import annotations

import html
import re
from datetime import date

import pytest
from django.urls import reverse

from leagues.models import Match, Player
from tests.clubs import shared_club

# PostgreSQL run: new names matched case-insensitively, unique in the club.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


@pytest.fixture
def url(league) -> str:
    return reverse("leagues:match_new", args=[league.slug])


@pytest.fixture
def roster(league, players):
    league.players.add(*players)
    return players


def form(*seats: Player | str, **fields) -> dict:
    """The form's data: seats in order (a roster player or a new name), then any field."""
    data = {
        "first_dealer": "1",
        "target_choice": "500",
        "variant": "points",
        "played_on": "2026-10-06",
    }
    for number, seat in enumerate(seats, start=1):
        if isinstance(seat, Player):
            data[f"seat{number}_player"] = str(seat.pk)
        else:
            data[f"seat{number}_name"] = seat
    data.update({key: str(value) for key, value in fields.items()})
    return data


def text(response) -> str:
    return " ".join(html.unescape(response.text).split())


def checked(page: str, name: str) -> str:
    """The value of the checked radio button named `name`."""
    (value,) = re.findall(rf'<input type="radio" name="{name}" value="(\w+)"[^>]* checked>', page)
    return value


class TestStartingAMatch:
    def test_it_seats_roster_players_and_new_names_in_order(self, organiser_client, url, roster):
        response = organiser_client.post(url, form(roster[2], "Ursula", roster[0]))

        match = Match.objects.get()
        assert response.status_code == 302
        assert response.url == reverse("leagues:match", args=["tuesday", match.pk])
        assert [p.display_name for p in match.seated_players()] == ["Rosa", "Ursula", "Pia"]
        assert Player.objects.filter(display_name="Ursula").exists()
        assert match.first_dealer == 0
        assert (match.played_on, match.game_rules.target, match.game_rules.variant) == (
            date(2026, 10, 6),
            500,
            "points",
        )
        page = text(organiser_client.get(response.url))
        assert "The match has begun." in page

    def test_the_first_dealer_is_the_chosen_seat_counted_among_filled_seats(
        self, organiser_client, url, roster
    ):
        data = form(roster[0], roster[1], **{"first_dealer": "4"})
        data["seat4_player"] = str(roster[3].pk)  # seat 3 left empty

        organiser_client.post(url, data)

        match = Match.objects.get()
        assert match.dealer_of(1) == roster[3]
        assert match.first_dealer == 2

    def test_the_first_dealer_may_be_drawn_at_random(self, organiser_client, url, roster):
        dealers = set()
        for _ in range(20):
            organiser_client.post(url, form(roster[0], roster[1], first_dealer=""))
            dealers.add(Match.objects.latest("id").first_dealer)
        assert dealers == {0, 1}

    def test_any_positive_target_may_be_set(self, organiser_client, url, roster):
        organiser_client.post(url, form(*roster[:2], target_choice="200"))
        organiser_client.post(url, form(*roster[:2], target_choice="other", target_other=750))

        assert [m.game_rules.target for m in Match.objects.order_by("id")] == [200, 750]

    def test_chips_with_a_number_of_rounds(self, organiser_client, url, roster):
        organiser_client.post(url, form(*roster[:3], variant="chips", round_limit=12))

        match = Match.objects.get()
        assert match.rule_profile == {"target": 500, "variant": "chips", "round_limit": 12}
        assert [s.total for s in match.seats.all()] == [500, 500, 500]

    def test_a_typed_name_of_an_existing_player_is_that_player(self, organiser_client, url, roster):
        elsewhere = Player.objects.create(club=shared_club(), display_name="Tomás")

        organiser_client.post(url, form(roster[0], "  tomás "))

        assert Match.objects.get().seated_players() == [roster[0], elsewhere]
        assert Player.objects.filter(display_name__iexact="tomás").count() == 1

    def test_the_form_offers_the_roster_and_the_leagues_defaults(
        self, organiser_client, url, roster, league
    ):
        league.rules = {"target": 300, "variant": "chips"}
        league.save()

        page = organiser_client.get(url).content.decode()

        assert page.count(f'<option value="{roster[1].pk}">Quentin</option>') == 6
        assert checked(page, "target_choice") == "other"
        assert '<input type="number" name="target_other" value="300"' in page
        assert checked(page, "variant") == "chips"
        assert '<option value="" selected>Draw at random</option>' in page


class TestRefusals:
    def test_chips_for_five_players_are_refused_and_no_player_is_created(
        self, organiser_client, url, roster
    ):
        response = organiser_client.post(url, form(*roster, "Ursula", variant="chips"))

        assert response.status_code == 200
        assert "Chips are played by 2 to 4 players, not 5." in text(response)
        assert not Match.objects.exists()
        assert not Player.objects.filter(display_name="Ursula").exists()

    def test_the_same_player_twice_is_refused(self, organiser_client, url, roster):
        response = organiser_client.post(url, form(roster[0], "pia"))

        assert "A player can only take one seat." in text(response)
        assert not Match.objects.exists()

    def test_one_player_is_not_a_match(self, organiser_client, url, roster):
        response = organiser_client.post(url, form(roster[0]))

        assert "Choose at least two players." in text(response)
        assert not Match.objects.exists()

    def test_a_seat_with_a_roster_player_and_a_new_name_is_refused(
        self, organiser_client, url, roster
    ):
        data = form(roster[0], roster[1])
        data["seat2_name"] = "Ursula"

        response = organiser_client.post(url, data)

        assert "Choose a player from the list or type a new name, not both." in text(response)
        assert not Match.objects.exists()

    def test_an_empty_seat_cannot_deal_first(self, organiser_client, url, roster):
        response = organiser_client.post(url, form(*roster[:2], first_dealer="5"))

        assert "Seat 5 is empty." in text(response)
        assert not Match.objects.exists()

    def test_other_target_needs_a_positive_number(self, organiser_client, url, roster):
        missing = organiser_client.post(url, form(*roster[:2], target_choice="other"))
        negative = organiser_client.post(
            url, form(*roster[:2], target_choice="other", target_other=-5)
        )

        assert "Enter the target points." in text(missing)
        assert "greater than or equal to 1" in text(negative)
        assert not Match.objects.exists()

    def test_a_number_of_rounds_is_for_chips_only(self, organiser_client, url, roster):
        response = organiser_client.post(url, form(*roster[:2], round_limit=10))

        assert "A number of rounds is agreed for chips only" in text(response)
        assert not Match.objects.exists()

    def test_the_entered_names_stay_in_the_form_after_a_refusal(
        self, organiser_client, url, roster
    ):
        response = organiser_client.post(url, form(roster[0], "Ursula", first_dealer="6"))

        assert 'value="Ursula"' in response.content.decode()


class TestAccess:
    @pytest.mark.parametrize("persona", ["member", "outsider"])
    def test_only_organisers_may_start_a_match(self, client, request, url, roster, persona):
        client.force_login(request.getfixturevalue(persona))

        assert client.get(url).status_code == 403
        assert client.post(url, form(*roster[:2])).status_code == 403
        assert not Match.objects.exists()

    def test_anonymous_visitors_are_asked_to_sign_in(self, client, url, roster):
        for response in (client.get(url), client.post(url, form(*roster[:2]))):
            assert response.status_code == 302
            assert response.url.startswith(reverse("login"))
        assert not Match.objects.exists()

    def test_organisers_may_start_one_in_a_members_only_league(
        self, organiser_client, url, roster, league
    ):
        league.is_public = False
        league.save()

        assert organiser_client.get(url).status_code == 200
        assert organiser_client.post(url, form(*roster[:2])).status_code == 302
