"""A table recorded in a members-only league: only members sit there (unless the league lets
guests sit), recording never makes anyone a member, the creator can free a seat before the
start, and people who may not read the league see neither its name nor its players."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.test import Client as PageClient

from games.errors import TableError
from games.models import Table
from leagues.models import League, Player
from tests.clubs import shared_club

from .conftest import Client, play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(organiser, member):
    """Members-only: Olga organises, Pia plays in it; Otto (the outsider) is nobody there."""
    league = League.objects.create(
        club=shared_club(), name="Secret Society", slug="secret", is_public=False
    )
    league.organisers.add(organiser)
    league.players.add(Player.objects.create(club=shared_club(), display_name="Pia", user=member))
    return league


@pytest.fixture
def table(organiser, club):
    return Table.create(organiser, players=3, league=club, target=1)


def page(user=None) -> PageClient:
    client = PageClient()
    if user is not None:
        client.force_login(user)
    return client


def test_an_outsider_cannot_sit_at_a_members_only_leagues_table(table, outsider, member):
    with pytest.raises(TableError) as refused:
        table.take_seat(outsider)
    assert refused.value.code == "members_only"
    assert "members-only" in refused.value.messages[0]
    table.take_seat(member)  # a member may
    assert [s.user for s in table.seat_list()][:2] == [table.created_by, member]


def test_the_seat_page_tells_the_outsider_why_and_seats_nobody(table, outsider):
    response = page(outsider).post(f"/play/{table.slug}/sit/", {"position": "1"}, follow=True)
    assert response.status_code == 200
    assert "only its members may sit here" in response.content.decode()
    assert table.seats.filter(user=outsider).count() == 0


def test_recording_a_guests_seat_never_makes_them_a_member(table, club, outsider, member):
    club.live_guests = True
    club.save()
    table.take_seat(outsider)
    table.take_seat(member)
    table.start(table.created_by)
    table = play_out(table)
    match = table.recorded_match
    assert match is not None
    names = [p.display_name for p in match.seated_players()]
    # Neither olga (no player in the club) nor otto becomes a player named after an account.
    assert names == ["Guest 1", "Guest 2", "Pia"]
    guest = Player.objects.get(display_name="Guest 2")
    assert guest.user is None  # not linked: the outsider's account gains nothing
    assert not club.can_view(outsider)
    assert page(outsider).get(club.get_absolute_url()).status_code == 403
    assert page(outsider).get(f"/leagues/{club.slug}/export.json").status_code in (403, 404)
    assert page(member).get(club.get_absolute_url()).status_code == 200


def test_the_creator_removes_a_person_from_a_seat_before_the_start(table, organiser, member):
    table.take_seat(member)
    response = page(organiser).post(f"/play/{table.slug}/remove/", {"position": "1"})
    assert response.status_code == 302
    assert table.seats.get(position=1).is_empty
    # Only the creator may, and not once the game has started.
    table.take_seat(member)
    response = page(member).post(f"/play/{table.slug}/remove/", {"position": "0"}, follow=True)
    assert "Only the player who opened the table may do that." in response.content.decode()
    assert table.seats.get(position=0).user == organiser
    table.fill_with_bots(organiser)
    table.start(organiser)
    with pytest.raises(TableError) as refused:
        table.remove_player(1, by=organiser)
    assert refused.value.code == "not_waiting"


def test_the_waiting_room_offers_the_creator_a_remove_button(table, organiser, member):
    table.take_seat(member)
    text = page(organiser).get(table.get_absolute_url()).content.decode()
    assert text.count("Remove from this seat") == 1  # Pia's seat, not Olga's own
    assert (
        "Remove from this seat" not in page(member).get(table.get_absolute_url()).content.decode()
    )


def test_the_lobby_lists_a_members_only_table_to_members_only(table, outsider, member):
    assert table.slug not in page(outsider).get("/play/").content.decode()
    assert table.slug not in page().get("/play/").content.decode()
    member_view = page(member).get("/play/").content.decode()
    assert table.slug in member_view and "Secret Society" in member_view


def test_the_table_page_hides_the_league_and_its_players_from_outsiders(table, outsider, member):
    table.take_seat(member)
    outside = page(outsider).get(table.get_absolute_url()).content.decode()
    assert "Secret Society" not in outside and "Pia" not in outside and "olga" not in outside
    assert "recorded in a members-only league" in outside
    inside = page(member).get(table.get_absolute_url()).content.decode()
    assert "Secret Society" in inside and "Pia" in inside


@pytest.mark.django_db(transaction=True)
async def test_the_socket_hides_the_league_and_its_players_from_outsiders(
    organiser, member, outsider, club
):
    table = await database_sync_to_async(Table.create)(organiser, players=3, league=club)
    await database_sync_to_async(table.take_seat)(member)
    outside = await Client(table.slug, outsider).connect()
    inside = await Client(table.slug, member).connect()
    seen = outside.snapshot["table"]
    assert seen["league"] is None
    assert [s["name"] for s in seen["seats"]] == ["", "", ""]
    assert inside.snapshot["table"]["league"] == "Secret Society"
    assert [s["name"] for s in inside.snapshot["table"]["seats"]][:2] == ["olga", "Pia"]
    await outside.disconnect()
    await inside.disconnect()
