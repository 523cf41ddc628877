"""A league playing Mah-Jongg: its game chosen at creation, its rule profile on the settings
page (docs/mahjongg_leagues.md)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.models import League, Match
from scoring.mahjongg.profile import Profile
from tests.clubs import shared_club

from .test_organiser_league import NEW_LEAGUE, settings_form

NEW = reverse("leagues:league_new")
RULES = {
    "mj_settle": "full",
    "mj_limit": 1000,
    "mj_rotation": "classical",
    "mj_players": 3,
    "mj_bonus_tiles": "on",
    "mj_pairs": "all",
}


def settings_url(league: League) -> str:
    return reverse("leagues:league_settings", args=[league.slug])


@pytest.mark.django_db
class TestCreating:
    def test_a_new_league_plays_mhing_unless_told(self, client, outsider):
        client.force_login(outsider)
        client.post(NEW, NEW_LEAGUE)
        league = League.objects.get(slug="friday-tiles")
        assert league.game == "mhing"

    def test_the_create_page_chooses_mahjongg_and_its_rules(self, client, outsider):
        client.force_login(outsider)
        page = client.get(NEW + "?game=mahjongg").content.decode()
        assert 'name="game"' in page and 'name="mj_settle"' in page
        assert 'name="default_target"' not in page  # only the chosen game's
        client.post(NEW, {**NEW_LEAGUE, "game": "mahjongg", **RULES})
        league = League.objects.get(slug="friday-tiles")
        assert league.game == "mahjongg"
        assert league.rule_profile().to_dict() == {
            "settle": "full",
            "limit": 1000,
            "rotation": "classical",
            "bonus_tiles": True,
            "players": 3,
            "settled_draw": False,
            "pairs": "all",
        }

    def test_a_bad_limit_is_refused_and_nothing_is_made(self, client, outsider):
        client.force_login(outsider)
        response = client.post(NEW, {**NEW_LEAGUE, "game": "mahjongg", **RULES, "mj_limit": 0})
        assert response.status_code == 200
        assert "Ensure this value is greater than or equal to 1" in response.content.decode()
        assert not League.objects.filter(slug="friday-tiles").exists()


@pytest.mark.django_db
class TestSettings:
    def test_organisers_change_the_rules_and_the_history_says_so(self, organiser_client, league):
        league.game = "mahjongg"
        league.save()
        response = organiser_client.post(settings_url(league), {**settings_form(league), **RULES})
        assert response.status_code == 302
        league.refresh_from_db()
        assert league.rule_profile().limit == 1000
        event = league.events.get()
        assert event.details["changes"]["rules"][0] == Profile().to_dict()

    def test_the_game_is_fixed_once_matches_exist(self, organiser_client, league, players):
        Match.begin(league, players, first_dealer=0)
        page = organiser_client.get(settings_url(league)).content.decode()
        assert 'name="game"' in page and "disabled" in page
        assert 'name="mj_settle"' not in page  # a Mhing league with matches: no Mah-Jongg rules
        organiser_client.post(settings_url(league), settings_form(league, game="mahjongg"))
        league.refresh_from_db()
        assert league.game == "mhing"

    def test_a_mahjongg_league_with_matches_shows_its_own_rules_only(
        self, organiser_client, league, players
    ):
        league.game = "mahjongg"
        league.save()
        Match.begin(league, players[:4])
        page = organiser_client.get(settings_url(league)).content.decode()
        assert 'name="mj_settle"' in page
        assert 'name="default_target"' not in page and 'name="default_variant"' not in page

    def test_without_matches_a_league_changes_its_game_and_keeps_the_new_games_rules(
        self, organiser_client, league
    ):
        league.rules = {"target": 2000, "variant": "chips"}
        league.save()
        page = organiser_client.get(settings_url(league)).content.decode()
        assert 'name="mj_settle"' in page and 'name="default_target"' in page  # both, for now
        response = organiser_client.post(
            settings_url(league), {**settings_form(league), "game": "mahjongg", **RULES}
        )
        assert response.status_code == 302
        league.refresh_from_db()
        assert league.game == "mahjongg"
        assert (
            league.rules
            == Profile.from_dict(
                {
                    "settle": "full",
                    "limit": 1000,
                    "rotation": "classical",
                    "players": 3,
                    "pairs": "all",
                }
            ).to_dict()
        )

    def test_the_member_cannot_see_the_settings(self, client, member, league):
        client.force_login(member)
        assert client.get(settings_url(league)).status_code in (403, 404)


@pytest.mark.django_db
def test_live_tables_record_into_leagues_of_either_game_each_table_into_its_own(organiser, league):
    mahjongg = League.objects.create(
        club=shared_club(), name="Dragons", slug="dragons", game="mahjongg"
    )
    mahjongg.organisers.add(organiser)
    assert set(League.objects.recordable_by(organiser)) == {league, mahjongg}
    assert list(League.objects.recordable_by(organiser, game="mahjongg")) == [mahjongg]
    assert list(League.objects.recordable_by(organiser, game="mhing")) == [league]
