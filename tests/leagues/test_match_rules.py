"""RULES.md §5-6 enforced by the league's models, whatever form or import calls them."""

import pytest
from django.core.exceptions import ValidationError

from leagues.errors import MatchFinished, StaleEdit
from leagues.models import Match, Player, PlayerRating, RoundChange, RoundEntry
from tests.clubs import shared_club

from .conftest import BIG_HAND, win


@pytest.fixture
def pia(players):
    return players[0]


@pytest.mark.django_db
class TestDealing:
    def test_rule_5_the_deal_passes_left_after_every_round_draws_too(self, match, players):
        match.record_round(win(players[1]))
        match.record_round(RoundEntry.draw())
        match.record_round(win(players[3]))
        match.record_round(RoundEntry.draw())
        match.record_round(RoundEntry.draw())
        dealers = [r.dealer for r in match.rounds.order_by("number")]
        assert dealers == [players[0], players[1], players[2], players[3], players[0]]

    def test_rule_5_the_first_dealer_is_drawn_at_random_when_not_given(self, league, players):
        drawn = {Match.begin(league, players[:2]).first_dealer for _ in range(30)}
        assert drawn == {0, 1}


@pytest.mark.django_db
class TestMatchEnd:
    def test_rule_6_the_match_ends_the_moment_a_player_reaches_the_target(self, league, players):
        match = Match.begin(league, players[:3], first_dealer=0, rules={"target": 100})
        match.record_round(win(players[1], "123b 456b 789b 22b 111b"))  # 128 points
        assert match.is_finished
        seats = list(match.seats.order_by("position"))
        assert [s.total for s in seats] == [0, 128, 0]
        assert [s.place for s in seats] == [2, 1, 2]

    def test_rule_6_no_round_can_be_added_to_a_finished_match(self, league, players):
        match = Match.begin(league, players[:2], first_dealer=0, rules={"target": 100})
        match.record_round(win(players[0], "123b 456b 789b 22b 111b"))
        with pytest.raises(MatchFinished):
            match.record_round(RoundEntry.draw())
        assert match.rounds.count() == 1

    def test_rule_6_chips_discarder_pays_double_and_barefoot_pays_nothing(self, league, players):
        pia, quentin, rosa = players[:3]
        match = Match.begin(
            league, [pia, quentin, rosa], first_dealer=0, rules={"variant": "chips"}
        )
        assert [s.total for s in match.seats.all()] == [500, 500, 500]
        match.record_round(win(pia, "123b 456b 789b 22b 111b", discarder=quentin))
        match.record_round(win(pia, "123b 456b 789b 22b 111b", discarder=quentin))
        match.record_round(win(rosa))
        match.record_round(win(quentin))
        assert [s.total for s in match.seats.order_by("position")] == [1248, 8, 244]
        assert not match.is_finished

    def test_rule_6_chips_are_for_two_to_four_players(self, league, players):
        fifth = Player.objects.create(club=shared_club(), display_name="Tom")
        with pytest.raises(ValidationError, match="2 to 4"):
            Match.begin(league, [*players, fifth], rules={"variant": "chips"})

    def test_a_match_has_two_to_six_players(self, league, players):
        with pytest.raises(ValidationError, match="2 to 6"):
            Match.begin(league, players[:1])


@pytest.mark.django_db
class TestEntries:
    def test_the_winner_must_be_seated(self, league, players):
        match = Match.begin(league, players[:2], first_dealer=0)
        with pytest.raises(ValidationError) as refused:
            match.record_round(win(players[3]))
        assert "not seated" in str(refused.value.message_dict["winner"])
        assert match.rounds.count() == 0

    def test_the_discarder_must_be_seated_and_not_the_winner(self, league, players):
        match = Match.begin(league, players[:2], first_dealer=0)
        with pytest.raises(ValidationError, match="not seated"):
            match.record_round(win(players[0], discarder=players[2]))
        with pytest.raises(ValidationError, match="cannot have discarded"):
            match.record_round(win(players[0], discarder=players[0]))

    def test_a_hand_that_is_not_winning_is_refused_and_nothing_saved(self, match, pia):
        with pytest.raises(ValidationError) as refused:
            match.record_round(win(pia, "123b 456b 789b 234b 59k"))
        assert "hand" in refused.value.message_dict
        assert match.rounds.count() == 0 and match.version == 1

    def test_a_fifth_copy_is_refused_with_its_card_named(self, match, pia):
        with pytest.raises(ValidationError) as refused:
            match.record_round(win(pia, "555b 55b 123c 456c 789c"))
        assert "five" in refused.value.message_dict["hand"][0].lower()

    def test_credits_and_points_come_from_the_engine(self, match, pia):
        round_ = match.record_round(win(pia, BIG_HAND + " F"))
        hand = round_.hand
        assert (hand.credits, hand.points, hand.flowers) == (18, 512, 1)
        assert hand.credits_by_key()["identical_sequences"] == 3


@pytest.mark.django_db
class TestCorrections:
    def test_a_correction_changes_totals_and_is_kept_in_the_history(self, match, pia, organiser):
        round_ = match.record_round(win(pia), by=organiser)
        match.correct_round(round_, win(pia, BIG_HAND), organiser, expected_version=1)
        assert match.seats.get(player=pia).total == 512
        change = RoundChange.objects.get(action="edited")
        assert change.by == organiser
        assert change.before["points"] == 4 and change.after["points"] == 512
        assert change.before["hand"] == "456b 123c 234c 789k 55k"

    def test_the_second_of_two_simultaneous_corrections_is_refused(self, match, pia, organiser):
        round_ = match.record_round(win(pia))
        match.correct_round(round_, win(pia, BIG_HAND), organiser, expected_version=1)
        with pytest.raises(StaleEdit, match="Someone else changed round 1"):
            match.correct_round(round_, RoundEntry.draw(), organiser, expected_version=1)
        round_.refresh_from_db()
        assert round_.hand.points == 512 and round_.version == 2

    def test_a_round_entered_from_a_stale_sheet_is_refused(self, match, pia):
        version = match.version
        match.record_round(win(pia), expected_version=version)
        with pytest.raises(StaleEdit):
            match.record_round(win(pia), expected_version=version)
        assert match.rounds.count() == 1

    def test_deleting_a_round_renumbers_later_rounds_and_their_dealers(
        self, match, players, organiser
    ):
        first = match.record_round(win(players[1]))
        match.record_round(win(players[2]))
        match.delete_round(first, organiser, expected_version=first.version)
        (left,) = match.rounds.all()
        assert (left.number, left.dealer, left.winner) == (1, players[0], players[2])
        assert RoundChange.objects.filter(action="deleted", number=1).exists()
        assert match.seats.get(player=players[1]).total == 0

    def test_undo_removes_the_last_round(self, match, pia, organiser):
        match.record_round(win(pia))
        match.record_round(RoundEntry.draw())
        match.undo_last_round(organiser)
        assert [r.outcome for r in match.rounds.all()] == ["won"]

    def test_the_history_says_an_undo_undid_the_round(self, match, pia, organiser):
        match.record_round(win(pia))
        match.undo_last_round(organiser)
        change = RoundChange.objects.get(number=1, action__in=["deleted", "undone"])
        assert change.action == "undone"
        assert str(change) == "undone 1"

    def test_a_correction_that_would_end_the_match_early_is_refused(self, league, players):
        match = Match.begin(league, players[:2], first_dealer=0, rules={"target": 100})
        first = match.record_round(win(players[0]))
        match.record_round(win(players[1]))
        with pytest.raises(MatchFinished, match="Delete the later rounds"):
            match.correct_round(first, win(players[0], BIG_HAND), None, expected_version=1)
        assert match.seats.get(player=players[0]).total == 4

    def test_a_correction_can_reopen_a_finished_match(self, league, players, organiser):
        match = Match.begin(league, players[:2], first_dealer=0, rules={"target": 100})
        last = match.record_round(win(players[0], BIG_HAND))
        assert match.is_finished
        match.correct_round(last, win(players[0]), organiser, expected_version=1)
        assert not match.is_finished


@pytest.mark.django_db
def test_finished_matches_rate_their_players_in_order(league, players):
    match = Match.begin(league, players[:2], first_dealer=0, rules={"target": 100})
    match.record_round(win(players[1], BIG_HAND))
    ratings = {r.player: r.ordinal for r in PlayerRating.objects.filter(league=league)}
    assert ratings[players[1]] > ratings[players[0]]
    match.correct_round(match.rounds.get(), win(players[0], BIG_HAND), None, expected_version=1)
    ratings = {r.player: r.ordinal for r in PlayerRating.objects.filter(league=league)}
    assert ratings[players[0]] > ratings[players[1]]
