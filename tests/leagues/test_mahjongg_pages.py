"""A Mah-Jongg league's match pages, per persona (leagues/kinds/mahjongg/views.py)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues.models import Match
from leagues.models.mahjongg_entry import record_game

from .mahjongg_fixtures import CALLER, DRAGONS, OTHER, OTHER2, PLAIN, mj_league, mj_match, win

__all__ = ["mj_league", "mj_match"]

pytestmark = pytest.mark.django_db


def game_new_url(match: Match) -> str:
    return reverse("leagues:mj_game_new", args=[match.league.slug, match.pk])


def game_post(match: Match, caller="0", action="save", **hands) -> dict:
    data = {
        "caller": caller,
        "version": match.version,
        "action": action,
        "hand0": CALLER,
        "hand1": DRAGONS,
        "hand2": PLAIN,
        "hand3": OTHER,
    }
    data.update(hands)
    return data


def test_starting_a_match_seats_the_players_by_wind(organiser_client, mj_league, players):
    url = reverse("leagues:match_new", args=[mj_league.slug])
    page = organiser_client.get(url).content.decode()
    assert "East: player" in page and "North: player" in page and "target" not in page.lower()
    for player in players:
        mj_league.players.add(player)
    data = {f"seat{n + 1}_player": str(p.pk) for n, p in enumerate(players)}
    response = organiser_client.post(url, {**data, "played_on": "2026-11-20"})
    match = Match.objects.get()
    assert response.status_code == 302 and match.game == "mahjongg"
    assert match.seated_players() == players


def test_three_players_are_refused_when_the_league_plays_four(organiser_client, mj_league, players):
    url = reverse("leagues:match_new", args=[mj_league.slug])
    data = {f"seat{n + 1}_name": p.display_name for n, p in enumerate(players[:3])}
    response = organiser_client.post(url, {**data, "played_on": "2026-11-20"})
    assert "Seat 4 players, one at each wind." in response.content.decode()
    assert not Match.objects.exists()


def test_the_organiser_enters_a_game_and_sees_the_balances(organiser_client, mj_match):
    page = organiser_client.get(mj_match.get_absolute_url()).content.decode()
    assert game_new_url(mj_match) in page and "Next game: East round, Pia is East." in page
    entry = organiser_client.get(game_new_url(mj_match)).content.decode()
    assert "Next game: East round, Pia is East." in entry
    preview = organiser_client.post(game_new_url(mj_match), game_post(mj_match, action="preview"))
    text = preview.content.decode()
    assert "Game 1: scores and payments" in text and "Quentin pays Pia 176" in text
    assert not mj_match.mj_games.exists()  # a preview saves nothing
    response = organiser_client.post(game_new_url(mj_match), game_post(mj_match))
    assert response.status_code == 302
    sheet = organiser_client.get(mj_match.get_absolute_url()).content.decode()
    assert "Mah-Jongg: Pia" in sheet and "East: Pia" in sheet and ">540<" in sheet
    # Each score links to its breakdown in the calculator, with the sheet's winds.
    assert (
        "/calculator/mahjongg/?hand=123b+456b+789b+234c+55k+win%3D5k+by%3Dwall+seat%3DE+round%3DE"
        in sheet
    )
    assert "Game 1 added" in sheet


def test_the_preview_is_an_htmx_fragment(organiser_client, mj_match):
    response = organiser_client.post(
        game_new_url(mj_match),
        game_post(mj_match, action="preview"),
        headers={"HX-Request": "true"},
    )
    text = response.content.decode()
    # The picker's part of the page, and the preview out of band (the page stays as it is).
    assert text.startswith('<div id="mj-live"') and "<html" not in text
    assert '<section id="game-preview"' in text and 'hx-swap-oob="outerHTML"' in text
    assert "+540" in text


def test_a_refused_save_with_htmx_replaces_the_box_around_the_form_and_says_why_on_top(
    organiser_client, mj_match
):
    """Not the form itself (htmx calls its remove(), which a tile button named "remove"
    hides), and without the parts a tap's answer swaps in by id; shown from the top, where
    the box says the game was not saved and links each problem to its place."""
    response = organiser_client.post(
        game_new_url(mj_match),
        game_post(mj_match, caller="", hand0="1b"),
        headers={"HX-Request": "true"},
    )

    assert response["HX-Retarget"] == "#game-form-box"
    assert response["HX-Reswap"] == "outerHTML show:#game-form-box:top"
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="game-form-box">')
    assert "hx-swap-oob" not in text
    summary = text[text.index('id="game-errors"') :]
    summary = summary[: summary.index("</div>")]
    assert "The game was not saved. Fix what is marked, then save again:" in summary
    assert '<a href="#id_caller_0">Choose who called Mah-Jongg, or “Nobody: a draw”.</a>' in summary
    assert 'id="id_caller_0"' in text
    assert not mj_match.mj_games.exists()


def test_a_bad_hand_is_shown_beside_its_player(organiser_client, mj_match):
    response = organiser_client.post(game_new_url(mj_match), game_post(mj_match, hand2="5z"))
    text = response.content.decode()
    assert response.status_code == 200 and "Rosa&#x27;s tiles" in text
    assert not mj_match.mj_games.exists()


def test_a_stale_game_is_refused(organiser_client, mj_match, organiser):
    data = game_post(mj_match)
    record_game(mj_match, win(1), by=organiser)
    response = organiser_client.post(game_new_url(mj_match), data)
    assert "Nothing was saved" in response.content.decode()
    assert mj_match.mj_games.count() == 1


def test_the_organiser_corrects_and_undoes(organiser_client, mj_match, organiser):
    record_game(mj_match, win(0), by=organiser)
    game = mj_match.mj_games.get()
    url = reverse("leagues:mj_game_edit", args=["dragons", mj_match.pk, 1])
    page = organiser_client.get(url).content.decode()
    assert CALLER in page and "East round, game 1 · East: Pia" in page
    data = game_post(mj_match, caller="draw", hand0=OTHER2)
    data["version"] = game.version
    assert organiser_client.post(url, data).status_code == 302
    assert list(mj_match.seats.values_list("total", flat=True)) == [0, 0, 0, 0]
    undo = reverse("leagues:mj_game_undo", args=["dragons", mj_match.pk])
    mj_match.refresh_from_db()
    organiser_client.post(undo, {"version": mj_match.version})
    assert not mj_match.mj_games.exists()


def test_a_players_undo_from_a_sheet_shown_before_a_new_game_says_the_match_changed(
    client, member, mj_league, mj_match, organiser
):
    mj_league.players_may_enter = True
    mj_league.save()
    client.force_login(member)
    record_game(mj_match, win(0), by=member)
    shown = Match.objects.get(pk=mj_match.pk).version
    record_game(mj_match, win(1), by=organiser)
    undo = reverse("leagues:mj_game_undo", args=["dragons", mj_match.pk])

    response = client.post(undo, {"version": shown}, follow=True)

    assert response.status_code == 200
    assert "The match changed meanwhile: nothing was undone." in response.content.decode()
    assert mj_match.mj_games.count() == 2
    forged = client.post(undo, {"version": Match.objects.get(pk=mj_match.pk).version})
    assert forged.status_code == 403  # the last game is not theirs, and nothing changed


def test_the_member_sees_the_sheet_but_enters_nothing(client, member, mj_match, organiser):
    record_game(mj_match, win(0), by=organiser)
    client.force_login(member)
    page = client.get(mj_match.get_absolute_url()).content.decode()
    assert "Mah-Jongg: Pia" in page and game_new_url(mj_match) not in page
    assert client.get(game_new_url(mj_match)).status_code == 403
    edit = reverse("leagues:mj_game_edit", args=["dragons", mj_match.pk, 1])
    assert client.get(edit).status_code == 403


def test_an_anonymous_visitor_is_asked_to_sign_in(client, mj_match):
    assert client.get(game_new_url(mj_match)).status_code == 302


def test_mhing_round_pages_are_not_there_for_mahjongg(organiser_client, mj_match):
    url = reverse("leagues:round_new", args=["dragons", mj_match.pk])
    assert organiser_client.get(url).status_code == 404
