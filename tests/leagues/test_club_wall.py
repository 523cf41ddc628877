"""The wall between clubs: a second club on the same site never captures,
reads or records with the first club's players, whatever names it types.

Riverside is the first club's members-only league, with Bruno Costa in a running match; Sam
is a stranger who creates a league of his own on the same site, as anyone signed in may."""

from __future__ import annotations

import json
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from leagues.exchange.importer import import_league
from leagues.models import Club, Invite, League, Match, Player
from leagues.models.roster import add_player, rename_player

from .conftest import SMALL_HAND, win

# PostgreSQL run: names matched case-insensitively within a club.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

NEW_ACCOUNT = {
    "username": "bruno2",
    "email": "bruno2@example.org",
    "password1": "a-long-Mhing-passphrase",
    "password2": "a-long-Mhing-passphrase",
}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def riverside(organiser):
    club = Club.create_named("Riverside club")
    league = League.objects.create(
        club=club, name="Riverside", slug="riverside", is_public=False, players_may_enter=True
    )
    league.organisers.add(organiser)
    return league


@pytest.fixture
def bruno(riverside, organiser):
    people = [
        Player.objects.create(club=riverside.club, display_name=name)
        for name in ("Bruno Costa", "Ada", "Bea", "Cem")
    ]
    match = Match.begin(riverside, people, first_dealer=0, by=organiser)
    match.record_round(win(people[0], SMALL_HAND), by=organiser)
    return people[0]


@pytest.fixture
def running(bruno):
    return Match.objects.get(seats__player=bruno)


@pytest.fixture
def stranger():
    return get_user_model().objects.create_user("sam", password="pw-sam")


@pytest.fixture
def sams_league(stranger):
    """Sam's league, made on the page any signed-in account may use."""
    response = signed_in(stranger).post(
        reverse("leagues:league_new"),
        {
            "name": "Sam's Thursday",
            "slug": "thursday",
            "game": "mhing",
            "default_variant": "points",
            "default_target": "500",
            "is_public": "on",
            "bot_matches": "humans",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    return League.objects.get(slug="thursday")


def add_on_roster_page(user, league, name):
    return signed_in(user).post(reverse("leagues:roster", args=[league.slug]), {"name": name})


def test_a_new_league_on_the_site_is_a_club_of_its_own(sams_league, riverside):
    assert sams_league.club_id != riverside.club_id
    assert sams_league.club.name == "Sam's Thursday"


def test_another_clubs_league_adding_the_name_gets_a_new_player(sams_league, stranger, bruno):
    add_on_roster_page(stranger, sams_league, "bruno costa")
    sams_bruno = sams_league.players.get()
    assert sams_bruno.pk != bruno.pk
    assert sams_bruno.club == sams_league.club
    assert list(bruno.leagues.values_list("slug", flat=True)) == ["riverside"]
    # Both clubs now have their own Bruno Costa.
    assert Player.objects.filter(display_name__iexact="bruno costa").count() == 2


def test_adding_a_name_does_not_say_it_exists_in_another_club(sams_league, stranger, bruno):
    client = signed_in(stranger)
    url = reverse("leagues:roster", args=[sams_league.slug])
    known = client.post(url, {"name": "Bruno Costa"}, follow=True).content.decode()
    unknown = client.post(url, {"name": "Nobody Known"}, follow=True).content.decode()
    assert "Bruno Costa is a new player, on the roster now." in known
    assert "Nobody Known is a new player, on the roster now." in unknown
    assert "already known" not in known
    assert "Riverside" not in known


def test_an_invitation_for_that_player_opens_nothing_of_the_other_club(
    client, sams_league, stranger, bruno, running, riverside
):
    add_on_roster_page(stranger, sams_league, "Bruno Costa")
    sams_bruno = sams_league.players.get()
    invite = Invite.issue(sams_league, role="member", player=sams_bruno, by=stranger)
    response = client.post(invite.get_absolute_url(), NEW_ACCOUNT)
    assert response.status_code == 302
    account = get_user_model().objects.get(username="bruno2")
    sams_bruno.refresh_from_db()
    bruno.refresh_from_db()
    assert sams_bruno.user == account
    assert bruno.user is None  # Riverside's Bruno is untouched
    assert not riverside.can_view(account)
    assert client.get(riverside.get_absolute_url()).status_code in (403, 404)
    assert client.get(reverse("leagues:export_json", args=["riverside"])).status_code in (403, 404)
    before = running.rounds.count()
    entry = reverse("leagues:round_new", args=["riverside", running.pk])
    posted = client.post(
        entry,
        {
            "outcome": "won",
            "winner": bruno.pk,
            "win_type": "self_draw",
            "hand": SMALL_HAND,
            "version": running.version,
        },
    )
    assert posted.status_code in (403, 404)
    assert running.rounds.count() == before


def test_a_match_with_another_clubs_player_cannot_be_recorded(sams_league, stranger, bruno):
    mine = [
        Player.objects.create(club=sams_league.club, display_name=name)
        for name in ("Sam", "Tia", "Uli")
    ]
    with pytest.raises(ValidationError):
        Match.begin(sams_league, [bruno, *mine], first_dealer=0, by=stranger)
    # Nor through the form, by the other club's player's id.
    sams_league.players.add(*mine)
    response = signed_in(stranger).post(
        reverse("leagues:match_new", args=[sams_league.slug]),
        {
            "seat1_player": str(bruno.pk),
            "seat2_player": str(mine[0].pk),
            "seat3_player": str(mine[1].pk),
            "seat4_player": str(mine[2].pk),
            "first_dealer": "1",
            "target_choice": "500",
            "variant": "points",
            "played_on": "2026-10-06",
        },
    )
    assert response.status_code == 200  # the form again, refused
    assert not sams_league.matches.exists()
    assert list(bruno.seats.values_list("match__league__slug", flat=True)) == ["riverside"]


def test_a_typed_name_in_the_match_form_stays_in_the_club(sams_league, stranger, bruno):
    response = signed_in(stranger).post(
        reverse("leagues:match_new", args=[sams_league.slug]),
        {
            "seat1_name": "Bruno Costa",
            "seat2_name": "Ada",
            "seat3_name": "Bea",
            "first_dealer": "1",
            "target_choice": "500",
            "variant": "points",
            "played_on": "2026-10-06",
        },
    )
    assert response.status_code == 302
    seated = sams_league.matches.get().seated_players()
    assert {p.club_id for p in seated} == {sams_league.club_id}
    assert bruno.seats.count() == 1


def test_import_into_a_new_league_makes_new_players(organiser, riverside, bruno):
    staff = signed_in(organiser)
    exported = staff.get(reverse("leagues:export_json", args=["riverside"]))
    document = json.loads(exported.content)
    before = signed_in(organiser).get(bruno.get_absolute_url()).content.decode().count("riverside")
    imported = import_league(document, slug="riverside-copy")
    copy = imported.league
    assert copy.club_id != riverside.club_id
    assert imported.new_players == 4  # every name a new player of the new club
    assert not copy.players.filter(pk=bruno.pk).exists()
    assert bruno.seats.count() == 1  # his page is not doubled
    after = signed_in(organiser).get(bruno.get_absolute_url()).content.decode().count("riverside")
    assert after == before


def test_two_clubs_each_have_their_own_dev_patel(riverside, sams_league, organiser, stranger):
    ours, created = add_player(riverside, "Dev Patel", by=organiser)
    theirs, created_too = add_player(sams_league, "dev patel", by=stranger)
    assert created and created_too and ours.pk != theirs.pk


def test_one_account_plays_in_two_clubs_as_each_clubs_player(
    client, riverside, bruno, sams_league, stranger, organiser
):
    invite = Invite.issue(riverside, role="member", player=bruno, by=organiser)
    client.post(invite.get_absolute_url(), NEW_ACCOUNT)
    account = get_user_model().objects.get(username="bruno2")
    other = Invite.issue(sams_league, role="member", new_player_name="B. Costa", by=stranger)
    client.post(other.get_absolute_url())
    assert sorted(account.players.values_list("display_name", flat=True)) == [
        "B. Costa",
        "Bruno Costa",
    ]
    assert riverside.can_view(account)


def test_a_players_page_shows_only_leagues_the_viewer_may_read(
    riverside, bruno, stranger, organiser
):
    public = League.objects.create(
        club=riverside.club, name="Open day", slug="open-day", season_start=date(2026, 9, 1)
    )
    public.players.add(bruno)
    page = signed_in(stranger).get(bruno.get_absolute_url())
    assert page.status_code == 200
    assert "Riverside" not in page.content.decode()
    assert "Riverside" in signed_in(organiser).get(bruno.get_absolute_url()).content.decode()


def create(user, slug, **extra):
    return signed_in(user).post(
        reverse("leagues:league_new"),
        {
            "name": f"League {slug}",
            "slug": slug,
            "game": "mhing",
            "default_variant": "points",
            "default_target": "500",
            "bot_matches": "humans",
            **extra,
        },
    )


def test_an_organiser_adds_a_league_to_their_club_or_a_new_one(organiser, riverside):
    page = signed_in(organiser).get(reverse("leagues:league_new")).content.decode()
    assert "Riverside club" in page and "A new club, named after the league" in page
    create(organiser, "second", club=str(riverside.club_id))
    create(organiser, "elsewhere", club="")
    assert League.objects.get(slug="second").club == riverside.club
    assert League.objects.get(slug="elsewhere").club.name == "League elsewhere"


def test_no_one_adds_a_league_to_a_club_they_do_not_organise(stranger, riverside):
    page = signed_in(stranger).get(reverse("leagues:league_new")).content.decode()
    assert "Riverside club" not in page
    create(stranger, "sneaky", club=str(riverside.club_id))
    sneaky = League.objects.filter(slug="sneaky").first()
    assert sneaky is None or sneaky.club_id != riverside.club_id


def test_a_refused_rename_does_not_name_a_league_the_organiser_may_not_read(
    riverside, bruno, outsider
):
    """Otto organises a public league of the same club where Bruno plays too; renaming
    Bruno is refused (he also plays in Riverside), without naming members-only Riverside."""
    open_day = League.objects.create(club=riverside.club, name="Open day", slug="open-day")
    open_day.organisers.add(outsider)
    open_day.players.add(bruno)
    with pytest.raises(ValidationError) as refused:
        rename_player(open_day, bruno, "Mallory", by=outsider, was="Bruno Costa")
    shown = " ".join(refused.value.messages)
    assert "(1 members-only league)" in shown
    assert "Riverside" not in shown
    bruno.refresh_from_db()
    assert bruno.display_name == "Bruno Costa"
