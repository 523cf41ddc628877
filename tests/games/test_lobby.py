"""The lobby at /play/: open tables for everyone, a form for a new table for signed-in users,
with only the leagues they may record a match in."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Table
from leagues.models import League, Player
from tests.clubs import shared_club

from .conftest import started_table

pytestmark = pytest.mark.django_db

LOBBY = "/play/"
CREATE = "/play/new/"


@pytest.fixture
def league(organiser, member):
    """Members-only; its players enter their own rounds, so a member may record in it."""
    league = League.objects.create(
        club=shared_club(),
        name="Tuesday Club",
        slug="tuesday",
        season_start=date(2026, 9, 1),
        is_public=False,
        players_may_enter=True,
    )
    league.organisers.add(organiser)
    league.players.add(Player.objects.create(club=shared_club(), display_name="Pia", user=member))
    return league


@pytest.fixture
def public_league(organiser):
    league = League.objects.create(
        club=shared_club(), name="Open Cup", slug="open-cup", is_public=True
    )
    league.organisers.add(organiser)
    return league


def signed_in(client: Client, user) -> Client:
    client.force_login(user)
    return client


def settings_form(**changes: str) -> dict[str, str]:
    data = {"players": "4", "variant": "points", "target": "500", "claim_timeout": "8"}
    data.update(changes)
    return data


def league_options(client: Client) -> str:
    text = client.get(LOBBY).content.decode()
    start = text.index('name="league"')
    return text[start : text.index("</select>", start)]


# -- the list -------------------------------------------------------------------------------


def test_anyone_sees_the_open_tables_with_their_players(client, alice, bob, carol):
    waiting = Table.create(alice, players=3)
    waiting.take_seat(bob)
    playing = started_table(carol, players=2)
    finished = started_table(alice, players=2)
    Table.objects.filter(pk=finished.pk).update(status=Table.Status.FINISHED)

    text = client.get(LOBBY).content.decode()

    assert f'data-table="{waiting.slug}"' in text
    assert f'data-table="{playing.slug}"' in text
    assert f'data-table="{finished.slug}"' not in text
    assert "alice" in text and "bob" in text and "free seat" in text
    assert "Join or watch" in text
    assert f'href="/play/{playing.slug}/">Watch</a>' in text


def test_the_list_says_so_when_no_table_is_open(client):
    assert "No table is open right now." in client.get(LOBBY).content.decode()


def test_htmx_refreshes_only_the_list(client, alice):
    Table.create(alice)

    text = client.get(LOBBY, headers={"HX-Request": "true"}).content.decode()

    assert text.lstrip().startswith('<div id="open-tables"')
    assert "<html" not in text


def test_the_nav_and_the_home_page_lead_to_the_lobby(client):
    text = client.get("/").content.decode()

    assert f'<a class="button" href="{reverse("games:lobby")}">Find a table</a>' in text
    assert "Coming soon" not in text.split("Play live")[1]


# -- who may open a table -----------------------------------------------------------------


def test_anonymous_visitors_get_a_sign_in_link_instead_of_the_form(client):
    text = client.get(LOBBY).content.decode()

    assert 'id="create-form"' not in text
    assert "Sign in to open a table" in text


def test_anonymous_visitors_cannot_open_a_table(client):
    response = client.post(CREATE, settings_form())

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not Table.objects.exists()


def test_a_signed_in_user_opens_a_table_and_takes_the_first_seat(client, alice):
    response = signed_in(client, alice).post(
        CREATE, settings_form(players="3", target="200", claim_timeout="5")
    )

    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/play/{table.slug}/"
    assert (table.players, table.rules["target"], table.claim_timeout) == (3, 200, 5)
    assert table.rules["variant"] == "points" and table.league is None
    assert table.created_by == alice
    assert table.seat_of(alice).position == 0


def test_the_form_offers_the_usual_settings(client, alice):
    text = signed_in(client, alice).get(LOBBY).content.decode()

    assert 'name="claim_timeout" value="8"' in text
    assert '<option value="500" selected>500</option>' in text
    assert '<option value="4" selected>4</option>' in text


def test_any_target_may_be_set(client, alice):
    signed_in(client, alice).post(CREATE, settings_form(target="other", other_target="750"))

    assert Table.objects.get().rules["target"] == 750


def test_other_target_needs_a_number(client, alice):
    response = signed_in(client, alice).post(CREATE, settings_form(target="other"))

    assert "Enter the target points." in response.content.decode()
    assert not Table.objects.exists()


def test_chips_for_five_players_are_refused_with_the_reason(client, alice):
    response = signed_in(client, alice).post(CREATE, settings_form(variant="chips", players="5"))

    assert "Chips are played by 2 to 4 players, not 5." in response.content.decode()
    assert not Table.objects.exists()


def test_chips_keep_the_agreed_number_of_rounds(client, alice):
    signed_in(client, alice).post(CREATE, settings_form(variant="chips", round_limit="6"))

    table = Table.objects.get()
    assert table.rules == {"target": 500, "variant": "chips", "round_limit": 6}


def test_a_claim_timeout_out_of_range_is_refused(client, alice):
    response = signed_in(client, alice).post(CREATE, settings_form(claim_timeout="0"))

    assert "greater than or equal to 1" in response.content.decode()
    assert not Table.objects.exists()


def test_htmx_swaps_the_form_with_its_errors_or_goes_to_the_table(client, alice):
    signed_in(client, alice)
    bad = client.post(CREATE, settings_form(target="other"), headers={"HX-Request": "true"})
    good = client.post(CREATE, settings_form(), headers={"HX-Request": "true"})

    # the form with the choice of game above it (what hx-target="#create-box" replaces)
    assert bad.content.decode().lstrip().startswith('<div id="create-box">')
    assert '<form id="create-form"' in bad.content.decode()
    assert "Enter the target points." in bad.content.decode()
    assert good["HX-Redirect"] == Table.objects.get().get_absolute_url()


# -- the league to record in --------------------------------------------------------------


@pytest.mark.parametrize(
    ("persona", "offered"),
    [("organiser", True), ("member", True), ("outsider", False)],
)
def test_only_leagues_the_user_may_record_in_are_offered(client, request, league, persona, offered):
    signed_in(client, request.getfixturevalue(persona))

    assert ("Tuesday Club" in league_options(client)) is offered


def test_a_public_league_is_offered_to_its_organiser_only(client, public_league, organiser, member):
    assert "Open Cup" not in league_options(signed_in(client, member))
    assert "Open Cup" in league_options(signed_in(Client(), organiser))


def test_a_member_may_not_record_where_players_do_not_enter_rounds(client, league, member):
    League.objects.filter(pk=league.pk).update(players_may_enter=False)

    assert "Tuesday Club" not in league_options(signed_in(client, member))


def test_the_organiser_records_a_table_in_their_league(client, league, organiser):
    signed_in(client, organiser).post(CREATE, settings_form(league=str(league.pk)))

    assert Table.objects.get().league == league


def test_a_league_not_offered_is_refused(client, league, outsider):
    response = signed_in(client, outsider).post(CREATE, settings_form(league=str(league.pk)))

    assert "Select a valid choice" in response.content.decode()
    assert not Table.objects.exists()
