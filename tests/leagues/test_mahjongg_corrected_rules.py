"""A Mah-Jongg league by the rule book corrected on 2026-11-28: the variant
`pairs=all` chosen in the league's rules, shown on the match page, scored in its games,
exported and imported; a game no table could hold (one set of tiles, MAHJONGG.md §1.1)
refused on the game form beside the hands concerned and in an import, whole."""

from __future__ import annotations

import json
from datetime import date

import pytest
from django.urls import reverse

from leagues.exchange.export import league_document
from leagues.models import League, Match
from leagues.models.mahjongg_entry import record_game
from scoring.mahjongg import Pairs
from scoring.mahjongg.match import GameEntry
from scoring.mahjongg.profile import Profile
from tests.clubs import shared_club

from .mahjongg_fixtures import CALLER, OTHER2, PLAIN, mj_league, mj_match, win
from .test_import import upload
from .test_mahjongg_import import file_of, refused, run
from .test_mahjongg_league import settings_url
from .test_mahjongg_pages import game_new_url, game_post
from .test_organiser_league import settings_form

__all__ = ["mj_league", "mj_match"]

pytestmark = pytest.mark.django_db

# Quentin (South in the first game) keeps a pair of his seat wind: 8 under 002's rules, 12
# under pairs=all (open dragon pon 4, Sw pair 2 = 6, dragon pon doubled).
SOUTH_PAIR = "[RdRdRd] 2b 3b 4b 6c 7c 9c 9c SwSw Nw"
WITH_PAIR = (CALLER, SOUTH_PAIR, PLAIN, OTHER2)


def pairs_all_league(organiser, slug="pairs") -> League:
    league = League.objects.create(
        name="Pairs Club",
        slug=slug,
        game="mahjongg",
        season_start=date(2026, 9, 1),
        rules=Profile(pairs=Pairs.ALL).to_dict(),
        club=shared_club(),
    )
    league.organisers.add(organiser)
    return league


def game(caller: int, hands: tuple[str, ...]) -> GameEntry:
    return GameEntry(caller, hands)


class TestPairsAll:
    def test_the_settings_page_offers_whose_pairs_score(self, organiser_client, mj_league):
        page = organiser_client.get(settings_url(mj_league)).content.decode()
        assert 'name="mj_pairs" value="caller"' in page and 'name="mj_pairs" value="all"' in page
        assert "Every player&#x27;s pairs score, as the caller&#x27;s pair does" in page
        form = {**settings_form(mj_league), "mj_pairs": "all"}
        assert organiser_client.post(settings_url(mj_league), form).status_code == 302
        mj_league.refresh_from_db()
        assert mj_league.rule_profile().pairs is Pairs.ALL

    def test_a_non_callers_pair_of_winds_scores_in_a_pairs_all_league(
        self, organiser, players, mj_league
    ):
        league = pairs_all_league(organiser)
        match = Match.begin(league, players, by=organiser)
        recorded = record_game(match, game(0, WITH_PAIR), by=organiser)
        assert recorded.scores == [96, 12, 0, 10]
        # The same game in a league of 002's rules: the pair earns nothing.
        plain = Match.begin(mj_league, players, by=organiser)
        assert record_game(plain, game(0, WITH_PAIR), by=organiser).scores == [96, 8, 0, 10]

    def test_the_match_page_says_whose_pairs_score(self, organiser_client, organiser, players):
        match = Match.begin(pairs_all_league(organiser), players, by=organiser)
        record_game(match, game(0, WITH_PAIR), by=organiser)
        page = organiser_client.get(match.get_absolute_url()).content.decode()
        assert '<span id="mj-pairs-rule">every player\'s pairs score</span>' in page
        # The sheet's link shows the same score in the calculator.
        assert "SwSw+Nw+seat%3DS+round%3DE+pairs%3Dall" in page

    def test_a_match_of_002s_rules_says_only_the_callers_pair_scores(
        self, organiser_client, mj_match
    ):
        page = organiser_client.get(mj_match.get_absolute_url()).content.decode()
        assert '<span id="mj-pairs-rule">only the caller\'s pair scores</span>' in page

    def test_the_export_carries_pairs_and_the_import_keeps_it(
        self, organiser, players, mj_league, tmp_path
    ):
        league = pairs_all_league(organiser)
        match = Match.begin(league, players, played_on=date(2026, 9, 1), by=organiser)
        record_game(match, game(0, WITH_PAIR), by=organiser)
        document = league_document(league)
        assert document["league"]["mahjongg_profile"]["pairs"] == "all"
        assert document["matches"][0]["rule_profile"]["pairs"] == "all"
        # Into a league of 002's rules: the match keeps the rules it carries.
        run(file_of(league, tmp_path), "--into", mj_league.slug)
        imported = mj_league.matches.get()
        assert imported.rule_profile["pairs"] == "all"
        assert imported.mj_games.get().scores == [96, 12, 0, 10]


# The impossible game, but for Rosa: a red dragon pon in three hands (nine of four).
IMPOSSIBLE = (
    "[RdRdRd] 123b 456b 789b 55k win=5k by=wall",
    "[RdRdRd] 2c 3c 4c 6c 7c 9c 9c Ew Sw Nw",
    PLAIN,
    "[RdRdRd] 1c 5c 8c 4k 6k 1b 9b Wd Wd Nw",
)
REFUSAL = (
    "Nine red dragons in this game's hands: one set at a table has four of each tile. "
    "Check the tiles of Pia, Quentin, Sven."
)


class TestOneSetAtATable:
    def test_the_game_form_refuses_it_beside_each_hand_concerned(self, organiser_client, mj_match):
        hands = {f"hand{n}": hand for n, hand in enumerate(IMPOSSIBLE)}
        response = organiser_client.post(game_new_url(mj_match), game_post(mj_match, **hands))
        assert response.status_code == 200
        form = response.context["form"]
        message = REFUSAL
        assert form.errors == {"hand0": [message], "hand1": [message], "hand3": [message]}
        text = response.content.decode()
        beside = text[text.index('id="mj-typed-3"') :]
        assert "Nine red dragons" in beside[: beside.index("</div>\n")]
        assert not mj_match.mj_games.exists()

    def test_a_bonus_tile_in_two_hands_is_refused_naming_it(self, organiser_client, mj_match):
        data = game_post(mj_match, hand1=f"{SOUTH_PAIR} F3", hand2=f"{PLAIN} F3")
        response = organiser_client.post(game_new_url(mj_match), data)
        message = (
            "Flower 3 (West) is in more than one hand: there is one of each bonus tile. "
            "Check the tiles of Quentin, Rosa."
        )
        assert response.context["form"].errors == {"hand1": [message], "hand2": [message]}
        assert not mj_match.mj_games.exists()

    def test_the_same_hands_at_a_possible_table_are_recorded(self, organiser_client, mj_match):
        hands = {f"hand{n}": hand for n, hand in enumerate(WITH_PAIR)}
        response = organiser_client.post(game_new_url(mj_match), game_post(mj_match, **hands))
        assert response.status_code == 302 and mj_match.mj_games.count() == 1

    def test_an_import_with_such_a_game_is_refused_whole(
        self, mj_league, players, organiser, tmp_path
    ):
        first = Match.begin(mj_league, players, played_on=date(2026, 9, 1), by=organiser)
        record_game(first, win(0), by=organiser)
        record_game(first, win(1), by=organiser)
        document = league_document(mj_league)
        names = [player.display_name for player in players]
        document["matches"][0]["games"][1]["hands"] = dict(zip(names, IMPOSSIBLE, strict=True))
        document["matches"][0]["games"][1]["caller"] = names[0]
        target = League.objects.create(
            name="Jade", slug="jade", game="mahjongg", club=shared_club()
        )
        target.organisers.add(organiser)
        path = tmp_path / "impossible.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        error, err = refused(str(path), "--into", "jade")
        assert error.returncode == 1
        assert err.startswith("match 1 (2026-09-01): ")
        assert "Nine red dragons in this game's hands" in err and "Pia, Quentin, Sven" in err
        assert not target.matches.exists()

    def test_the_import_page_lists_it_and_saves_nothing(self, client, organiser, mj_match):
        record_game(mj_match, win(0), by=organiser)
        document = league_document(mj_match.league)
        names = list(document["matches"][0]["games"][0]["hands"])
        document["matches"][0]["games"][0]["hands"] = dict(zip(names, IMPOSSIBLE, strict=True))
        target = League.objects.create(
            name="Jade", slug="jade", game="mahjongg", club=shared_club()
        )
        target.organisers.add(organiser)
        client.force_login(organiser)
        response = client.post(
            reverse("leagues:import"), {"file": upload(document), "league": "jade"}
        )
        page = response.content.decode()
        assert response.status_code == 200 and "Nothing was imported:" in page
        assert "Nine red dragons in this game&#x27;s hands" in page
        assert not target.matches.exists()
