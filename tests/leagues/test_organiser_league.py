"""Creating a league, its settings page and its organisers (leagues.views.league_admin)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.models import League, LeagueEvent

from . import organiser_fixtures
from .organiser_fixtures import assert_sign_in_asked, login

# PostgreSQL run: a short name taken (IntegrityError).
pytestmark = pytest.mark.postgres

co_organiser = organiser_fixtures.co_organiser

NEW = reverse("leagues:league_new")


def settings_form(league: League, **changes) -> dict:
    data = {
        "name": league.name,
        "slug": league.slug,
        # The league's rules as its game's part of the page shows them.
        **league.kind.settings_form.target.initial(league.rule_profile()),
        "bot_matches": league.bot_matches,
        # As the page sends them: an empty box is no limit.
        "match_hands": league.match_hands or "",
        "match_minutes": league.match_minutes or "",
        "version": league.version,
    }
    for flag in ("is_public", "players_may_enter", "live_guests"):
        if getattr(league, flag):
            data[flag] = "on"
    data.update(changes)
    return {key: value for key, value in data.items() if value is not False}


NEW_LEAGUE = {
    "name": "Friday Tiles",
    "slug": "",
    "default_variant": "points",
    "default_target": 500,
    "bot_matches": "humans",
}


@pytest.mark.django_db
class TestCreatingALeague:
    def test_any_signed_in_account_creates_one_and_organises_it(self, client, outsider):
        client.force_login(outsider)
        response = client.post(NEW, {**NEW_LEAGUE, "is_public": "on"})
        league = League.objects.get(slug="friday-tiles")  # the short name made from the name
        assert response.status_code == 302 and response.url == league.get_absolute_url()
        assert list(league.organisers.all()) == [outsider]
        assert league.is_public and not league.players_may_enter
        event = league.events.get()
        assert event.action == LeagueEvent.Action.LEAGUE_CREATED and event.by == outsider

    def test_the_index_links_to_it_for_signed_in_visitors_only(self, client, member):
        assert NEW not in client.get(reverse("leagues:index")).content.decode()
        client.force_login(member)
        assert NEW in client.get(reverse("leagues:index")).content.decode()

    def test_anonymous_visitors_are_asked_to_sign_in(self, client):
        assert_sign_in_asked(client.get(NEW))
        assert_sign_in_asked(client.post(NEW, NEW_LEAGUE))
        assert not League.objects.exists()

    @pytest.mark.parametrize("slug", ["new", "import"])
    def test_reserved_short_names_are_refused(self, client, member, slug):
        client.force_login(member)
        response = client.post(NEW, {**NEW_LEAGUE, "slug": slug})
        assert response.status_code == 200
        assert "is the name of a page" in response.content.decode()
        assert not League.objects.exists()

    def test_a_taken_short_name_is_refused(self, client, member, league):
        client.force_login(member)
        response = client.post(NEW, {**NEW_LEAGUE, "name": "Tuesday", "slug": ""})
        assert "“tuesday” is taken" in response.content.decode()
        response = client.post(NEW, {**NEW_LEAGUE, "slug": "tuesday"})
        assert response.status_code == 200
        assert League.objects.count() == 1

    def test_a_target_must_be_positive(self, client, member):
        client.force_login(member)
        response = client.post(NEW, {**NEW_LEAGUE, "default_target": 0})
        assert response.status_code == 200
        assert not League.objects.exists()


@pytest.mark.django_db
class TestSettings:
    @pytest.fixture
    def url(self, league):
        return reverse("leagues:league_settings", args=[league.slug])

    @pytest.mark.parametrize("persona", ["organiser", "co_organiser"])
    def test_organisers_change_them_and_the_history_says_what_changed(
        self, client, request, league, url, persona
    ):
        login(client, request, persona)
        assert client.get(url).status_code == 200
        form = settings_form(league, name="Tuesday Tiles", is_public=False, default_target=200)
        response = client.post(url, form)
        assert response.status_code == 302
        league.refresh_from_db()
        assert (league.name, league.is_public, league.rule_profile().target) == (
            "Tuesday Tiles",
            False,
            200,
        )
        event = league.events.get(action=LeagueEvent.Action.SETTINGS_CHANGED)
        assert event.details["changes"] == {
            "name": ["Tuesday Club", "Tuesday Tiles"],
            "rules": [{"target": 500, "variant": "points"}, {"target": 200, "variant": "points"}],
            "is_public": [True, False],
        }

    @pytest.mark.parametrize("persona", ["member", "outsider"])
    def test_others_are_refused_and_nothing_changes(self, client, request, league, url, persona):
        login(client, request, persona)
        assert client.get(url).status_code == 403
        assert client.post(url, settings_form(league, name="Hijacked")).status_code == 403
        league.refresh_from_db()
        assert league.name == "Tuesday Club" and not league.events.exists()

    def test_anonymous_visitors_are_asked_to_sign_in(self, client, league, url):
        assert_sign_in_asked(client.get(url))
        assert_sign_in_asked(client.post(url, settings_form(league, name="Hijacked")))
        league.refresh_from_db()
        assert league.name == "Tuesday Club"

    def test_a_stale_form_is_refused(self, client, organiser, co_organiser, league, url):
        stale = settings_form(league, name="From the first")
        client.force_login(co_organiser)
        client.post(url, settings_form(league, default_target=100))
        client.force_login(organiser)
        response = client.post(url, stale)
        assert response.status_code == 200
        assert "Another organiser changed the settings" in response.content.decode()
        league.refresh_from_db()
        assert (league.name, league.rule_profile().target) == ("Tuesday Club", 100)

    def test_a_new_short_name_moves_the_league(self, organiser_client, league, url):
        response = organiser_client.post(url, settings_form(league, slug="tuesdays"))
        assert response.url == reverse("leagues:league_settings", args=["tuesdays"])
        assert organiser_client.get(reverse("leagues:league", args=["tuesdays"])).status_code == 200

    def test_the_league_page_links_organisers_to_the_organiser_pages(
        self, client, organiser, member, league
    ):
        page = reverse("leagues:league", args=[league.slug])
        history = reverse("leagues:league_history", args=[league.slug])
        client.force_login(member)
        assert history not in client.get(page).content.decode()
        client.force_login(organiser)
        html = client.get(page).content.decode()
        assert history in html and reverse("leagues:roster", args=[league.slug]) in html


@pytest.mark.django_db
class TestOrganisers:
    def remove(self, client, league, user):
        return client.post(reverse("leagues:organiser_remove", args=[league.slug, user.pk]))

    def test_an_organiser_removes_a_co_organiser(self, organiser_client, league, co_organiser):
        assert self.remove(organiser_client, league, co_organiser).status_code == 302
        assert not league.is_organiser(co_organiser)
        event = league.events.get()
        assert event.action == LeagueEvent.Action.ORGANISER_REMOVED
        assert event.details == {"organiser": "cora"}

    def test_the_last_organiser_cannot_be_removed(self, organiser_client, league, organiser):
        response = self.remove(organiser_client, league, organiser)
        assert league.is_organiser(organiser)
        assert "only organiser" in organiser_client.get(response.url).content.decode()
        assert not league.events.exists()

    @pytest.mark.parametrize("persona", ["member", "outsider"])
    def test_others_cannot_remove_organisers(self, client, request, league, co_organiser, persona):
        login(client, request, persona)
        assert self.remove(client, league, co_organiser).status_code == 403
        assert league.is_organiser(co_organiser)

    def test_the_settings_page_lists_them(self, organiser_client, league, co_organiser):
        html = organiser_client.get(reverse("leagues:league_settings", args=[league.slug]))
        assert "cora" in html.content.decode() and "olga" in html.content.decode()


@pytest.mark.django_db
class TestHistoryPage:
    @pytest.fixture
    def url(self, league):
        return reverse("leagues:league_history", args=[league.slug])

    @pytest.mark.parametrize("persona", ["organiser", "co_organiser"])
    def test_organisers_read_it(self, client, request, league, url, persona):
        login(client, request, persona)
        client.post(
            reverse("leagues:league_settings", args=[league.slug]),
            settings_form(league, name="Tuesday Tiles"),
        )
        html = client.get(url).content.decode()
        assert "Settings changed" in html
        assert "name: Tuesday Club → Tuesday Tiles" in html

    @pytest.mark.parametrize("persona", ["member", "outsider"])
    def test_others_may_not(self, client, request, url, persona):
        login(client, request, persona)
        assert client.get(url).status_code == 403

    def test_anonymous_visitors_are_asked_to_sign_in(self, client, url):
        assert_sign_in_asked(client.get(url))
