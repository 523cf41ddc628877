"""Correcting and deleting rounds: organisers only, prefilled from the round, refused with
the user's entry kept when someone else changed the round meanwhile."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import Match, Round, RoundChange, RoundEntry

from .conftest import BIG_HAND, win
from .round_forms import checked, entry, hidden, selected, words

ONE_SUIT = "123b 456b 789b 22b 111b"  # 12 credits, 128 points: short of the target

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def edit_url(match: Match, number: int) -> str:
    return reverse("leagues:round_edit", args=[match.league.slug, match.pk, number])


def delete_url(match: Match, number: int) -> str:
    return reverse("leagues:round_delete", args=[match.league.slug, match.pk, number])


@pytest.fixture
def played(match, players, organiser):
    """Round 1: Quentin self-drawn, 4 points; round 2: Rosa on Sven's discard, 4 points;
    round 3: a draw."""
    match.record_round(win(players[1]), by=organiser)
    match.record_round(win(players[2], discarder=players[3]), by=organiser)
    match.record_round(RoundEntry.draw(), by=organiser)
    match.refresh_from_db()
    return match


class TestTheCorrectionForm:
    def test_it_is_prefilled_from_the_round(self, organiser_client, played, players):
        response = organiser_client.get(edit_url(played, 2))

        assert "Correct round 2" in words(response)
        assert checked(response, "outcome") == "won"
        assert checked(response, "winner") == str(players[2].pk)
        assert checked(response, "win_type") == "discard"
        assert selected(response, "discarder") == str(players[3].pk)
        assert hidden(response, "hand") == "456b 123c 234c 789k 55k"  # as saved, grouped as played
        assert hidden(response, "version") == "1"
        assert "2 credits 4 points" in words(response)

    def test_a_draw_is_prefilled_as_a_draw_with_no_cards(self, organiser_client, played):
        response = organiser_client.get(edit_url(played, 3))

        assert checked(response, "outcome") == "draw"
        assert hidden(response, "hand") == ""

    def test_clearing_the_picked_cards_clears_them_instead_of_going_back_to_the_saved_hand(
        self, organiser_client, played
    ):
        # The picker's "Clear" link carries the form's values but no hand.
        response = organiser_client.get(
            edit_url(played, 1), {"version": "1", "outcome": "won"}, headers=HTMX
        )

        assert response.text.lstrip().startswith('<div id="round-hand"')
        assert hidden(response, "hand") == ""

    def test_a_round_that_does_not_exist_is_not_found(self, organiser_client, played):
        assert organiser_client.get(edit_url(played, 9)).status_code == 404


class TestCorrecting:
    def test_a_correction_changes_the_sheet_and_is_kept_in_the_history(
        self, organiser_client, played, players
    ):
        round_ = played.rounds.get(number=1)

        response = organiser_client.post(
            edit_url(played, 1), entry(round_, players[0], ONE_SUIT, discarder=players[3])
        )

        assert response.status_code == 302
        assert response.url == played.get_absolute_url()
        text = words(organiser_client.get(response.url))
        assert "Round 1 corrected: Pia on Sven's discard, 12 cr., 128 pts" in text
        assert "Pia +128 128 128 128" in text
        assert "Round 1 corrected" in text  # the history line
        change = RoundChange.objects.get(action="edited")
        assert change.before["winner"] == "Quentin" and change.after["winner"] == "Pia"
        assert change.by.username == "olga"

    def test_a_won_round_can_be_corrected_into_a_draw(self, organiser_client, played, players):
        round_ = played.rounds.get(number=1)

        organiser_client.post(edit_url(played, 1), entry(round_, players[1], outcome="draw"))

        assert played.rounds.get(number=1).is_draw
        assert [s.total for s in played.seats.order_by("position")] == [0, 0, 4, 0]

    def test_the_preview_shows_the_corrected_hand_without_saving(
        self, organiser_client, played, players
    ):
        round_ = played.rounds.get(number=1)
        data = {**entry(round_, players[1], BIG_HAND), "preview": "1"}

        response = organiser_client.post(edit_url(played, 1), data)

        assert "17 credits 512 points" in words(response)
        assert played.rounds.get(number=1).hand.points == 4

    def test_errors_are_shown_next_to_their_field_and_nothing_changes(
        self, organiser_client, played, players
    ):
        round_ = played.rounds.get(number=2)
        data = entry(round_, players[2], discarder=players[2])

        response = organiser_client.post(edit_url(played, 2), data)

        discarder = response.text[response.text.index('class="field round-discarder"') :]
        assert "The winner cannot have discarded the winning card." in html.unescape(
            discarder[: discarder.index("</fieldset>")]
        )
        assert played.rounds.get(number=2).discarder == players[3]
        assert not RoundChange.objects.filter(action="edited").exists()

    def test_someone_elses_change_meanwhile_refuses_the_correction_and_keeps_the_entry(
        self, organiser_client, played, players, organiser
    ):
        round_ = played.rounds.get(number=1)
        mine = entry(round_, players[0], ONE_SUIT)
        played.correct_round(round_, win(players[3]), organiser, round_.version)  # theirs

        response = organiser_client.post(edit_url(played, 1), mine)

        text = words(response)
        assert "Someone else changed round 1 while you were editing it." in text
        assert "Round 1 now reads: Sven self-drawn, 2 cr., 4 pts" in text
        # What the next tap on Save does, said before it is tapped.
        assert "save again to put it in place of that, or cancel to leave the round" in text
        assert checked(response, "winner") == str(players[0].pk)
        assert hidden(response, "hand") == ONE_SUIT  # as typed
        assert "12 credits 128 points" in text
        assert played.rounds.get(number=1).winner == players[3]

    def test_after_the_refusal_the_correction_can_be_saved_deliberately(
        self, organiser_client, played, players, organiser
    ):
        round_ = played.rounds.get(number=1)
        mine = entry(round_, players[0], ONE_SUIT)
        played.correct_round(round_, win(players[3]), organiser, round_.version)
        refused = organiser_client.post(edit_url(played, 1), mine)

        saved = organiser_client.post(
            edit_url(played, 1), {**mine, "version": hidden(refused, "version")}
        )

        assert saved.status_code == 302
        assert played.rounds.get(number=1).winner == players[0]

    def test_a_correction_that_would_end_the_match_early_is_refused(
        self, organiser_client, played, players
    ):
        round_ = played.rounds.get(number=1)

        response = organiser_client.post(edit_url(played, 1), entry(round_, players[1], BIG_HAND))

        assert "This change would end the match at round 1" in words(response)
        assert played.rounds.get(number=1).hand.points == 4


class TestDeleting:
    def test_it_asks_for_confirmation_first(self, organiser_client, played):
        response = organiser_client.get(delete_url(played, 2))

        text = words(response)
        assert "Delete round 2?" in text
        assert "Rosa on Sven's discard, 2 cr., 4 pts" in text
        assert "The round after it moves up one number, and its dealer with it." in text
        assert Round.objects.count() == 3

    def test_deleting_renumbers_the_later_rounds(self, organiser_client, played, players):
        response = organiser_client.post(delete_url(played, 2), {"version": 1}, follow=True)

        assert "Round 2 deleted." in words(response)
        rounds = list(played.rounds.order_by("number"))
        assert [(r.number, r.is_draw, r.dealer) for r in rounds] == [
            (1, False, players[0]),
            (2, True, players[1]),
        ]

    def test_a_delete_from_an_outdated_page_is_refused(
        self, organiser_client, played, players, organiser
    ):
        round_ = played.rounds.get(number=2)
        played.correct_round(round_, win(players[0]), organiser, round_.version)

        response = organiser_client.post(delete_url(played, 2), {"version": 1})

        assert response.status_code == 200
        assert "Someone else changed round 2 meanwhile; it was not deleted." in words(response)
        assert "Pia self-drawn" in words(response)  # the round as it now is
        assert hidden(response, "version") == "2"
        assert Round.objects.count() == 3


def act(client: Client, action: str, match: Match, players) -> int:
    round_ = match.rounds.get(number=1)
    if action == "view correction":
        return client.get(edit_url(match, 1)).status_code
    if action == "correct":
        return client.post(edit_url(match, 1), entry(round_, players[0])).status_code
    if action == "view deletion":
        return client.get(delete_url(match, 1)).status_code
    return client.post(delete_url(match, 1), {"version": round_.version}).status_code


ALLOWED = {"view correction": 200, "correct": 302, "view deletion": 200, "delete": 302}


class TestAccess:
    @pytest.mark.parametrize("public", [True, False], ids=["public", "members-only"])
    @pytest.mark.parametrize("action", sorted(ALLOWED))
    @pytest.mark.parametrize("persona", ["organiser", "member", "outsider", "anonymous"])
    def test_only_organisers_delete_and_seated_players_correct_where_they_enter_rounds(
        self, client, request, played, league, players, persona, action, public
    ):
        """Where players enter rounds, the seated ones may also correct them while the
        match's correction window is open (leagues.models.confirmation), the correction
        waiting for an opponent; deleting stays the organisers'."""
        league.players_may_enter = True
        league.is_public = public
        league.save()
        before = [r.snapshot() for r in played.rounds.select_related("hand", "winner")]
        if persona != "anonymous":
            client.force_login(request.getfixturevalue(persona))

        status = act(client, action, played, players)

        after = [r.snapshot() for r in played.rounds.select_related("hand", "winner")]
        if persona == "organiser":
            assert status == ALLOWED[action]
            return
        if persona == "member" and action in ("view correction", "correct"):
            assert status == ALLOWED[action]
            if action == "correct":
                assert played.rounds.get(number=1).confirmation == "provisional"
            return
        assert status == (302 if persona == "anonymous" else 403)
        assert after == before
