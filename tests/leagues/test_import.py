"""Importing a league file: the importer (leagues.exchange.importer) and the import page."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from datetime import date
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from leagues.exchange.export import league_document, write_standings_csv
from leagues.exchange.importer import ImportRefused, import_league, parse_json
from leagues.models import League, Match, Player, RoundChange, RoundEntry
from tests.clubs import shared_club

from .conftest import BIG_HAND, SMALL_HAND, win

# PostgreSQL run: a short name taken (IntegrityError), names, JSON, query counts.
pytestmark = pytest.mark.postgres

DOCS = Path(__file__).resolve().parents[2] / "docs" / "league_json.md"


def comparable(document: dict) -> dict:
    """The document without what differs between two copies of a league: ids, export time and
    the short name."""
    document = copy.deepcopy(document)
    del document["exported_at"]
    del document["league"]["slug"]
    for match in document["matches"]:
        del match["id"]
    return document


def paper_season(**league) -> dict:
    """A hand-written file with only the required fields."""
    return {
        "format_version": 1,
        "league": {"name": "Paper Season", "slug": "paper", **league},
        "matches": [
            {
                "date": "2025-03-04",
                "players": ["Jörg", "Maëlle", "Ida"],
                "rounds": [
                    {"winner": "Maëlle", "hand": SMALL_HAND},
                    {"outcome": "draw"},
                    {"winner": "Ida", "discarder": "Jörg", "hand": BIG_HAND},
                ],
            }
        ],
    }


def refusal(document, **options) -> list[str]:
    with pytest.raises(ImportRefused) as refused:
        import_league(document, **options)
    return refused.value.messages


@pytest.fixture
def full_league(league, players, organiser):
    """A league with every kind of round: self-drawn, by discard, draws, jokers, flowers,
    exposed sets, a chips match, a finished and a running match."""
    pia, quentin, rosa, sven = players
    league.players.add(Player.objects.create(club=shared_club(), display_name="Ümit Reserve"))
    finished = Match.begin(
        league,
        [pia, quentin, rosa],
        first_dealer=2,
        played_on=date(2026, 9, 1),
        rules={"target": 100},
    )
    finished.record_round(win(quentin, "123c 123c 99b [5b J 7b] [RdRdRd] F F", discarder=rosa))
    finished.record_round(RoundEntry.draw())
    finished.record_round(win(pia, "123b 456b 789b 22b 111b"))
    chips = Match.begin(
        league,
        [sven, rosa, pia],
        first_dealer=1,
        played_on=date(2026, 9, 8),
        rules={"variant": "chips", "round_limit": 3},
    )
    chips.record_round(win(sven, "147b 258c 369k EwSw RdGdWd", discarder=pia))
    chips.record_round(win(rosa))
    chips.record_round(RoundEntry.draw())
    running = Match.begin(league, players, first_dealer=0, played_on=date(2026, 9, 15))
    running.record_round(win(rosa, "[2b 3b 4b] 234c 567c J 3k 4k 88b F"))
    assert finished.is_finished and chips.is_finished and not running.is_finished
    return league


@pytest.mark.django_db
class TestRoundTrip:
    def test_export_import_export_gives_the_same_league(self, full_league, organiser):
        exported = league_document(full_league)
        imported = import_league(json.loads(json.dumps(exported)), slug="copy", by=organiser)
        assert imported.league.slug == "copy"
        assert comparable(league_document(imported.league)) == comparable(exported)

    def test_the_copy_is_scored_again_and_has_its_own_history_and_ratings(
        self, full_league, organiser
    ):
        imported = import_league(
            league_document(full_league), slug="copy", by=organiser, club=full_league.club
        )
        copy_league = imported.league
        assert (imported.matches, imported.rounds, imported.new_players) == (3, 7, 0)
        assert copy_league.ratings.count() == full_league.ratings.count() > 0
        changes = RoundChange.objects.filter(match__league=copy_league)
        assert changes.count() == 7
        assert {c.action for c in changes} == {RoundChange.Action.ADDED}
        assert {c.by for c in changes} == {organiser}
        assert copy_league.is_organiser(organiser)

    def test_players_are_matched_by_name_and_keep_their_accounts(
        self, full_league, players, member
    ):
        before = Player.objects.count()
        # A new league of the same club: its players are the club's, matched by name.
        import_league(league_document(full_league), slug="copy", club=full_league.club)
        assert Player.objects.count() == before
        assert League.objects.get(slug="copy").players.get(user=member) == players[0]


@pytest.mark.django_db
class TestHandWrittenFiles:
    def test_a_file_with_only_the_required_fields_imports(self):
        imported = import_league(paper_season())
        league = imported.league
        assert (league.name, league.rule_profile().target, league.is_public) == (
            "Paper Season",
            500,
            True,
        )
        match = league.matches.get()
        assert [p.display_name for p in match.seated_players()] == ["Jörg", "Maëlle", "Ida"]
        assert match.first_dealer == 0
        rounds = list(match.rounds.order_by("number"))
        assert [r.outcome for r in rounds] == ["won", "draw", "won"]
        assert [r.win_type for r in rounds] == ["self_draw", "", "discard"]
        assert rounds[2].discarder.display_name == "Jörg"
        # Scored by the engine: 512 points ends the race to 500.
        assert rounds[2].hand.points == 512 and match.is_finished
        assert imported.new_players == 3

    def test_the_documented_example_imports(self):
        text = DOCS.read_text(encoding="utf-8")
        example = re.search(r"<!-- example -->\s*```json\n(.*?)```", text, re.S).group(1)
        imported = import_league(json.loads(example))
        assert imported.matches >= 1 and imported.rounds >= 1

    def test_computed_values_in_the_file_are_ignored(self):
        document = paper_season()
        document["matches"][0]["status"] = "running"
        document["matches"][0]["seats"] = [{"player": "Jörg", "total": 9999, "place": 1}]
        document["matches"][0]["rounds"][0].update(
            credits=41, points=131072, dealer="Ida", combinations={"one_suit": 8}
        )
        match = import_league(document).league.matches.get()
        first = match.rounds.get(number=1)
        assert (first.hand.credits, first.hand.points) == (2, 4)
        assert first.dealer.display_name == "Jörg"
        assert match.is_finished
        assert [s.total for s in match.seats.order_by("position")] == [0, 4, 512]

    def test_players_listed_without_a_match_join_the_roster(self):
        league = import_league({**paper_season(), "players": ["Nina Neu"]}).league
        assert set(league.players.values_list("display_name", flat=True)) == {
            "Nina Neu",
            "Jörg",
            "Maëlle",
            "Ida",
        }

    def test_first_dealer_may_be_a_name_or_a_seat_number(self):
        by_name = paper_season()
        by_name["matches"][0]["first_dealer"] = "Ida"
        assert import_league(by_name).league.matches.get().first_dealer == 2
        by_number = paper_season(slug="paper-2")
        by_number["matches"][0]["first_dealer"] = 1
        assert import_league(by_number).league.matches.get().first_dealer == 1

    def test_matches_may_be_added_to_an_existing_league(self, league, organiser):
        document = paper_season(slug="ignored", default_target=100)
        imported = import_league(document, into=league, by=organiser)
        assert imported.league == league and not imported.created
        assert not League.objects.filter(slug="ignored").exists()
        assert league.matches.get().game_rules.target == league.rule_profile().target == 500


def standings_sheet(league: League) -> str:
    out = StringIO()
    write_standings_csv(league, out)
    return out.getvalue()


def second_match(document: dict) -> dict:
    """The file with a second match: its first match a week later."""
    later = copy.deepcopy(document["matches"][0])
    later["date"] = "2025-03-11"
    return {**document, "matches": [*document["matches"], later]}


@pytest.mark.django_db
class TestImportingIntoALeagueAgain:
    def test_importing_a_leagues_own_file_into_it_adds_nothing_and_says_so(self, full_league):
        sheet, matches = standings_sheet(full_league), full_league.matches.count()
        imported = import_league(league_document(full_league), into=full_league)
        assert (imported.matches, imported.rounds, imported.skipped) == (0, 0, 3)
        assert imported.summary() == (
            "Added 0 matches with 0 rounds to Tuesday Club (0 new players); "
            "3 matches already in the league were skipped."
        )
        assert full_league.matches.count() == matches
        assert standings_sheet(full_league) == sheet

    def test_importing_the_same_file_twice_adds_its_matches_once(self, league):
        import_league(paper_season(), into=league)
        sheet = standings_sheet(league)
        imported = import_league(paper_season(), into=league)
        assert imported.summary() == (
            "Added 0 matches with 0 rounds to Tuesday Club (0 new players); "
            "1 match already in the league was skipped."
        )
        assert league.matches.count() == 1
        assert standings_sheet(league) == sheet

    def test_only_the_matches_the_league_lacks_are_added(self, league):
        import_league(paper_season(), into=league)
        imported = import_league(second_match(paper_season()), into=league)
        assert (imported.matches, imported.rounds, imported.skipped) == (1, 3, 1)
        assert imported.summary() == (
            "Added 1 match with 3 rounds to Tuesday Club (0 new players); "
            "1 match already in the league was skipped."
        )
        assert sorted(m.played_on for m in league.matches.all()) == [
            date(2025, 3, 4),
            date(2025, 3, 11),
        ]

    @pytest.mark.parametrize(
        "change",
        [
            pytest.param(
                lambda m: m["rounds"][0].update(hand="123c 456b 789k 234c 66k"), id="hand"
            ),
            pytest.param(lambda m: m.update(date="2025-03-05"), id="date"),
            pytest.param(lambda m: m.update(players=["Maëlle", "Jörg", "Ida"]), id="seats"),
            pytest.param(lambda m: m.update(first_dealer="Ida"), id="first-dealer"),
            pytest.param(lambda m: m.update(target=600), id="target"),
            pytest.param(lambda m: m["rounds"][2].update(discarder="Maëlle"), id="discarder"),
            pytest.param(lambda m: m["rounds"].pop(), id="fewer-rounds"),
        ],
    )
    def test_a_match_that_differs_in_anything_entered_is_added(self, league, change):
        import_league(paper_season(), into=league)
        document = paper_season()
        change(document["matches"][0])
        imported = import_league(document, into=league)
        assert (imported.matches, imported.skipped) == (1, 0)
        assert league.matches.count() == 2

    def test_the_leagues_default_target_counts_as_the_target_a_file_leaves_out(self, league):
        import_league(paper_season(), into=league)
        document = paper_season()
        document["matches"][0]["target"] = league.rule_profile().target
        assert import_league(document, into=league).skipped == 1

    def test_a_hand_written_with_other_spacing_case_or_order_is_the_same(self, full_league):
        document = league_document(full_league)
        first_round = document["matches"][0]["rounds"][0]
        assert first_round["hand"] == "[5b J 7b] [RdRdRd] 123c 123c 99b F F"
        first_round["hand"] = "99B  12c 3c 123C [rdrdrd] [ 7b J 5b ]  FF"
        imported = import_league(document, into=full_league)
        assert (imported.matches, imported.skipped) == (0, 3)

    def test_a_match_twice_in_the_file_is_added_once_if_the_league_lacked_it(self, league):
        document = paper_season()
        document["matches"].append(copy.deepcopy(document["matches"][0]))
        imported = import_league(document, into=league)
        assert (imported.matches, imported.skipped, imported.repeated) == (1, 0, ((2, 1),))
        assert league.matches.count() == 1

    def test_a_new_league_from_a_file_listing_a_match_twice_gets_it_once(self, db):
        document = paper_season()
        document["matches"].append(copy.deepcopy(document["matches"][0]))
        imported = import_league(document)
        assert (imported.matches, imported.rounds) == (1, 3)
        assert imported.league.matches.count() == 1

    def test_a_new_league_from_the_same_file_gets_every_match(self, full_league):
        imported = import_league(league_document(full_league), slug="copy")
        assert (imported.matches, imported.skipped) == (3, 0)

    def test_a_refused_match_refuses_the_file_even_beside_skipped_ones(self, league):
        import_league(paper_season(), into=league)
        document = second_match(paper_season())
        document["matches"][1]["rounds"][0]["hand"] = "123c 456b"
        with pytest.raises(ImportRefused):
            import_league(document, into=league)
        assert league.matches.count() == 1

    def test_the_league_is_read_once_however_many_matches_it_holds(self, full_league):
        document = league_document(full_league)
        one = {**document, "matches": document["matches"][:1]}
        with CaptureQueriesContext(connection) as few:
            assert import_league(one, into=full_league).skipped == 1
        with CaptureQueriesContext(connection) as many:
            assert import_league(document, into=full_league).skipped == 3
        assert len(many) == len(few)


@pytest.mark.django_db
class TestRefusals:
    def test_a_bad_hand_is_named_with_its_match_and_round_and_nothing_is_saved(self):
        document = paper_season()
        document["matches"].append(copy.deepcopy(document["matches"][0]))
        document["matches"][1]["date"] = "2025-03-11"
        document["matches"][1]["rounds"][2]["hand"] = "55555b 123c 456c 789c"
        leagues, players = League.objects.count(), Player.objects.count()
        messages = refusal(document)
        assert len(messages) == 1
        assert messages[0].startswith("match 2 (2025-03-11), round 3: ")
        assert "Five 5s of bamboo" in messages[0]
        assert (League.objects.count(), Player.objects.count()) == (leagues, players)
        assert not Match.objects.exists()

    def test_a_round_after_the_match_has_ended_is_refused(self):
        document = paper_season()
        document["matches"][0]["rounds"].append({"outcome": "draw"})
        (message,) = refusal(document)
        assert message.startswith("match 1 (2025-03-04), round 4: ")
        assert "The match is over" in message

    def test_a_winner_who_is_not_seated_is_named(self):
        document = paper_season()
        document["matches"][0]["rounds"][0]["winner"] = "Zoë"
        (message,) = refusal(document)
        assert message == (
            "match 1 (2025-03-04), round 1: the winner 'Zoë' is not one of this match's players."
        )

    def test_a_discarder_who_is_not_seated_is_named(self):
        document = paper_season()
        document["matches"][0]["rounds"][2]["discarder"] = "Zoë"
        (message,) = refusal(document)
        assert message == (
            "match 1 (2025-03-04), round 3: the discarder 'Zoë' is not one of this match's players."
        )

    def test_the_rules_of_the_models_apply(self):
        document = paper_season()
        document["matches"][0]["players"] = ["Jörg"]
        document["matches"][0]["rounds"] = []
        assert refusal(document) == ["match 1 (2025-03-04): A match has 2 to 6 players, not 1."]

    def test_each_shape_problem_is_listed(self):
        document = paper_season()
        match = document["matches"][0]
        match["date"] = "4 March"
        match["target"] = 0
        match["rounds"][1] = {"outcome": "lost"}
        del document["league"]["name"]
        messages = refusal(document)
        assert "league: 'name' is missing." in messages
        assert "match 1: 'date' must be a date written YYYY-MM-DD, not '4 March'." in messages
        assert "match 1: 'target' must be 1 or more." in messages
        assert "match 1, round 2: 'outcome' must be one of won, draw, not 'lost'." in messages

    def test_an_unknown_format_version_is_refused(self):
        assert refusal({**paper_season(), "format_version": 2}) == [
            "This file is format version 2; this site reads version 1."
        ]

    def test_a_file_without_a_format_version_is_refused(self):
        document = paper_season()
        del document["format_version"]
        assert "'format_version' is missing" in refusal(document)[0]

    def test_another_kind_of_json_is_refused(self):
        assert "expected a JSON object" in refusal([1, 2, 3])[0]
        assert "not a Mhing League file" in refusal({**paper_season(), "format": "other"})[0]

    def test_malformed_json_says_where(self):
        with pytest.raises(ImportRefused) as refused:
            parse_json(b'{"format_version": 1,\n "matches": [}')
        assert refused.value.messages == [
            "The file is not valid JSON: Expecting value (line 2, column 14)."
        ]

    def test_a_byte_order_mark_is_allowed(self):
        assert parse_json("\ufeff{}".encode()) == {}

    def test_a_taken_short_name_is_refused_and_another_may_be_given(self, league):
        document = paper_season()
        document["league"]["slug"] = league.slug
        with pytest.raises(ImportRefused) as refused:
            import_league(document)
        assert refused.value.has_code("slug_taken")
        assert "short name 'tuesday' already exists" in refused.value.messages[0]
        assert import_league(document, slug="tuesday-2").league.name == "Paper Season"

    def test_the_import_page_address_is_not_a_short_name(self):
        # The league model refuses it (leagues/import/ is the import page).
        assert "“import” is the name of a page" in refusal(paper_season(slug="import"))[0]


# -- the page ------------------------------------------------------------------------------

URL = "/leagues/import/"


def upload(document, name="league.json") -> SimpleUploadedFile:
    data = document if isinstance(document, bytes) else json.dumps(document).encode()
    return SimpleUploadedFile(name, data, content_type="application/json")


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("stella", password="pw", is_staff=True)


@pytest.mark.django_db
class TestImportPage:
    def test_its_url_name(self):
        assert reverse("leagues:import") == URL

    def test_anonymous_visitors_are_sent_to_sign_in(self, client):
        response = client.get(URL)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))

    @pytest.mark.parametrize("persona", ["outsider", "member"])
    def test_who_neither_organises_nor_is_staff_may_not_import(self, client, request, persona):
        client.force_login(request.getfixturevalue(persona))
        assert client.get(URL).status_code == 403

    def test_an_organiser_may_import_only_into_their_leagues(self, client, organiser, league):
        League.objects.create(club=shared_club(), name="Other Club", slug="other")
        client.force_login(organiser)
        response = client.get(URL)
        assert response.status_code == 200
        choices = response.context["form"].fields["league"].choices
        assert choices == [("tuesday", "Tuesday Club")]
        assert "slug" not in response.context["form"].fields

    def test_staff_may_create_a_league(self, client, staff):
        client.force_login(staff)
        response = client.get(URL)
        assert response.status_code == 200
        assert response.context["form"].fields["league"].choices[0][0] == ""
        assert "A new league, as described in the file" in response.content.decode()

    def test_an_organiser_adds_the_files_matches_to_their_league(self, client, organiser, league):
        client.force_login(organiser)
        response = client.post(URL, {"file": upload(paper_season()), "league": "tuesday"})
        assert response.status_code == 302
        assert response["Location"] == league.get_absolute_url()
        assert league.matches.count() == 1
        page = client.get(response["Location"])
        assert (
            "Added 1 match with 3 rounds to Tuesday Club (3 new players)." in page.content.decode()
        )

    def test_importing_the_same_file_again_adds_nothing_and_says_so(
        self, client, organiser, league
    ):
        client.force_login(organiser)
        client.post(URL, {"file": upload(paper_season()), "league": "tuesday"})
        response = client.post(URL, {"file": upload(paper_season()), "league": "tuesday"})
        assert league.matches.count() == 1
        page = client.get(response["Location"]).content.decode()
        assert (
            "Added 0 matches with 0 rounds to Tuesday Club (0 new players); "
            "1 match already in the league was skipped." in page
        )

    def test_a_match_listed_twice_in_the_file_is_added_once_and_the_page_says_so(
        self, client, organiser, league
    ):
        document = second_match(paper_season())
        document["matches"].insert(1, copy.deepcopy(document["matches"][0]))
        client.force_login(organiser)
        response = client.post(URL, {"file": upload(document), "league": "tuesday"})
        page = client.get(response["Location"]).content.decode()
        assert (
            "Added 2 matches with 6 rounds to Tuesday Club (3 new players). Listed twice in "
            "the file, so added once: match 2, the same as match 1." in page
        )
        assert sorted(m.played_on for m in league.matches.all()) == [
            date(2025, 3, 4),
            date(2025, 3, 11),
        ]
        sheet = standings_sheet(league).splitlines()
        # Each player played two matches, not three.
        assert sorted(row.split(",")[:2] for row in sheet[1:]) == [
            ["Ida", "2"],
            ["Jörg", "2"],
            ["Maëlle", "2"],
        ]

    def test_an_organiser_cannot_create_a_league(self, client, organiser, league):
        client.force_login(organiser)
        response = client.post(URL, {"file": upload(paper_season()), "league": ""})
        assert response.status_code == 200
        assert response.context["form"].errors["league"]
        assert not League.objects.filter(slug="paper").exists()

    def test_an_organiser_cannot_import_into_someone_elses_league(self, client, organiser, league):
        other = League.objects.create(club=shared_club(), name="Other Club", slug="other")
        client.force_login(organiser)
        response = client.post(URL, {"file": upload(paper_season()), "league": "other"})
        assert response.context["form"].errors["league"]
        assert not other.matches.exists()

    def test_staff_create_a_league_and_organise_it(self, client, staff):
        client.force_login(staff)
        response = client.post(URL, {"file": upload(paper_season()), "league": ""})
        league = League.objects.get(slug="paper")
        assert response["Location"] == league.get_absolute_url()
        assert league.is_organiser(staff)

    def test_a_refused_file_lists_the_problems_and_saves_nothing(self, client, staff):
        document = paper_season()
        document["matches"][0]["rounds"][0]["hand"] = "123c 456b"
        client.force_login(staff)
        response = client.post(URL, {"file": upload(document), "league": ""})
        assert response.status_code == 200
        page = response.content.decode()
        assert "Nothing was imported:" in page
        assert "match 1 (2025-03-04), round 1: " in page
        assert not League.objects.filter(slug="paper").exists()

    def test_malformed_json_is_shown_at_the_file(self, client, staff):
        client.force_login(staff)
        response = client.post(URL, {"file": upload(b"{oops"), "league": ""})
        assert "The file is not valid JSON" in response.context["form"].errors["file"][0]

    def test_a_taken_short_name_is_shown_at_the_field_and_another_one_works(
        self, client, staff, league
    ):
        document = paper_season(slug="tuesday")
        client.force_login(staff)
        response = client.post(URL, {"file": upload(document), "league": ""})
        assert "already exists" in response.context["form"].errors["slug"][0]
        response = client.post(URL, {"file": upload(document), "league": "", "slug": "paper-2"})
        assert response.status_code == 302
        assert League.objects.get(slug="paper-2").name == "Paper Season"

    def test_with_htmx_the_form_is_swapped_and_success_redirects_the_page(self, client, staff):
        client.force_login(staff)
        fragment = client.get(URL, headers={"HX-Request": "true"})
        assert fragment.content.decode().lstrip().startswith('<form id="import-form"')
        response = client.post(
            URL, {"file": upload(paper_season()), "league": ""}, headers={"HX-Request": "true"}
        )
        assert response["HX-Redirect"] == League.objects.get(slug="paper").get_absolute_url()

    def test_the_form_works_without_javascript(self, client, staff):
        client.force_login(staff)
        page = client.get(URL).content.decode()
        assert f'method="post" enctype="multipart/form-data" action="{URL}"' in page


# -- the same as entering the rounds by hand -----------------------------------------------


def ratings(league: League) -> dict[str, tuple]:
    return {
        r.player.display_name: (r.mu, r.sigma, r.ordinal, r.matches)
        for r in league.ratings.select_related("player")
    }


def history(league: League) -> list[tuple]:
    changes = RoundChange.objects.filter(match__league=league)
    return [
        (c.match.played_on, c.number, c.action, c.by_id, c.before, c.after)
        for c in changes.select_related("match").order_by("match__played_on", "number", "id")
    ]


@pytest.fixture
def by_hand(league, players, organiser):
    """Every kind of match, each round entered one by one by the organiser: a finished points
    race with exposed sets, jokers and flowers; a chips match ended by its round limit; a
    running match; and a long race, 80 rounds of small hands and draws before a 512-point
    hand ends it."""
    pia, quentin, rosa, sven = players

    def play(seated, entries, **settings):
        match = Match.begin(league, seated, by=organiser, **settings)
        for entry in entries:
            match.record_round(entry, by=organiser)
        return match

    play(
        [pia, quentin, rosa],
        [
            win(quentin, "123c 123c 99b [5b J 7b] [RdRdRd] F F", discarder=rosa),
            RoundEntry.draw(),
            win(pia, "123b 456b 789b 22b 111b"),
        ],
        first_dealer=2,
        rules={"target": 100},
        played_on=date(2026, 9, 1),
    )
    play(
        [sven, rosa, pia],
        [
            win(sven, "147b 258c 369k EwSw RdGdWd", discarder=pia),
            win(rosa),
            RoundEntry.draw(),
        ],
        first_dealer=1,
        rules={"variant": "chips", "round_limit": 3},
        played_on=date(2026, 9, 8),
    )
    play(players, [win(rosa, "[2b 3b 4b] 234c 567c J 3k 4k 88b F")], played_on=date(2026, 9, 15))
    seats = [sven, quentin, pia, rosa]
    entries = [
        RoundEntry.draw()
        if number % 7 == 3
        else win(seats[number % 4], SMALL_HAND, seats[(number + 1) % 4] if number % 2 else None)
        for number in range(80)
    ]
    long = play(
        seats,
        [*entries, win(pia, BIG_HAND)],
        first_dealer=3,
        rules={"target": 550},
        played_on=date(2026, 9, 22),
    )
    assert long.is_finished and long.rounds.count() == 81
    return league


@pytest.mark.django_db
class TestTheSameAsEnteringTheRoundsByHand:
    def test_scores_totals_places_and_statuses_are_the_same(self, by_hand, organiser):
        imported = import_league(league_document(by_hand), slug="copy", by=organiser).league
        assert comparable(league_document(imported)) == comparable(league_document(by_hand))

    def test_standings_and_ratings_are_the_same(self, by_hand, organiser):
        imported = import_league(league_document(by_hand), slug="copy", by=organiser).league
        assert standings_sheet(imported) == standings_sheet(by_hand)
        assert ratings(imported) == ratings(by_hand)
        assert len(ratings(imported)) == 4

    def test_the_history_and_versions_are_the_same(self, by_hand, organiser):
        imported = import_league(league_document(by_hand), slug="copy", by=organiser).league
        assert history(imported) == history(by_hand)
        versions = sorted(by_hand.matches.values_list("played_on", "version"))
        assert sorted(imported.matches.values_list("played_on", "version")) == versions

    def test_each_round_keeps_its_dealer_and_who_entered_it(self, by_hand, organiser):
        imported = import_league(league_document(by_hand), slug="copy", by=organiser).league
        expected = list(
            by_hand.matches.order_by("played_on")
            .values_list("rounds__number", "rounds__dealer__display_name", "rounds__entered_by")
            .order_by("played_on", "rounds__number")
        )
        got = list(
            imported.matches.order_by("played_on")
            .values_list("rounds__number", "rounds__dealer__display_name", "rounds__entered_by")
            .order_by("played_on", "rounds__number")
        )
        assert got == expected

    def test_adding_matches_into_a_league_rates_it_as_entering_them_would(self, by_hand, organiser):
        other = League.objects.create(club=shared_club(), name="Other", slug="other")
        import_league(league_document(by_hand), into=other, by=organiser)
        assert ratings(other) == ratings(by_hand)


def long_match(rounds: int) -> dict:
    """A file of one match of `rounds` rounds that do not end it (target out of reach)."""
    document = paper_season()
    match = document["matches"][0]
    match["target"] = 1_000_000
    match["rounds"] = [
        {"winner": "Maëlle", "hand": SMALL_HAND} if n % 3 else {"outcome": "draw"}
        for n in range(rounds)
    ]
    return document


@pytest.mark.django_db
class TestWorkGrowsWithTheFileNotItsSquare:
    def test_the_queries_barely_grow_with_the_rounds_of_a_match(self):
        with CaptureQueriesContext(connection) as few:
            import_league(long_match(10), slug="few")
        with CaptureQueriesContext(connection) as many:
            imported = import_league(long_match(400), slug="many")
        assert imported.rounds == 400
        # Entering rounds one by one took about 10 queries a round; the bulk inserts split
        # into batches, a few queries for 390 more rounds.
        assert len(many) - len(few) <= 12

    def test_a_match_of_the_most_rounds_allowed_imports(self):
        from leagues.exchange.reader import MAX_ROUNDS

        imported = import_league(long_match(MAX_ROUNDS))
        match = imported.league.matches.get()
        assert match.rounds.count() == MAX_ROUNDS and match.version == 1 + MAX_ROUNDS
        totals = [seat.total for seat in match.seats.order_by("position")]
        assert totals == [0, 4 * (MAX_ROUNDS - MAX_ROUNDS // 3 - 1), 0]


@pytest.mark.django_db
class TestFormatVersion:
    @pytest.mark.parametrize(("version", "shown"), [(True, "true"), (1.0, "1.0"), ("1", '"1"')])
    def test_only_the_whole_number_1_is_version_1(self, version, shown):
        assert refusal({**paper_season(), "format_version": version}) == [
            f"'format_version' must be a whole number (this site reads 1), not {shown}."
        ]
        assert not League.objects.exists()

    def test_the_whole_number_1_is(self):
        assert import_league({**paper_season(), "format_version": 1}).matches == 1


@pytest.mark.django_db
class TestLimits:
    def test_too_many_matches_are_refused_naming_the_limit(self):
        from leagues.exchange.reader import MAX_MATCHES

        document = paper_season()
        document["matches"] = document["matches"] * (MAX_MATCHES + 1)
        assert refusal(document) == [
            f"The file holds {MAX_MATCHES + 1} matches; a league file may hold at most "
            f"{MAX_MATCHES}."
        ]
        assert not League.objects.exists() and not Player.objects.exists()

    def test_too_many_rounds_in_a_match_are_refused_naming_the_limit(self):
        from leagues.exchange.reader import MAX_ROUNDS

        assert refusal(long_match(MAX_ROUNDS + 1)) == [
            f"match 1 (2025-03-04): the match has {MAX_ROUNDS + 1} rounds; a match may have "
            f"at most {MAX_ROUNDS}."
        ]
        assert not League.objects.exists()

    def test_too_many_rounds_in_the_file_are_refused_naming_the_limit(self):
        from leagues.exchange.reader import MAX_FILE_ROUNDS, MAX_ROUNDS

        document = long_match(MAX_ROUNDS)
        document["matches"] *= MAX_FILE_ROUNDS // MAX_ROUNDS + 1
        assert refusal(document) == [
            f"The file holds {MAX_FILE_ROUNDS + MAX_ROUNDS} rounds; a league file may hold at "
            f"most {MAX_FILE_ROUNDS}: import it in parts."
        ]

    def test_a_roster_too_long_is_refused(self):
        from leagues.exchange.reader import MAX_ROSTER

        document = {**paper_season(), "players": [f"P{n}" for n in range(MAX_ROSTER + 1)]}
        assert refusal(document) == [
            f"'players' lists {MAX_ROSTER + 1} names; a league file may list at most {MAX_ROSTER}."
        ]
        assert not Player.objects.exists()

    def test_a_match_of_many_players_is_refused_before_any_player_is_made(self):
        document = paper_season()
        document["matches"][0]["players"] = [f"P{n}" for n in range(5000)]
        assert refusal(document) == ["match 1 (2025-03-04): A match has 2 to 6 players, not 5000."]
        assert not Player.objects.exists()

    def test_a_long_value_is_quoted_cut_short(self):
        document = paper_season()
        document["matches"][0]["date"] = "x" * 100_000
        (message,) = refusal(document)
        assert message.startswith("match 1: 'date' must be a date written YYYY-MM-DD, not 'xxx")
        assert len(message) < 150 and "…" in message


class TestHostileJson:
    def test_deep_nesting_is_refused_saying_so(self):
        with pytest.raises(ImportRefused) as refused:
            parse_json(b"[" * 100_000)
        assert refused.value.messages == [
            "The file nests brackets more than 20 deep; a league file needs 6 levels "
            "(matches, rounds, combinations)."
        ]

    @pytest.mark.parametrize("depth", [21, 500, 3000])
    def test_any_depth_beyond_the_limit_is_refused(self, depth):
        data = '{"format_version": 1, "matches": ' + "[" * depth + "]" * depth + "}"
        with pytest.raises(ImportRefused) as refused:
            parse_json(data.encode())
        assert "nests brackets more than 20 deep" in refused.value.messages[0]

    def test_nesting_up_to_the_limit_is_read(self):
        assert parse_json(b"[" * 20 + b"]" * 20) == [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]

    @pytest.mark.parametrize("digits", [21, 4301, 100_000])
    def test_a_number_too_long_is_refused_saying_so(self, digits):
        with pytest.raises(ImportRefused) as refused:
            parse_json(b'{"format_version": -' + b"9" * digits + b"}")
        assert refused.value.messages == [
            "The file holds a number longer than 20 digits: no league value is."
        ]

    def test_bytes_that_are_not_utf8_are_refused_saying_where(self):
        with pytest.raises(ImportRefused) as refused:
            parse_json(b'{"format_version": 1, "name": "J\xf6rg"}')
        assert refused.value.messages == [
            "The file is not UTF-8 text (byte 33 is not part of a character)."
        ]

    def test_a_file_over_the_size_limit_is_refused_unread(self):
        from leagues.exchange.importer import MAX_FILE_SIZE

        with pytest.raises(ImportRefused) as refused:
            parse_json(b" " * (MAX_FILE_SIZE + 1))
        assert refused.value.messages == [
            "The file is 5.0\xa0MB; a league file may be at most 5.0\xa0MB."
        ]


@pytest.mark.bench
def test_the_import_benchmark_prints_its_report_and_exits_0():
    """`python -m benchmarks.league_import` (a report, not a timed test) on a small league."""
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.league_import", "--players", "6", "--rounds", "40"],
        cwd=DOCS.parents[1],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "HOME": str(Path.home())},
    )
    assert result.returncode == 0, result.stderr
    assert "40 rounds" in result.stdout
    assert "the copy's file equals the original's: yes; standings and ratings: same" in (
        result.stdout
    )
    assert re.search(r"import: [\d.]+ s \(CPU [\d.]+ s\)", result.stdout)
