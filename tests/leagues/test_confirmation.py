"""A player's round (or Mah-Jongg game) waits for an opponent's confirmation
(leagues.models.confirmation, docs/club_nights.md "Confirmation by an opponent")."""

from __future__ import annotations

import uuid
from datetime import date, timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from leagues.models import ClubNight, League, MahjonggGame, Match, Player, Round, RoundChange
from leagues.models.mahjongg_entry import record_game

from .conftest import BIG_HAND, SMALL_HAND, win
from .mahjongg_fixtures import DRAGONS, OTHER, OTHER2, PLAIN, mj_league, mj_match
from .mahjongg_fixtures import win as mj_win
from .round_forms import entry, words

__all__ = ["mj_league", "mj_match"]

# On PostgreSQL too: the correction window compares times, and the lists are ordered.
pytestmark = pytest.mark.django_db


@pytest.fixture
def quentin(django_user_model, players):
    """The second seated player's account (Pia's is the `member` persona)."""
    user = django_user_model.objects.create_user("quentin", password="pw-quentin")
    players[1].user = user
    players[1].save()
    return user


@pytest.fixture
def open_league(league):
    league.players_may_enter = True
    league.save()
    return league


@pytest.fixture
def entered(open_league, match, players, member, quentin):
    """Round 1 entered by Pia (the member), a player: provisional."""
    match.record_round(win(players[1]), by=member, by_hand=True)
    match.refresh_from_db()
    return match


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def decide_url(match: Match, number: int) -> str:
    return reverse("leagues:entry_decide", args=[match.league.slug, match.pk, number])


def edit_url(match: Match, number: int) -> str:
    return reverse("leagues:round_edit", args=[match.league.slug, match.pk, number])


def totals(match: Match) -> list[int]:
    return list(match.seats.order_by("position").values_list("total", flat=True))


class TestEntering:
    def test_a_players_round_is_provisional_and_marked_on_the_match_page(self, entered, member):
        assert entered.rounds.get().confirmation == "provisional"
        text = words(as_user(member).get(entered.get_absolute_url()))
        assert "Waiting for confirmation" in text
        assert "Round 1 unconfirmed entered by Pia" in text  # the seated player, not the login
        # What the opponent is asked to confirm: the round itself, not only its number.
        assert "entered by Pia Quentin self-drawn, 2 cr., 4 pts (456b 123c" in text

    def test_an_organisers_round_is_confirmed_at_once(self, open_league, match, players, organiser):
        match.record_round(win(players[1]), by=organiser, by_hand=True)
        assert match.rounds.get().confirmation == "confirmed"
        assert "unconfirmed" not in words(as_user(organiser).get(match.get_absolute_url()))

    def test_provisional_points_count_in_the_totals(self, entered):
        assert totals(entered) == [0, 4, 0, 0]


class TestConfirming:
    def test_another_seated_player_confirms_on_their_own_phone(self, entered, quentin):
        client = as_user(quentin)
        assert "Waiting for your confirmation" in words(client.get(entered.get_absolute_url()))

        response = client.post(decide_url(entered, 1), {"decision": "confirm"})

        assert response.status_code == 302
        round_ = entered.rounds.get()
        assert round_.confirmation == "confirmed"
        assert round_.decided_by == quentin and round_.decided_as.display_name == "Quentin"
        assert not round_.decided_here
        text = words(client.get(entered.get_absolute_url()))
        assert "Round 1 confirmed by Quentin." in text
        assert "unconfirmed" not in text
        assert "Round 1 confirmed by Quentin" in text  # the history line

    def test_the_entering_phone_handed_across_records_who_tapped_their_name(
        self, entered, member, players
    ):
        client = as_user(member)
        page = words(client.get(entered.get_absolute_url()))
        assert "Hand the phone to another player: who confirms?" in page
        # Every other seated player may tap their name; the enterer's own is not offered.
        assert "Confirm as Quentin" in page and "Confirm as Sven" in page
        assert "Confirm as Pia" not in page

        client.post(decide_url(entered, 1), {"decision": "confirm", "player": players[3].pk})

        round_ = entered.rounds.get()
        assert round_.confirmation == "confirmed" and round_.decided_here
        assert round_.decided_as == players[3] and round_.decided_by == players[0].user
        history = words(client.get(entered.get_absolute_url()))
        assert "by Sven (on the phone that entered it)" in history

    def test_the_enterer_cannot_confirm_their_own_round(self, entered, member, players):
        client = as_user(member)
        assert client.post(decide_url(entered, 1), {"decision": "confirm"}).status_code == 403
        own_name = {"decision": "confirm", "player": players[0].pk}
        assert client.post(decide_url(entered, 1), own_name).status_code == 403
        assert entered.rounds.get().confirmation == "provisional"

    def test_someone_not_seated_is_refused(self, entered, outsider, django_user_model):
        # Otto may see the public league, and is even on its roster, but has no seat here.
        Player.objects.create(club=entered.league.club, display_name="Otto", user=outsider)
        response = as_user(outsider).post(decide_url(entered, 1), {"decision": "confirm"})
        assert response.status_code == 403
        assert entered.rounds.get().confirmation == "provisional"
        assert "Waiting for your confirmation" not in words(
            as_user(outsider).get(entered.get_absolute_url())
        )

    def test_a_confirmed_round_is_not_confirmed_twice(self, entered, quentin, organiser):
        as_user(quentin).post(decide_url(entered, 1), {"decision": "confirm"})
        response = as_user(organiser).post(
            decide_url(entered, 1), {"decision": "reject", "reason": "late"}, follow=True
        )
        assert "is no longer waiting for confirmation" in words(response)
        assert entered.rounds.get().confirmation == "confirmed"
        assert RoundChange.objects.filter(action="confirmed").count() == 1


class TestRejecting:
    def test_a_rejection_needs_a_reason(self, entered, quentin):
        response = as_user(quentin).post(
            decide_url(entered, 1), {"decision": "reject"}, follow=True
        )
        assert "Say why the entry is wrong." in words(response)
        assert entered.rounds.get().confirmation == "provisional"

    def test_a_rejected_round_goes_back_to_the_enterer_and_counts_for_nothing(
        self, entered, quentin, member
    ):
        as_user(quentin).post(
            decide_url(entered, 1), {"decision": "reject", "reason": "Quentin had 5 flowers"}
        )

        round_ = entered.rounds.get()
        assert round_.confirmation == "rejected"
        assert round_.rejection_reason == "Quentin had 5 flowers"
        assert totals(entered) == [0, 0, 0, 0]
        text = words(as_user(member).get(entered.get_absolute_url()))
        assert "Rejected by Quentin: “Quentin had 5 flowers”" in text
        assert "Correct round 1" in text

    def test_the_enterer_corrects_a_rejected_round_and_it_waits_again(
        self, entered, quentin, member, players
    ):
        as_user(quentin).post(decide_url(entered, 1), {"decision": "reject", "reason": "wrong"})
        round_ = entered.rounds.get()

        response = as_user(member).post(
            edit_url(entered, 1), entry(round_, players[1], SMALL_HAND, discarder=players[2])
        )

        assert response.status_code == 302
        round_.refresh_from_db()
        assert round_.confirmation == "provisional" and round_.rejection_reason == ""
        assert round_.discarder == players[2]
        assert totals(entered)[1] > 0  # counted again, marked


# Times compared in queries (the window after a match's last round): both databases.
@pytest.mark.postgres
class TestCorrectionWindow:
    @pytest.fixture
    def ended(self, open_league, match, players, member, quentin):
        """A match ended by its target 31 minutes ago, its last round entered by Pia and
        confirmed by Quentin."""
        match.record_round(win(players[1], BIG_HAND), by=member, by_hand=True)
        match.refresh_from_db()
        assert match.is_finished
        as_user(quentin).post(decide_url(match, 1), {"decision": "confirm"})
        Round.objects.filter(match=match).update(created_at=timezone.now() - timedelta(minutes=31))
        return match

    def test_inside_the_window_a_player_corrects_and_it_waits_again(self, ended, member, players):
        Round.objects.filter(match=ended).update(created_at=timezone.now())
        round_ = ended.rounds.get()
        response = as_user(member).post(
            edit_url(ended, 1),
            entry(round_, players[1], BIG_HAND, discarder=players[2]),
        )
        assert response.status_code == 302
        assert ended.rounds.get().confirmation == "provisional"

    def test_after_the_window_a_player_is_refused(self, ended, member, players):
        round_ = ended.rounds.get()
        assert as_user(member).get(edit_url(ended, 1)).status_code == 403
        data = entry(round_, players[1], BIG_HAND, discarder=players[2])
        assert as_user(member).post(edit_url(ended, 1), data).status_code == 403
        assert ended.rounds.get().discarder is None

    def test_after_the_window_an_organiser_gives_a_reason_that_goes_into_the_history(
        self, ended, organiser, players
    ):
        client = as_user(organiser)
        round_ = ended.rounds.get()
        assert "Why this correction?" in words(client.get(edit_url(ended, 1)))
        data = entry(round_, players[1], BIG_HAND, discarder=players[2])

        refused = client.post(edit_url(ended, 1), data)
        assert refused.status_code == 200
        assert "say why you correct it" in words(refused)
        assert ended.rounds.get().discarder is None

        client.post(edit_url(ended, 1), {**data, "reason": "Sven's discard, says the table"})
        round_ = ended.rounds.get()
        assert round_.discarder == players[2] and round_.confirmation == "confirmed"
        change = RoundChange.objects.get(action="edited")
        assert change.reason == "Sven's discard, says the table"
        assert "Reason: Sven's discard, says the table" in words(
            client.get(ended.get_absolute_url())
        )

    def test_a_window_of_0_closes_when_the_match_ends(self, ended, member, players):
        ended.league.correction_minutes = 0
        ended.league.save()
        Round.objects.filter(match=ended).update(created_at=timezone.now())
        assert as_user(member).get(edit_url(ended, 1)).status_code == 403


class TestMahjongg:
    @pytest.fixture
    def mj_entered(self, mj_league, mj_match, member, quentin):
        mj_league.players_may_enter = True
        mj_league.save()
        record_game(mj_match, mj_win(0), by=member, by_hand=True)
        mj_match.refresh_from_db()
        return mj_match

    def test_a_players_game_is_provisional_and_an_opponent_confirms_it(self, mj_entered, quentin):
        assert MahjonggGame.objects.get().confirmation == "provisional"
        client = as_user(quentin)
        assert "Game 1 unconfirmed" in words(client.get(mj_entered.get_absolute_url()))

        client.post(decide_url(mj_entered, 1), {"decision": "confirm"})

        assert MahjonggGame.objects.get().confirmation == "confirmed"
        assert "unconfirmed" not in words(client.get(mj_entered.get_absolute_url()))

    def test_a_rejected_game_moves_no_balance(self, mj_entered, quentin):
        assert totals(mj_entered) != [0, 0, 0, 0]
        as_user(quentin).post(decide_url(mj_entered, 1), {"decision": "reject", "reason": "no"})
        assert totals(mj_entered) == [0, 0, 0, 0]
        assert MahjonggGame.objects.get().net == [0, 0, 0, 0]

    def test_the_enterer_corrects_a_rejected_game_and_it_counts_again_waiting(
        self, mj_entered, member, quentin
    ):
        as_user(quentin).post(decide_url(mj_entered, 1), {"decision": "reject", "reason": "x"})
        game = MahjonggGame.objects.get()
        url = reverse("leagues:mj_game_edit", args=["dragons", mj_entered.pk, 1])
        client = as_user(member)
        assert "Correct game 1" in words(client.get(mj_entered.get_absolute_url()))
        data = {
            "caller": "draw",
            "version": game.version,
            "action": "save",
            **{f"hand{p}": hand for p, hand in enumerate([OTHER2, DRAGONS, PLAIN, OTHER])},
        }

        assert client.post(url, data).status_code == 302

        game.refresh_from_db()
        assert game.confirmation == "provisional" and game.caller is None
        assert as_user(quentin).get(url).status_code == 200  # a seated player, window open

    def test_an_organisers_game_is_confirmed_at_once(self, mj_match, organiser):
        record_game(mj_match, mj_win(1), by=organiser, by_hand=True)
        assert MahjonggGame.objects.get().confirmation == "confirmed"


class TestMarkedElsewhere:
    def test_the_standings_say_how_many_entries_are_unconfirmed(self, entered, players, member):
        entered.record_round(win(players[2]), by=member, by_hand=True)
        page = words(Client().get(entered.league.get_absolute_url()))
        assert "These standings include 2 entries that no opponent has confirmed yet" in page

    def test_rejected_rounds_leave_the_standings(self, entered, quentin):
        as_user(quentin).post(decide_url(entered, 1), {"decision": "reject", "reason": "no"})
        standing = entered.league.standings.get(player__display_name="Quentin", season=None)
        assert standing.rounds_won == 0 and standing.points == 0
        assert "no opponent has confirmed" not in words(
            Client().get(entered.league.get_absolute_url())
        )

    def test_a_rejected_round_leaves_the_players_figures(self, entered, quentin, players):
        from leagues.kinds.mhing.records import best_hands, rounds_by_match

        leagues = League.objects.all()
        assert rounds_by_match(players[1], leagues, None) == {entered.pk: (0, 1, 4)}
        as_user(quentin).post(decide_url(entered, 1), {"decision": "reject", "reason": "no"})
        assert rounds_by_match(players[1], leagues, None) == {}
        assert best_hands(players[1], leagues, None, 5) == []

    def test_tonights_tables_count_waiting_and_rejected_entries_per_table(
        self, open_league, players, organiser, member, quentin
    ):
        night = ClubNight.seat(
            open_league,
            [players],
            played_on=date.today(),
            since_match=0,
            by=organiser,
            rules={"variant": "points", "target": 500},
        )
        match = night.matches.get()
        match.record_round(win(players[1]), by=member, by_hand=True)
        match.record_round(win(players[2]), by=member, by_hand=True)
        match.record_round(win(players[3]), by=member, by_hand=True)
        as_user(quentin).post(decide_url(match, 1), {"decision": "reject", "reason": "no"})

        text = words(Client().get(night.get_absolute_url(), headers={"HX-Request": "true"}))

        assert "unconfirmed 2 entries wait for an opponent's confirmation" in text
        assert "rejected 1 entry rejected: back to the player who entered it" in text


class TestPhoneAndSettings:
    def test_a_players_round_replayed_from_the_outbox_is_answered_as_unconfirmed(
        self, open_league, match, players, member, quentin
    ):
        data = entry(match, players[1], entry_id=str(uuid.uuid4()), after="0")
        url = reverse("leagues:round_new", args=[match.league.slug, match.pk])
        client = as_user(member)

        first = client.post(url, data, headers={"Accept": "application/json"})
        assert first.json()["state"] == "saved"
        assert first.json()["confirmation"] == "provisional"

        as_user(quentin).post(decide_url(match, 1), {"decision": "confirm"})
        again = client.post(url, data, headers={"Accept": "application/json"})
        assert again.json() == first.json()  # one id, one answer: the page says what followed
        assert match.rounds.count() == 1

    def test_the_organiser_sets_the_correction_window_on_the_settings_page(
        self, open_league, organiser
    ):
        from .test_organiser_league import settings_form

        client = as_user(organiser)
        url = reverse("leagues:league_settings", args=[open_league.slug])
        assert 'name="correction_minutes" value="30"' in client.get(url).content.decode()

        client.post(url, settings_form(open_league, correction_minutes="45"))

        open_league.refresh_from_db()
        assert open_league.correction_minutes == 45

    def test_a_round_recorded_by_the_site_for_a_player_needs_no_confirmation(
        self, open_league, match, players, member
    ):
        # A live table's round (games/mhing/recording.py) is played out by the engine, and
        # recorded under the account that opened the table: nothing for an opponent to check.
        match.record_round(win(players[1]), by=member)
        assert match.rounds.get().confirmation == "confirmed"
