"""Who may remove whom (a co-organiser must not remove the league's creator). The
league's owner is who created it, until they hand it over to another organiser; nobody else
removes the owner; co-organisers remove each other and themselves."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.models import League, LeagueEvent
from tests.migrating import historical_apps, migrate_forward, rolled_back_to

from . import organiser_fixtures
from .organiser_fixtures import login
from .test_organiser_league import settings_form

# PostgreSQL run: runs a migration.
pytestmark = pytest.mark.postgres

co_organiser = organiser_fixtures.co_organiser


@pytest.fixture
def owned(league, organiser):
    league.owner = organiser
    league.save(update_fields=["owner"])
    return league


@pytest.fixture
def second_co_organiser(django_user_model, league):
    user = django_user_model.objects.create_user("carl", password="pw-carl")
    league.organisers.add(user)
    return user


def remove(client, league, user):
    response = client.post(reverse("leagues:organiser_remove", args=[league.slug, user.pk]))
    return client.get(response.url).content.decode()


def hand_over(client, league, user):
    response = client.post(reverse("leagues:owner_hand_over", args=[league.slug, user.pk]))
    return client.get(response.url).content.decode()


@pytest.mark.django_db
class TestRemoving:
    def test_a_co_organiser_cannot_remove_the_owner(self, client, owned, organiser, co_organiser):
        client.force_login(co_organiser)

        page = remove(client, owned, organiser)

        assert owned.is_organiser(organiser)
        assert "olga owns the league and cannot be removed by another organiser" in page
        assert not owned.events.exists()

    def test_the_owner_cannot_leave_before_handing_over(
        self, client, owned, organiser, co_organiser
    ):
        client.force_login(organiser)

        page = remove(client, owned, organiser)

        assert owned.is_organiser(organiser)
        assert "You own the league: hand it over to another organiser" in page

    def test_the_owner_removes_a_co_organiser(self, client, owned, organiser, co_organiser):
        client.force_login(organiser)

        remove(client, owned, co_organiser)

        assert not owned.is_organiser(co_organiser)

    def test_a_co_organiser_removes_another_and_themselves(
        self, client, owned, organiser, co_organiser, second_co_organiser
    ):
        client.force_login(co_organiser)

        remove(client, owned, second_co_organiser)
        client.post(reverse("leagues:organiser_remove", args=[owned.slug, co_organiser.pk]))

        assert set(owned.organisers.all()) == {organiser}


@pytest.mark.django_db
class TestHandingOver:
    def test_the_owner_hands_the_league_to_a_co_organiser(
        self, client, owned, organiser, co_organiser
    ):
        client.force_login(organiser)

        page = hand_over(client, owned, co_organiser)

        owned.refresh_from_db()
        assert owned.owner == co_organiser
        assert "cora owns the league now." in page
        event = owned.events.get()
        assert event.action == LeagueEvent.Action.OWNER_CHANGED
        assert event.details == {"from": "olga", "to": "cora"}
        # Now the former owner is a co-organiser like any other, and may leave.
        remove(client, owned, organiser)
        assert not owned.is_organiser(organiser)

    def test_a_co_organiser_cannot_take_the_league(self, client, owned, organiser, co_organiser):
        client.force_login(co_organiser)

        page = hand_over(client, owned, co_organiser)

        owned.refresh_from_db()
        assert owned.owner == organiser
        assert "Only the league&#x27;s owner can hand it over." in page

    def test_it_goes_only_to_an_organiser(self, client, owned, organiser, member):
        client.force_login(organiser)

        page = hand_over(client, owned, member)

        owned.refresh_from_db()
        assert owned.owner == organiser
        assert "pia does not organise the league" in page

    @pytest.mark.parametrize("persona", ["member", "outsider"])
    def test_others_cannot_hand_it_over(self, client, request, owned, organiser, persona):
        login(client, request, persona)

        response = client.post(reverse("leagues:owner_hand_over", args=[owned.slug, 1]))

        assert response.status_code == 403
        owned.refresh_from_db()
        assert owned.owner == organiser


@pytest.mark.django_db
class TestPages:
    def test_who_creates_a_league_owns_it(self, client, outsider, league):
        client.force_login(outsider)
        form = settings_form(league, name="Friday Club", slug="friday")
        del form["version"]

        client.post(reverse("leagues:league_new"), form)

        assert League.objects.get(slug="friday").owner == outsider

    def test_the_members_page_names_the_owner_and_the_rule(
        self, client, owned, organiser, co_organiser
    ):
        client.force_login(co_organiser)

        page = client.get(reverse("leagues:members", args=[owned.slug])).content.decode()

        assert 'olga <span class="muted owner-mark">(owner)</span>' in page
        assert "Co-organisers may remove each other and themselves, never the owner." in " ".join(
            page.split()
        )

    def test_the_settings_page_offers_no_removal_of_the_owner(
        self, client, owned, organiser, co_organiser
    ):
        client.force_login(co_organiser)

        page = client.get(reverse("leagues:league_settings", args=[owned.slug])).content.decode()

        assert reverse("leagues:organiser_remove", args=[owned.slug, organiser.pk]) not in page
        assert reverse("leagues:organiser_remove", args=[owned.slug, co_organiser.pk]) in page
        assert reverse("leagues:owner_hand_over", args=[owned.slug, co_organiser.pk]) not in page

    def test_the_owner_is_offered_the_hand_over(self, client, owned, organiser, co_organiser):
        client.force_login(organiser)

        page = client.get(reverse("leagues:league_settings", args=[owned.slug])).content.decode()

        assert reverse("leagues:owner_hand_over", args=[owned.slug, co_organiser.pk]) in page
        assert "Make cora the owner" in page


BEFORE = [("leagues", "0014_mahjongg_standings")]
AFTER = [("leagues", "0015_league_owner")]


@pytest.fixture
def executor(transactional_db):
    yield from rolled_back_to(BEFORE)


def test_the_migration_makes_each_leagues_first_organiser_its_owner(executor, django_user_model):
    old = historical_apps(executor, BEFORE)
    OldLeague = old.get_model("leagues", "League")
    User = old.get_model("auth", "User")
    # Usernames in reverse order of joining: the first added, not the first by name, owns.
    zed, amy, solo = (User.objects.create(username=n) for n in ("zed", "amy", "solo"))
    club = OldLeague.objects.create(name="Club", slug="club")
    club.organisers.add(zed)
    club.organisers.add(amy)
    alone = OldLeague.objects.create(name="Alone", slug="alone")
    alone.organisers.add(solo)
    OldLeague.objects.create(name="Nobody", slug="nobody")

    New = migrate_forward(executor, AFTER).get_model("leagues", "League")

    owners = dict(New.objects.values_list("slug", "owner__username"))
    assert owners == {"club": "zed", "alone": "solo", "nobody": None}
