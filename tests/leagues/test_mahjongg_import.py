"""A Mah-Jongg file's matches added to an existing Mah-Jongg league (docs/league_json.md,
"Mah-Jongg leagues"): by `manage.py import_league --into` and by the import page, as Mhing's
are; a file of the other game is refused, naming both."""

from __future__ import annotations

import copy
import json
from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from leagues.exchange.export import league_document, write_standings_csv
from leagues.exchange.importer import ImportRefused, import_league
from leagues.models import League, Match, RoundEntry
from leagues.models.mahjongg_entry import record_game
from leagues.models.season_change import start_season
from scoring.mahjongg import Method
from scoring.mahjongg.match import GameEntry
from scoring.mahjongg.profile import Profile
from tests.clubs import shared_club

from .conftest import win as mhing_win
from .mahjongg_fixtures import OTHER, mj_league, win
from .test_import import upload

__all__ = ["mj_league"]

# PostgreSQL run: matches added inside one transaction; names matched.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


@pytest.fixture
def played(mj_league, players, organiser):
    """Two matches of the Dragon Club: a win and a draw, then a week later two wins."""
    first = Match.begin(mj_league, players, played_on=date(2026, 9, 1), by=organiser)
    record_game(first, win(0), by=organiser)
    record_game(first, GameEntry(None, ("", "", "", "")), by=organiser)
    later = Match.begin(mj_league, players[::-1], played_on=date(2026, 9, 8), by=organiser)
    record_game(later, win(1), by=organiser)
    record_game(later, win(2), by=organiser)
    return mj_league


@pytest.fixture
def jade(organiser):
    """An existing Mah-Jongg league without matches, on the default rules."""
    league = League.objects.create(
        club=shared_club(),
        name="Jade Club",
        slug="jade",
        game="mahjongg",
        season_start=date(2026, 9, 1),
    )
    league.organisers.add(organiser)
    return league


def standings_sheet(league: League) -> list[str]:
    out = StringIO()
    write_standings_csv(league, out)
    return out.getvalue().splitlines()


def file_of(league: League, tmp_path, name: str = "league.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(league_document(league), ensure_ascii=False), encoding="utf-8")
    return str(path)


def run(*args: str) -> str:
    out = StringIO()
    call_command("import_league", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def refused(*args: str) -> tuple[CommandError, str]:
    err = StringIO()
    with pytest.raises(CommandError) as error:
        call_command("import_league", *args, stdout=StringIO(), stderr=err)
    return error.value, err.getvalue()


class TestTheCommand:
    def test_into_adds_the_matches_with_their_games(self, played, jade, tmp_path):
        out = run(file_of(played, tmp_path), "--into", "jade")
        assert out.splitlines() == [
            "Added 2 matches with 4 games to Jade Club (0 new players).",
            "/leagues/jade/",
        ]
        assert [m.mj_games.count() for m in jade.matches.order_by("played_on")] == [2, 2]

    def test_the_round_trip_gives_identical_standings(self, played, jade, tmp_path):
        run(file_of(played, tmp_path), "--into", "jade")
        assert standings_sheet(jade) == standings_sheet(played)
        assert standings_sheet(jade)[1].startswith("Pia,2,")

    def test_players_are_matched_by_name(self, played, jade, players, tmp_path):
        run(file_of(played, tmp_path), "--into", "jade")
        match = jade.matches.get(played_on=date(2026, 9, 1))
        assert match.seated_players() == players
        assert set(jade.players.all()) == set(players)

    def test_into_again_skips_the_matches_already_there_and_says_how_many(
        self, played, jade, tmp_path
    ):
        path = file_of(played, tmp_path)
        run(path, "--into", "jade")
        sheet = standings_sheet(jade)
        out = run(path, "--into", "jade")
        assert out.splitlines()[0] == (
            "Added 0 matches with 0 games to Jade Club (0 new players); "
            "2 matches already in the league were skipped."
        )
        assert jade.matches.count() == 2
        assert standings_sheet(jade) == sheet

    def test_a_match_listed_twice_is_added_once_and_its_games_count_once(
        self, played, jade, tmp_path
    ):
        document = league_document(played)
        document["matches"].append(copy.deepcopy(document["matches"][0]))
        path = tmp_path / "twice.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        out = run(str(path), "--into", "jade")
        assert out.splitlines()[0] == (
            "Added 2 matches with 4 games to Jade Club (0 new players). Listed twice in the "
            "file, so added once: match 3, the same as match 1."
        )
        assert jade.matches.count() == 2
        assert standings_sheet(jade) == standings_sheet(played)

    def test_a_leagues_own_file_adds_nothing(self, played, tmp_path):
        out = run(file_of(played, tmp_path), "--into", "dragons")
        assert "2 matches already in the league were skipped" in out
        assert played.matches.count() == 2

    def test_only_the_matches_the_league_lacks_are_added(self, played, jade, tmp_path):
        document = league_document(played)
        first_only = {**document, "matches": document["matches"][:1]}
        path = tmp_path / "first.json"
        path.write_text(json.dumps(first_only), encoding="utf-8")
        run(str(path), "--into", "jade")
        out = run(file_of(played, tmp_path), "--into", "jade")
        assert out.startswith("Added 1 match with 2 games to Jade Club (0 new players); 1 match")
        assert standings_sheet(jade) == standings_sheet(played)

    def test_a_match_with_other_tiles_is_another_match(self, played, tmp_path):
        document = league_document(played)
        document["matches"][0]["games"][0]["hands"]["Quentin"] = OTHER.replace("Rd Wd", "Rd Gd")
        path = tmp_path / "changed.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        out = run(str(path), "--into", "dragons")
        assert out.startswith("Added 1 match with 2 games to Dragon Club (0 new players); 1 match")

    def test_tiles_written_with_other_spacing_are_the_same(self, played, tmp_path):
        document = league_document(played)
        hands = document["matches"][0]["games"][0]["hands"]
        hands["Pia"] = "  " + hands["Pia"].replace(" ", "   ") + " "
        path = tmp_path / "spaced.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        assert "Added 0 matches" in run(str(path), "--into", "dragons")

    def test_a_refused_game_rolls_everything_back(self, played, jade, tmp_path):
        document = league_document(played)
        document["matches"][1]["games"][1]["hands"]["Quentin"] = "5z"
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        error, err = refused(str(path), "--into", "jade")
        assert error.returncode == 1
        assert err.startswith("match 2 (2026-09-08): Quentin's tiles:")
        # The first match was fine, and is not kept either.
        assert not jade.matches.exists()
        assert len(standings_sheet(jade)) == 1  # the header: no player joined the roster

    def test_the_matches_go_into_the_current_season(self, played, jade, organiser, tmp_path):
        spring = start_season(jade, name="Spring", starts_on=date(2026, 11, 15), by=organiser)
        run(file_of(played, tmp_path), "--into", "jade")
        assert {m.season for m in jade.matches.all()} == {spring}

    def test_each_match_keeps_the_rules_it_carries(self, played, jade, tmp_path):
        jade.rules = Profile(settle=Method.FULL, limit=1000).to_dict()
        jade.save()
        run(file_of(played, tmp_path), "--into", "jade")
        match = jade.matches.get(played_on=date(2026, 9, 1))
        assert match.rule_profile == Profile().to_dict()
        assert list(match.seats.values_list("total", flat=True)) == [540, -170, -210, -160]

    def test_a_match_without_rules_is_played_under_the_leagues(self, played, jade, tmp_path):
        jade.rules = Profile(settle=Method.FULL).to_dict()
        jade.save()
        document = league_document(played)
        for match in document["matches"]:
            del match["rule_profile"]
        path = tmp_path / "no-rules.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        run(str(path), "--into", "jade")
        match = jade.matches.get(played_on=date(2026, 9, 1))
        assert match.rule_profile["settle"] == "full"
        # Full value: the losers pay each other too, so the balances differ from the file's.
        totals = list(match.seats.values_list("total", flat=True))
        assert totals != [540, -170, -210, -160] and totals[0] > 0

    def test_a_mahjongg_file_into_a_mhing_league_is_refused_naming_both_games(
        self, played, league, tmp_path
    ):
        error, err = refused(file_of(played, tmp_path), "--into", "tuesday")
        assert error.returncode == 1
        assert err.strip() == (
            "This file holds Mah-Jongg matches, but Tuesday Club plays Mhing: matches can "
            "only be added to a league of their own game."
        )
        assert not league.matches.exists()

    def test_a_mhing_file_into_a_mahjongg_league_is_refused_naming_both_games(
        self, league, match, players, jade, tmp_path
    ):
        match.record_round(mhing_win(players[1]))
        match.record_round(RoundEntry.draw())
        error, err = refused(file_of(league, tmp_path), "--into", "jade")
        assert error.returncode == 1
        assert err.strip() == (
            "This file holds Mhing matches, but Jade Club plays Mah-Jongg: matches can "
            "only be added to a league of their own game."
        )
        assert not jade.matches.exists()


class TestTheImportPage:
    URL = "/leagues/import/"

    def test_an_organiser_adds_a_files_matches_to_their_mahjongg_league(
        self, client, organiser, played, jade
    ):
        client.force_login(organiser)
        response = client.post(
            self.URL, {"file": upload(league_document(played)), "league": "jade"}
        )
        assert response.status_code == 302 and response["Location"] == "/leagues/jade/"
        page = client.get(response["Location"]).content.decode()
        assert "Added 2 matches with 4 games to Jade Club (0 new players)." in page
        assert standings_sheet(jade) == standings_sheet(played)

    def test_a_match_listed_twice_is_added_once_and_the_page_says_so(
        self, client, organiser, played, jade
    ):
        document = league_document(played)
        document["matches"].insert(1, copy.deepcopy(document["matches"][0]))
        client.force_login(organiser)
        response = client.post(self.URL, {"file": upload(document), "league": "jade"})
        page = client.get(response["Location"]).content.decode()
        assert (
            "Added 2 matches with 4 games to Jade Club (0 new players). Listed twice in the "
            "file, so added once: match 2, the same as match 1." in page
        )
        assert standings_sheet(jade) == standings_sheet(played)

    def test_a_refused_game_lists_the_problem_and_saves_nothing(
        self, client, organiser, played, jade
    ):
        document = league_document(played)
        document["matches"][1]["games"][0]["hands"]["Rosa"] = "5z"
        client.force_login(organiser)
        response = client.post(self.URL, {"file": upload(document), "league": "jade"})
        assert response.status_code == 200
        page = response.content.decode()
        assert "Nothing was imported:" in page
        assert "match 2 (2026-09-08): Rosa&#x27;s tiles:" in page
        assert not jade.matches.exists()

    def test_a_file_of_the_other_game_is_refused_on_the_page(
        self, client, organiser, played, league
    ):
        client.force_login(organiser)
        response = client.post(
            self.URL, {"file": upload(league_document(played)), "league": "tuesday"}
        )
        assert response.status_code == 200
        assert response.context["form"].non_field_errors() == [
            "This file holds Mah-Jongg matches, but Tuesday Club plays Mhing: matches can "
            "only be added to a league of their own game."
        ]
        assert not league.matches.exists()


def test_a_three_player_match_into_a_four_player_league_is_refused(
    played, jade, players, organiser
):
    three = League.objects.create(
        club=shared_club(),
        name="Three",
        slug="three",
        game="mahjongg",
        rules={"players": 3},
    )
    match = Match.begin(three, players[:3], played_on=date(2026, 10, 1), by=organiser)
    record_game(match, win(0, players=3), by=organiser)
    document = copy.deepcopy(league_document(three))
    with pytest.raises(ImportRefused, match="plays Mah-Jongg with 4 players, not 3"):
        import_league(document, into=jade, by=organiser)
    assert not jade.matches.exists()


def test_too_many_games_in_the_file_are_refused_before_any_is_read(played, jade):
    from leagues.exchange.reader import MAX_FILE_ROUNDS, MAX_ROUNDS

    document = league_document(played)
    game = document["matches"][0]["games"][0]
    match = {**document["matches"][0], "games": [game] * MAX_ROUNDS}
    document["matches"] = [match] * (MAX_FILE_ROUNDS // MAX_ROUNDS + 1)
    with pytest.raises(ImportRefused) as refused:
        import_league(document, into=jade)
    assert refused.value.messages == [
        f"The file holds {MAX_FILE_ROUNDS + MAX_ROUNDS} games; a league file may hold at most "
        f"{MAX_FILE_ROUNDS}: import it in parts."
    ]
