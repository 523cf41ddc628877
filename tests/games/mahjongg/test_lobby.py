"""Opening a Mah-Jongg table from the lobby at /play/: the game is offered; a table without a
league plays the rules picked in the form; a table of a Mah-Jongg league plays its league's."""

from __future__ import annotations

import re
from datetime import date

import pytest

from games.models import Table
from leagues.models import League
from tests.clubs import shared_club

pytestmark = pytest.mark.django_db

LOBBY = "/play/"
CREATE = "/play/new/"


@pytest.fixture
def mj_league(organiser):
    league = League.objects.create(
        club=shared_club(),
        name="Friday Tiles",
        slug="friday-tiles",
        season_start=date(2026, 9, 1),
        game="mahjongg",
        rules={"limit": 1000, "players": 3, "settle": "full", "pairs": "all"},
    )
    league.organisers.add(organiser)
    return league


def form(**changes: str) -> dict[str, str]:
    data = {"players": "4", "variant": "points", "target": "500", "claim_timeout": "8"}
    data.update(changes)
    return data


def test_the_lobby_offers_mahjongg_and_its_rules(client, alice):
    client.force_login(alice)
    page = client.get(LOBBY).content.decode()
    assert f'href="{LOBBY}?game=mahjongg"' in page
    assert 'name="target"' in page and 'name="mj_limit"' not in page
    page = client.get(LOBBY + "?game=mahjongg").content.decode()
    assert 'name="mj_limit"' in page and 'name="mj_rotation"' in page
    assert 'name="game" value="mahjongg"' in page
    for mhing_only in ("players", "variant", "target", "other_target", "round_limit"):
        assert f'name="{mhing_only}"' not in page


def test_the_choice_of_game_swaps_only_the_new_table_form(client, alice):
    client.force_login(alice)
    page = client.get(
        LOBBY + "?game=mahjongg", headers={"HX-Request": "true", "HX-Target": "create-box"}
    ).content.decode()
    assert page.lstrip().startswith('<div id="create-box">') and 'name="mj_limit"' in page
    assert "open-tables" not in page


def test_a_table_without_a_league_plays_the_rules_picked_when_it_is_opened(client, alice):
    client.force_login(alice)
    response = client.post(
        CREATE,
        form(game="mahjongg", mj_players="3", mj_settle="full", mj_limit="500", mj_pairs="all"),
    )
    table = Table.objects.get()
    assert response.status_code == 302 and response.url == table.get_absolute_url()
    assert table.game == "mahjongg" and table.players == 3
    assert table.rules["settle"] == "full" and table.rules["limit"] == 500
    assert table.rules["pairs"] == "all" and table.rules["players"] == 3
    assert table.seats.count() == 3 and table.seats.get(position=0).user == alice


def test_a_table_of_a_mahjongg_league_plays_its_leagues_profile(client, organiser, mj_league):
    client.force_login(organiser)
    client.post(
        CREATE, form(game="mahjongg", league=str(mj_league.pk), mj_players="4", mj_limit="2000")
    )
    table = Table.objects.get()
    assert table.league == mj_league and table.players == 3
    assert table.rules == mj_league.rule_profile().to_dict()
    assert table.rules["limit"] == 1000


def test_a_mahjongg_league_is_refused_for_a_mhing_table_with_the_reason(
    client, organiser, mj_league
):
    client.force_login(organiser)
    response = client.post(CREATE, form(league=str(mj_league.pk)))
    assert response.status_code == 200 and not Table.objects.exists()
    assert "Friday Tiles plays Mah-Jongg." in response.content.decode()


def test_a_mhing_table_is_still_opened_without_a_game_field(client, alice):
    client.force_login(alice)
    client.post(CREATE, form())
    assert Table.objects.get().game == "mhing"


def test_the_open_tables_list_says_a_table_plays_mahjongg(client, alice):
    Table.create(alice, game="mahjongg")
    text = client.get(LOBBY).content.decode()
    item = text[text.index('class="lobby-table"') :]
    assert "Mah-Jongg" in item[: item.index("</p>")]
    assert "race to" not in item[: item.index("</p>")]


# -- "Record in league" follows the game -----------------------------------------


@pytest.fixture
def mhing_league(organiser):
    league = League.objects.create(
        club=shared_club(), name="Tuesday Club", slug="tuesday", season_start=date(2026, 9, 1)
    )
    league.organisers.add(organiser)
    return league


def offered_leagues(page: str) -> list[str]:
    """The names in the form's "Record in league" list, in order."""
    start = page.index('name="league"')
    select = page[start : page.index("</select>", start)]
    return re.findall(r"<option[^>]*>([^<]*)</option>", select)


def test_record_in_league_offers_only_the_leagues_of_the_chosen_game(
    client, organiser, mhing_league, mj_league
):
    client.force_login(organiser)
    mhing = offered_leagues(client.get(LOBBY).content.decode())
    assert mhing == ["None: a friendly game", "Tuesday Club"]
    mahjongg = offered_leagues(client.get(LOBBY + "?game=mahjongg").content.decode())
    assert mahjongg == ["None: a friendly game", "Friday Tiles"]


def test_choosing_the_game_swaps_in_the_form_with_that_games_leagues(
    client, organiser, mhing_league, mj_league
):
    client.force_login(organiser)
    swapped = client.get(
        LOBBY + "?game=mahjongg", headers={"HX-Request": "true", "HX-Target": "create-box"}
    ).content.decode()
    assert offered_leagues(swapped) == ["None: a friendly game", "Friday Tiles"]


def test_another_games_league_is_refused_with_what_to_do(client, organiser, mj_league):
    client.force_login(organiser)
    response = client.post(CREATE, form(league=str(mj_league.pk)))
    assert response.status_code == 200 and not Table.objects.exists()
    assert (
        "Friday Tiles plays Mah-Jongg. To record this table there, choose Mah-Jongg under"
        " “Which game?” above; or choose another league."
    ) in response.content.decode()
    assert "Select a valid choice" not in response.content.decode()


def test_the_new_table_form_shows_no_empty_label_for_the_game_chosen_above(client, alice):
    """The game is chosen by the links above the form and travels in a hidden field: a phone
    showed a bare "Game:" label over nothing."""
    client.force_login(alice)
    for address in (LOBBY, LOBBY + "?game=mahjongg"):
        page = client.get(address).content.decode()
        form = page[page.index('id="create-form"') :]
        assert 'type="hidden" name="game"' in form
        assert 'for="id_game"' not in form
        assert "field-game" not in form
