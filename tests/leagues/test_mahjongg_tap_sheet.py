"""A tap on the game form answered from the score sheet's facts the form carries
(leagues/kinds/mahjongg/tap_sheet.py): the same answer as the full way, with nothing looked up;
nothing more shown than the form already showed, nothing saved without the rights, and a
sheet that is not ours, or not this match's, not read."""

from __future__ import annotations

import base64
import json
import zlib
from datetime import date

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from benchmarks.clicks_mahjongg import game_form_asks
from leagues.models import League, Match, Player
from leagues.models.mahjongg_entry import record_game
from leagues.models.mahjongg_game import match_profile, stored_entries
from scoring.mahjongg.match import replay
from scoring.mahjongg.tiles import Wind
from tests.clubs import shared_club

from .mahjongg_fixtures import CALLER, DRAGONS, OTHER, PLAIN, mj_league, mj_match, win
from .test_mahjongg_picker import HTMX, form_data, game_new_url, sheet_of

__all__ = ["mj_league", "mj_match"]

# PostgreSQL run: counts queries.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def answer(client, match, data, **headers) -> tuple[int, str]:
    response = client.post(game_new_url(match), data, headers={**HTMX, **headers})
    return response.status_code, response.content.decode()


@pytest.mark.parametrize(
    "language, title",
    [
        ("en", "Game 1: scores and payments"),
        ("de", "Spiel 1: Ergebnisse und Zahlungen"),
        ("fr", "Manche 1 : scores et paiements"),
    ],
)
def test_every_tap_from_the_sheet_answers_as_the_full_way(
    organiser_client, mj_match, language, title
):
    sheet = sheet_of(organiser_client, mj_match)
    # The benchmark's fourteen taps (a bonus tile, sets, another player's picker, the winning
    # tile and how it came), then Preview, a fifth copy refused, an unreadable line, a draw.
    asks = [ask.data for ask in game_form_asks(game_new_url(mj_match), mj_match.version)]
    last = dict(asks[-1])
    asks += [
        {**last, "by": "", "action": "preview"},
        {**last, "add": "5k"},
        {**last, "hand2": "5k 5k 5k 5k 5k"},
        {**last, "caller": "draw", "hand0": "", "action": "preview"},
    ]
    language_header = {"Accept-Language": language}
    for data in asks:
        full = answer(organiser_client, mj_match, data, **language_header)
        from_sheet = answer(organiser_client, mj_match, {**data, "sheet": sheet}, **language_header)
        assert from_sheet == full
        assert full[0] == 200
    assert title in full[1]  # the last answer: a draw's preview, in the visitor's language


def test_a_tap_from_the_sheet_looks_nothing_up(
    organiser_client, mj_match, django_assert_num_queries
):
    data = form_data(mj_match, "0", "0", (CALLER, DRAGONS, PLAIN, OTHER))
    data["sheet"] = sheet_of(organiser_client, mj_match)
    with django_assert_num_queries(0):
        status, text = answer(organiser_client, mj_match, data, add="F1")
    assert status == 200 and "Quentin pays Pia" in text


def test_the_form_carries_the_sheet_of_the_next_game_only(organiser_client, mj_match, organiser):
    record_game(mj_match, win(1), by=organiser)
    sheet = sheet_of(organiser_client, mj_match)
    correction = reverse("leagues:mj_game_edit", args=["dragons", mj_match.pk, 1])
    # A correction replays every later game, which the sheet does not hold: no sheet there.
    assert 'name="sheet"' not in organiser_client.get(correction).content.decode()
    # The second game's sheet: its preview is numbered 2, and Quentin's win from game 1 is
    # in the balances before it.
    data = form_data(mj_match, "0", "0", (CALLER, DRAGONS, PLAIN, OTHER), sheet=sheet)
    data["action"] = "preview"
    status, text = answer(organiser_client, mj_match, data)
    _, full = answer(organiser_client, mj_match, {**data, "sheet": ""})
    assert status == 200 and "Game 2: scores and payments" in text
    assert text == full


def test_a_holder_of_the_form_signed_out_gets_the_answer_but_saves_nothing(
    organiser_client, mj_match
):
    sheet = sheet_of(organiser_client, mj_match)
    stranger = Client()  # the form's sheet, without the organiser's session
    data = form_data(mj_match, "0", "0", (CALLER, DRAGONS, PLAIN, OTHER), sheet=sheet)

    status, text = answer(stranger, mj_match, data, add="F1")
    saved = stranger.post(game_new_url(mj_match), {**data, "action": "save"}, headers=HTMX)

    # The answer is the form's own names and the hand posted: what the holder already has.
    assert status == 200 and "Quentin pays Pia" in text
    assert saved.status_code == 302 and "/accounts/login/" in saved["Location"]
    assert mj_match.mj_games.count() == 0


def test_a_sheet_is_read_only_on_the_match_it_was_made_for(
    organiser_client, mj_match, players, outsider
):
    theirs = League.objects.create(
        club=shared_club(),
        name="Tigers",
        slug="tigers",
        game="mahjongg",
        season_start=date(2026, 9, 1),
    )
    strangers = [
        Player.objects.create(club=shared_club(), display_name=n)
        for n in ("Wu", "Xia", "Yan", "Zou")
    ]
    other = Match.begin(theirs, strangers, by=outsider)
    data = form_data(other, "0", "0", (CALLER, DRAGONS, PLAIN, OTHER))
    data["sheet"] = sheet_of(organiser_client, mj_match)  # the Dragons' match's sheet

    # Posted to the Tigers' match, it is not read: the full way, which refuses the organiser
    # of another league.
    status, text = answer(organiser_client, other, data, add="F1")

    assert status == 403 and "Pia" not in text


def test_a_sheet_that_is_not_ours_is_not_read(organiser_client, mj_match, outsider):
    signed = sheet_of(organiser_client, mj_match)
    payload = signed.split(":")[0]
    facts = json.loads(zlib.decompress(base64.urlsafe_b64decode(payload[1:] + "==")))
    facts["s"] = ["Mallory", "Quentin", "Rosa", "Sven"]
    forged = "." + base64.urlsafe_b64encode(zlib.compress(json.dumps(facts).encode())).decode()
    forged = forged.rstrip("=") + signed[len(payload) :]  # the old signature on new facts
    data = form_data(mj_match, "0", "0", (CALLER, DRAGONS, PLAIN, OTHER), sheet=forged)

    status, text = answer(organiser_client, mj_match, data, add="F1")
    outsiders = Client()
    outsiders.force_login(outsider)
    refused, _ = answer(outsiders, mj_match, data, add="F1")

    # The organiser gets the full way's answer, with the sheet's own names; an outsider is
    # refused, as without a sheet.
    assert status == 200 and "Pia" in text and "Mallory" not in text
    assert refused == 403


def test_a_sheet_gone_stale_previews_its_game_and_its_save_is_refused(
    organiser_client, mj_match, organiser
):
    sheet = sheet_of(organiser_client, mj_match)
    record_game(mj_match, win(1), by=organiser)  # someone else saved game 1 meanwhile
    data = form_data(mj_match, "0", "0", (CALLER, DRAGONS, PLAIN, OTHER), sheet=sheet)
    data["version"] = 1  # the form's version when it was opened

    status, text = answer(organiser_client, mj_match, {**data, "action": "preview"})
    with translation.override("en"):
        saved = organiser_client.post(
            game_new_url(mj_match), {**data, "action": "save"}, headers=HTMX
        )

    assert status == 200 and "Game 1: scores and payments" in text
    assert "Nothing was saved" in saved.content.decode()
    assert mj_match.mj_games.count() == 1


@pytest.mark.parametrize(
    "rules",
    [
        {"players": 3},
        {"rotation": "classical", "settle": "full", "limit": 1000},
        {"rotation": "rotating", "settled_draw": True, "bonus_tiles": False},
    ],
)
def test_the_sheet_answers_as_the_full_way_under_each_rule_profile(
    organiser_client, mj_league, players, organiser, rules
):
    # MAHJONGG.md §5–§7: three players, East passing on (classical), the rotating dealer,
    # full and settled-draw settlement. Game 1 is won by South, so in game 2 the winds have
    # moved on (classical) or the dealer has not, and the balances are not zero.
    mj_league.rules = rules
    mj_league.save()
    count = rules.get("players", 4)
    match = Match.begin(mj_league, players[:count], by=organiser)
    record_game(match, win(1, count), by=organiser)
    sheet = sheet_of(organiser_client, match)
    hands = (CALLER, DRAGONS, PLAIN, OTHER)[:count]
    base = form_data(match, "0", "0", ("",) * count)
    base.update({f"hand{p}": hand for p, hand in enumerate(hands)})
    taps = [
        {"add": "F1"},  # refused where the rules play without bonus tiles
        {"action": "preview"},
        {"player": "1"},
        {"caller": "draw", "action": "preview"},
        {"caller": "1", "action": "preview"},  # South's tiles have no winning tile
    ]
    for tap_ in taps:
        data = {**base, **tap_}
        full = answer(organiser_client, match, data)
        from_sheet = answer(organiser_client, match, {**data, "sheet": sheet})
        assert from_sheet == full and full[0] == 200
    preview = answer(organiser_client, match, {**base, "action": "preview", "sheet": sheet})[1]
    assert "Game 2: scores and payments" in preview


def test_with_the_rotating_dealer_the_sheet_settles_with_the_rounds_dealer(
    organiser_client, mj_league, players, organiser
):
    # MAHJONGG.md §7 (002's variant): seats hold, the seat of the round wind deals and pays
    # and receives double. Games are played until the South round, whose dealer is not East.
    mj_league.rules = {"rotation": "rotating"}
    mj_league.save()
    match = Match.begin(mj_league, players, by=organiser)

    def next_round_wind():
        return replay(match_profile(match), stored_entries(match)).next.round_wind

    while next_round_wind() is Wind.EAST and match.mj_games.count() < 16:
        record_game(match, win(2), by=organiser)
    assert next_round_wind() is Wind.SOUTH
    sheet = sheet_of(organiser_client, match)
    data = form_data(match, "0", "0", (CALLER, DRAGONS, PLAIN, OTHER), action="preview")

    full = answer(organiser_client, match, data)
    from_sheet = answer(organiser_client, match, {**data, "sheet": sheet})

    assert from_sheet == full and full[0] == 200
    assert "Pia pays" not in full[1] and "Rosa pays Pia" in full[1]
