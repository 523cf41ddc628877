"""The tile picker on a Mah-Jongg league's game form (leagues/kinds/mahjongg/picking.py): each
player's tiles picked with the calculator's buttons, the winds from the sheet, the winning
tile offered to the caller only, errors at the player they concern, saving as typed. A tap
posts the sheet's facts the form carries, as the page does (test_mahjongg_tap_sheet.py
checks that the answer is the same without them)."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from leagues.models import Match
from leagues.models.mahjongg_entry import record_game

from .mahjongg_fixtures import CALLER, DRAGONS, OTHER, PLAIN, mj_league, mj_match, win

__all__ = ["mj_league", "mj_match"]

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true", "HX-Target": "mj-live"}


def game_new_url(match: Match) -> str:
    return reverse("leagues:mj_game_new", args=[match.league.slug, match.pk])


def form_data(match: Match, caller="0", picking="0", hands=("", "", "", ""), **change) -> dict:
    data = {"caller": caller, "version": match.version, "picking": picking}
    data.update({f"hand{p}": hand for p, hand in enumerate(hands)})
    data.update(change)
    return data


def typed(text: str, position: int) -> str:
    """The value of the player's notation field on the page or in the answer."""
    found = re.search(rf'name="hand{position}" id="id_hand{position}" value="([^"]*)"', text)
    assert found, f"no field hand{position}"
    return html.unescape(found.group(1))


def sheet_in(page: str) -> str:
    """The score sheet's facts a game form page carries (leagues/kinds/mahjongg/tap_sheet.py)."""
    found = re.search(r'name="sheet" value="([^"]+)"', page)
    assert found, "the game form carries no sheet"
    return found.group(1)


def sheet_of(client, match: Match) -> str:
    return sheet_in(client.get(game_new_url(match)).content.decode())


def tap(client, match, hands, caller="0", picking="0", htmx=True, **change):
    data = form_data(match, caller, picking, hands, sheet=sheet_of(client, match), **change)
    response = client.post(game_new_url(match), data, headers=HTMX if htmx else {})
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_the_form_shows_each_player_with_a_picker_for_the_caller_first(organiser_client, mj_match):
    text = html.unescape(organiser_client.get(game_new_url(mj_match)).content.decode())
    names = {"Pia": "East", "Quentin": "South", "Rosa": "West", "Sven": "North"}
    for position, (name, wind) in enumerate(names.items()):
        about = f'<span class="mj-player-about" id="mj-about-{position}">{wind} · 0 tiles</span>'
        assert f'aria-describedby="mj-about-{position}">{name}</button>{about}' in text
    assert "Pia's tiles" in text and 'id="mj-pick-5b"' in text
    # The winds come from the sheet: no wind buttons; the caller is not chosen yet.
    assert 'name="seat"' not in text and 'name="round"' not in text
    assert 'name="win"' not in text
    # The league plays with bonus tiles (the default rules).
    assert 'id="mj-pick-F1"' in text


def test_a_tap_adds_the_tile_to_the_player_shown_and_answers_with_the_changed_parts(
    organiser_client, mj_match
):
    hands = ("", DRAGONS, "", "")
    text = tap(organiser_client, mj_match, hands, picking="1", add="5b")
    assert text.startswith('<div id="mj-live"')
    assert "Quentin's tiles" in text
    # Quentin's notation field comes back out of band with the new tile, others do not.
    assert typed(text, 1) == "2345b 6799c Ew Sw Nw [RdRdRd]"
    assert 'id="id_hand0"' not in text
    # His button above the picker: 14 tiles now.
    assert re.search(r'id="mj-player-1" hx-swap-oob="outerHTML"', text)
    assert "14 tiles" in text and 'id="mj-player-0"' not in text
    assert 'id="game-preview"' in text


def test_sets_and_a_concealed_kan_are_added_as_in_the_calculator(organiser_client, mj_match):
    text = tap(organiser_client, mj_match, ("", "", "", ""), picking="2", add="4c", **{"as": "chi"})
    assert typed(text, 2) == "[456c]"
    text = tap(
        organiser_client, mj_match, ("[456c]", "", "", ""), picking="0", add="Rd", **{"as": "ckan"}
    )
    assert typed(text, 0) == "[456c] {RdRdRdRd}"


def test_the_caller_picks_the_winning_tile_and_how_it_came(organiser_client, mj_match):
    hand = "123b 456b 789b 234c 55k"
    text = tap(organiser_client, mj_match, (hand, "", "", ""), caller="0", remove="9b")
    assert 'name="win" value="5k"' in text  # the caller is offered the winning tile
    text = tap(organiser_client, mj_match, (hand, "", "", ""), caller="0", win="5k")
    assert typed(text, 0) == "123456789b 234c 55k win=5k by=discard"
    text = tap(organiser_client, mj_match, (typed(text, 0), "", "", ""), caller="0", by="wall")
    assert typed(text, 0).endswith("win=5k by=wall")
    # Another player is not offered the winning tile.
    text = tap(organiser_client, mj_match, ("", hand, "", ""), caller="0", picking="1", add="1c")
    assert 'name="win"' not in text


def test_a_winning_tile_not_in_the_hand_is_not_taken(organiser_client, mj_match):
    hand = "123b 456b 789b 234c 55k"
    text = tap(organiser_client, mj_match, (hand, "", "", ""), caller="0", win="9k")
    assert typed(text, 0) == "123456789b 234c 55k"


def test_a_fifth_copy_is_refused_at_the_player_and_changes_nothing(organiser_client, mj_match):
    hand = "5b5b5b5b 1c"
    text = tap(organiser_client, mj_match, ("", "", hand, ""), picking="2", add="5b")
    assert re.search(r'id="mj-notice"[^>]*>All four 5s of bamboo', text), text[:2000]
    assert 'id="id_hand2"' not in text  # the field is not sent back: nothing changed


def test_a_full_hand_is_refused(organiser_client, mj_match):
    full = "123b 456b 789b 234c 55k"
    text = tap(organiser_client, mj_match, (full, "", "", ""), add="9k")
    assert 'id="mj-notice"' in text and 'id="id_hand0"' not in text


def test_choosing_a_player_shows_their_picker_and_every_players_button(organiser_client, mj_match):
    text = tap(organiser_client, mj_match, (CALLER, DRAGONS, PLAIN, OTHER), player="3")
    assert "Sven's tiles" in text and 'name="picking" value="3"' in text
    for position in range(4):
        assert f'id="mj-player-{position}" hx-swap-oob="outerHTML"' in text
    assert 'id="id_hand3"' not in text  # choosing changes no tiles


def test_the_preview_updates_with_each_tap(organiser_client, mj_match):
    almost = "123b 456b 789b 234c 5k win=5k by=wall"
    text = tap(organiser_client, mj_match, (almost, DRAGONS, PLAIN, OTHER), add="5k")
    assert "Quentin pays Pia 176" in text and 'id="game-preview" class="mj-preview"' in text
    assert not mj_match.mj_games.exists()  # a tap saves nothing


def test_an_error_is_shown_at_the_player_it_concerns(organiser_client, mj_match):
    # Rosa's line asks for a fifth 5b: the form names her, her picker and her field say so.
    text = tap(
        organiser_client, mj_match, (CALLER, DRAGONS, "5b5b5b5b5b", OTHER), htmx=False, player="2"
    )
    player = re.search(r'<li class="mj-player[^"]*" id="mj-player-2".*?</li>', text, re.S)
    assert player and "has-error" in player.group(0) and "Rosa" in player.group(0)
    assert 'id="mj-notice"' in text
    assert not mj_match.mj_games.exists()


def test_without_javascript_a_tap_shows_the_whole_form_with_the_tile(organiser_client, mj_match):
    text = tap(organiser_client, mj_match, ("1b", "", "", ""), htmx=False, add="2b")
    assert "<html" in text and typed(text, 0) == "12b"
    assert "Each player's tiles" in text


def test_the_picked_game_is_saved_and_a_stale_one_refused(organiser_client, mj_match, organiser):
    data = form_data(mj_match, "0", "0", (CALLER, DRAGONS, PLAIN, OTHER), action="save")
    response = organiser_client.post(game_new_url(mj_match), data, headers=HTMX)
    assert (
        response.status_code == 200
        and response.headers["HX-Redirect"] == mj_match.get_absolute_url()
    )
    assert mj_match.mj_games.get().hands[0] == CALLER
    # The same form again (its version is now stale): the whole form, with why, nothing saved.
    response = organiser_client.post(game_new_url(mj_match), data, headers=HTMX)
    text = html.unescape(response.content.decode())
    assert response.headers["HX-Retarget"] == "#game-form-box"
    assert "Nothing was saved" in text and text.lstrip().startswith('<div id="game-form-box">')
    assert mj_match.mj_games.count() == 1


def test_correcting_a_game_opens_the_pickers_with_its_tiles(organiser_client, mj_match, organiser):
    record_game(mj_match, win(0), by=organiser)
    url = reverse("leagues:mj_game_edit", args=["dragons", mj_match.pk, 1])
    text = html.unescape(organiser_client.get(url).content.decode())
    assert "Pia's tiles" in text  # the caller's picker first
    assert 'name="win" value="5k" aria-pressed="true"' in text
    assert 'id="mj-by-wall" name="by" value="wall" aria-pressed="true"' in text
    assert "14 tiles" in text


def test_bonus_tiles_are_offered_only_when_the_rules_have_them(
    organiser_client, mj_league, players, organiser
):
    mj_league.rules = {"bonus_tiles": False}
    mj_league.save()
    match = Match.begin(mj_league, players, by=organiser)
    text = html.unescape(organiser_client.get(game_new_url(match)).content.decode())
    assert 'id="mj-pick-5b"' in text and 'value="F1"' not in text.replace("f1", "F1")
