"""`manage.py load_demo`: the demo leagues, loaded through the importer and the models."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings

from leagues import demo
from leagues.exchange.export import league_document
from leagues.models import League, Match, Player, Round, RoundChange, WinningHand
from leagues.standings.table import Standings
from scoring.mhing import score_hand

from .test_import import comparable

# PostgreSQL run: the importer's transactions, JSON fields.
pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]


def load(*args: str) -> str:
    out = StringIO()
    call_command("load_demo", *args, stdout=out)
    return out.getvalue()


def counts() -> tuple[int, ...]:
    models = (League, Match, Round, WinningHand, RoundChange, Player)
    return tuple(model.objects.count() for model in models)


@pytest.fixture
def loaded(db) -> str:
    return load()


@pytest.fixture(scope="class")
def loaded_once(django_db_setup, django_db_blocker) -> Iterator[str]:
    """The demo loaded once for a class of tests that only read it (3-5 s a load), and the
    database emptied after them. Each test still runs in a transaction rolled back after it."""
    fast = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    with django_db_blocker.unblock(), fast:
        out = load()
    yield out
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


@pytest.mark.django_db
class TestTheLoadedDemo:
    """What the demo holds, read (never changed) by each test."""

    @pytest.fixture
    def loaded(self, loaded_once, db) -> str:
        return loaded_once

    def test_it_creates_three_leagues_nine_matches_and_their_rounds(self, loaded):
        assert set(League.objects.values_list("slug", flat=True)) == {
            "riverside",
            "thursday",
            "jade-dragon",
        }
        assert Match.objects.count() == 9
        assert Round.objects.count() == 45
        assert "9 matches, 45 rounds" in loaded

    def test_the_mahjongg_league_has_real_hands_under_both_settlements(self, loaded):
        jade = League.objects.get(slug="jade-dragon")
        first, second = jade.matches.order_by("played_on")
        assert (first.rule_profile["settle"], second.rule_profile["settle"]) == ("diff", "full")
        scores = [game.best for game in first.mj_games.order_by("number")]
        assert scores == [160, 3000, 0, 84]  # a kan win, the seven-pairs limit, a draw
        for match in (first, second):
            assert sum(match.seats.values_list("total", flat=True)) == 0
        assert Standings(jade).rows[0].played

    def test_the_club_is_public_with_eight_players_and_a_season(self, loaded):
        club = League.objects.get(slug="riverside")
        assert club.name == "Riverside Mhing Club" and club.is_public
        assert club.season_start and club.season_end
        assert club.players.count() == 8
        practice = League.objects.get(slug="thursday")
        assert not practice.is_public

    def test_the_club_has_finished_matches_a_running_one_and_a_chips_match(self, loaded):
        matches = Match.objects.filter(league__slug="riverside")
        assert matches.filter(status=Match.Status.FINISHED).count() == 5
        running = matches.get(status=Match.Status.RUNNING)
        assert running.rounds.count() == 5
        chips = matches.get(rule_profile__variant="chips")
        assert chips.is_finished and chips.rounds.count() == chips.game_rules.round_limit == 6

    def test_the_standings_are_filled_in(self, loaded):
        rows = Standings(League.objects.get(slug="riverside")).rows
        assert len(rows) == 8
        assert all(row.played for row in rows)
        assert rows[0].ordinal is not None and rows[0].points > 0

    def test_the_hands_show_what_the_sheet_handles(self, loaded):
        hands = WinningHand.objects.all()
        keys = {entry["key"] for hand in hands for entry in hand.breakdown}
        assert {"nothing_connects", "nothing_connects_with_honours", "flowers"} <= keys
        assert hands.filter(hand__contains="J").exists()
        assert hands.exclude(exposed=[]).exists()
        assert hands.filter(flowers__gt=0).exists()
        assert Round.objects.filter(outcome="draw").count() == 6
        assert Round.objects.filter(win_type="discard").exists()

    def test_every_demo_hand_is_a_winning_hand(self):
        hands = [
            round_["hand"]
            for document in demo.DOCUMENTS
            for match in document["matches"]
            for round_ in match["rounds"]
            if round_.get("outcome") != "draw"
        ]
        hands += [hand for *_, hand in demo.CORRECTIONS]
        assert len(hands) == 40  # 39 won rounds and a correction
        for hand in hands:
            score_hand(hand)  # raises InvalidHand or NotWinningHand otherwise

    def test_a_correction_is_in_the_history(self, loaded):
        change = RoundChange.objects.get(action=RoundChange.Action.EDITED)
        assert change.by.username == "organiser"
        assert change.before["points"] == 4 and change.after["points"] == 8
        assert change.match.rounds.get(number=1).hand.flowers == 1

    def test_the_accounts_sign_in_and_the_member_is_a_player(self, loaded):
        organiser = authenticate(username="organiser", password="mhing-demo")
        member = authenticate(username="member", password="mhing-demo")
        assert organiser and member
        for league in League.objects.all():
            assert league.is_organiser(organiser)
        assert member.players.get().display_name == "Anna Bäcker"
        # The members-only league is visible to its member.
        assert League.objects.get(slug="thursday").can_view(member)

    def test_it_prints_the_accounts_with_a_warning(self, loaded):
        assert "Sign in as organiser, password mhing-demo" in loaded
        assert "Sign in as member, password mhing-demo" in loaded
        assert "local demo only" in loaded


@pytest.mark.django_db
class TestLoading:
    def test_it_is_deterministic(self, loaded):
        before = [comparable(league_document(league)) for league in League.objects.all()]
        League.objects.all().delete()
        Player.objects.all().delete()
        load()
        after = [comparable(league_document(league)) for league in League.objects.all()]
        assert after == before


@pytest.mark.django_db
class TestLoadingAgain:
    def test_if_empty_does_nothing_when_a_league_exists(self, loaded):
        before = counts()
        assert "no demo data loaded" in load("--if-empty")
        assert counts() == before

    def test_if_empty_loads_into_an_empty_database(self, db):
        load("--if-empty")
        assert League.objects.count() == 3

    def test_if_empty_leaves_other_leagues_alone(self, league):
        assert "no demo data loaded" in load("--if-empty")
        assert list(League.objects.all()) == [league]

    def test_without_if_empty_it_loads_beside_other_leagues(self, league):
        load()
        assert League.objects.count() == 4

    def test_without_if_empty_it_refuses_to_load_the_demo_twice(self, loaded):
        before = counts()
        with pytest.raises(CommandError) as refused:
            load()
        assert str(refused.value) == (
            "The demo leagues jade-dragon, riverside, thursday exist already: nothing was loaded. "
            "Delete them first to load the demo again."
        )
        assert refused.value.returncode == 1
        assert counts() == before

    def test_an_existing_account_keeps_its_password(self, django_user_model):
        django_user_model.objects.create_user("organiser", password="my-own")
        out = load()
        assert "The account organiser existed already; its password is unchanged." in out
        assert authenticate(username="organiser", password="my-own")


def test_make_run_loads_the_demo_only_into_an_empty_database():
    """The Makefile asks whether the command exists, then calls it with --if-empty."""
    recipe = subprocess.run(
        ["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "manage.py help load_demo" in recipe
    assert "manage.py load_demo --if-empty" in recipe
    probe = subprocess.run(
        [".venv/bin/python", "manage.py", "help", "load_demo"], cwd=ROOT, capture_output=True
    )
    assert probe.returncode == 0
