"""The admin: every league model opens; what the engine computes cannot be typed there."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.models import (
    League,
    Match,
    Player,
    PlayerRating,
    Round,
    RoundChange,
    RoundEntry,
    WinningHand,
)

from .conftest import BIG_HAND, win

MODELS = [Player, League, Match, Round, WinningHand, RoundChange, PlayerRating]
# Made only through Match.begin and record_round, or by the rating.
COMPUTED = [Match, Round, WinningHand, RoundChange, PlayerRating]


def url(model, view: str, *args) -> str:
    return reverse(f"admin:leagues_{model._meta.model_name}_{view}", args=args)


@pytest.fixture
def finished(league, players):
    """A finished match (so there are ratings) with a draw and a won round."""
    match = Match.begin(league, players[:3], first_dealer=0)
    match.record_round(RoundEntry.draw())
    match.record_round(win(players[1], BIG_HAND, discarder=players[2]))
    assert match.is_finished
    return match


@pytest.mark.django_db
class TestEveryModelOpens:
    @pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
    def test_the_list(self, admin_client, finished, model):
        assert admin_client.get(url(model, "changelist")).status_code == 200

    @pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
    def test_an_entry(self, admin_client, finished, model):
        entry = model.objects.first()
        assert entry is not None
        assert admin_client.get(url(model, "change", entry.pk)).status_code == 200

    @pytest.mark.parametrize("model", [Player, League], ids=lambda m: m.__name__)
    def test_players_and_leagues_are_added_here(self, admin_client, model):
        assert admin_client.get(url(model, "add")).status_code == 200

    @pytest.mark.parametrize("model", COMPUTED, ids=lambda m: m.__name__)
    def test_computed_entries_are_not_added_here(self, admin_client, model):
        assert admin_client.get(url(model, "add")).status_code == 403


@pytest.mark.django_db
class TestComputedFieldsAreReadOnly:
    def test_a_winning_hands_score_is_shown_but_not_editable(self, admin_client, finished):
        hand = WinningHand.objects.get()
        page = admin_client.get(url(WinningHand, "change", hand.pk)).content.decode()
        assert "567b 567b 678b 789b 99b" in page and ">512<" in page
        for field in ("hand", "credits", "points", "breakdown", "arrangement", "flowers"):
            assert f'name="{field}"' not in page
        response = admin_client.post(url(WinningHand, "change", hand.pk), {"points": "1"})
        assert response.status_code == 403
        hand.refresh_from_db()
        assert hand.points == 512

    def test_a_round_is_shown_but_not_editable(self, admin_client, finished):
        round_ = finished.rounds.get(number=2)
        page = admin_client.get(url(Round, "change", round_.pk)).content.decode()
        for field in ("outcome", "winner", "win_type", "discarder", "dealer", "number"):
            assert f'name="{field}"' not in page
        assert 'name="hand-0-points"' not in page
        response = admin_client.post(url(Round, "change", round_.pk), {"outcome": "draw"})
        assert response.status_code == 403
        assert Round.objects.get(pk=round_.pk).outcome == "won"

    def test_a_matchs_settings_and_totals_are_not_editable(self, admin_client, finished):
        page = admin_client.get(url(Match, "change", finished.pk)).content.decode()
        for field in ("status", "version", "target_points", "first_dealer", "variant"):
            assert f'name="{field}"' not in page
        for field in ("total", "place", "player", "position"):
            assert f'name="seats-0-{field}"' not in page
        admin_client.post(
            url(Match, "change", finished.pk),
            {"status": "running", "target_points": "5000", "seats-0-total": "9999"},
        )
        finished.refresh_from_db()
        assert (finished.status, finished.game_rules.target) == ("finished", 500)
        assert finished.seats.get(position=0).total == 0

    def test_ratings_and_history_are_not_editable(self, admin_client, finished):
        rating = PlayerRating.objects.first()
        page = admin_client.get(url(PlayerRating, "change", rating.pk)).content.decode()
        assert 'name="ordinal"' not in page and 'name="mu"' not in page
        change = RoundChange.objects.first()
        page = admin_client.get(url(RoundChange, "change", change.pk)).content.decode()
        assert 'name="after"' not in page and 'name="action"' not in page

    def test_leagues_and_players_stay_editable(self, admin_client, league, players):
        page = admin_client.get(url(League, "change", league.pk)).content.decode()
        assert 'name="name"' in page and 'name="is_public"' in page
        page = admin_client.get(url(Player, "change", players[0].pk)).content.decode()
        assert 'name="display_name"' in page


@pytest.mark.django_db
def test_deleting_a_match_rates_the_league_again(admin_client, league, finished):
    assert league.ratings.exists()
    response = admin_client.post(url(Match, "delete", finished.pk), {"post": "yes"})
    assert response.status_code == 302
    assert not Match.objects.exists()
    assert not league.ratings.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("persona", ["organiser", "member"])
def test_the_admin_is_for_staff_only(client, request, persona, finished):
    client.force_login(request.getfixturevalue(persona))
    response = client.get(url(Match, "changelist"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))


@pytest.mark.django_db
def test_deleting_matches_from_the_list_rates_their_league_again(admin_client, league, finished):
    response = admin_client.post(
        url(Match, "changelist"),
        {"action": "delete_selected", "_selected_action": [finished.pk], "post": "yes"},
    )
    assert response.status_code == 302
    assert not Match.objects.exists()
    assert not league.ratings.exists()


@pytest.mark.django_db
def test_a_league_is_deleted_with_its_matches(admin_client, league, finished):
    response = admin_client.post(url(League, "delete", league.pk), {"post": "yes"})
    assert response.status_code == 302
    assert not League.objects.exists() and not Round.objects.exists()
