"""The Mah-Jongg calculator page, /calculator/mahjongg/: the worked examples of MAHJONGG.md,
the picker's buttons (with and without htmx), the errors as a visitor reads them."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.mahjongg import format_hand, parse_hand
from tests.mahjongg.book import WORKED_EXAMPLES

URL = "/calculator/mahjongg/"
HTMX = {"HX-Request": "true", "HX-Target": "mj-live"}


@pytest.fixture(autouse=True)
def back_to_the_default_language():
    yield
    translation.deactivate()


def get(client: Client, params: dict | None = None, **headers: str):
    return client.get(URL, params or {}, headers=headers)


def page(client: Client, hand: str | None = None, **headers: str) -> str:
    response = get(client, {"hand": hand} if hand is not None else {}, **headers)
    assert response.status_code == 200
    return html.unescape(response.text)


def shown_score(text: str) -> int:
    match = re.search(r'data-score="(\d+)"', text)
    assert match, "no score on the page"
    return int(match.group(1))


def problem(text: str, kind: str = "problem") -> str:
    """What the result says is wrong with the line (`problem`) or with a tap (`notice`)."""
    match = re.search(rf'<p class="calc-problem[^"]*" id="mj-{kind}">([^<]*)</p>', text)
    assert match, f"no {kind} shown"
    return match.group(1)


def pushed_line(response) -> str:
    return parse_qs(urlsplit(response.headers["HX-Push-Url"]).query)["hand"][0]


def test_the_page_has_its_url_and_a_switch_to_the_mhing_calculator(client: Client) -> None:
    assert reverse("scoring:mahjongg_calculator") == URL
    text = page(client)
    assert '<a href="/calculator/">Mhing</a>' in text
    assert f'<a href="{URL}" aria-current="page">Mah-Jongg</a>' in text


def test_the_mhing_calculator_switches_to_mahjongg_and_keeps_its_header_link(
    client: Client,
) -> None:
    text = html.unescape(client.get("/calculator/").text)
    assert f'<a href="{URL}">Mah-Jongg</a>' in text
    assert '<a href="/calculator/" aria-current="page">Mhing</a>' in text
    assert 'href="/calculator/" aria-current="page">Calculator</a>' in text


def test_the_palette_draws_every_tile_and_the_numbered_bonus_tiles(client: Client) -> None:
    text = page(client)
    assert text.count('id="mj-pick-') == 34 + 8
    for code, name in (("F1", "flower 1 (East)"), ("S4", "season 4, winter (North)")):
        assert f'aria-label="Add {name}"' in text
        drawing = re.search(rf'<svg [^>]*data-card="{code}".*?</svg>', text, re.S).group(0)
        assert f">{code[1]}</text>" in drawing  # the number, drawn on the tile
    assert "<img" not in text


@pytest.mark.parametrize(("line", "score"), WORKED_EXAMPLES)
def test_each_worked_example_shows_its_score(client: Client, line: str, score: int) -> None:
    text = page(client, line)
    assert shown_score(text) == score
    # The line is kept as the engine writes it, for the next tap to send.
    line = format_hand(parse_hand(line))
    assert f'<input type="hidden" id="mj-line" name="hand" value="{line}">' in text


def test_the_breakdown_names_every_item_with_its_points_and_doublings(client: Client) -> None:
    text = page(client, WORKED_EXAMPLES[6][0])
    rows = dict(re.findall(r'<tr data-row="(\w+)"><td>([^<]*)', text))
    assert rows == {
        "open_kan_simples": "Open kong of simples ",
        "bonus_tile": "Bonus tile ",
        "mahjongg": "Mah-Jongg",
        "from_the_wall": "Winning tile from the wall ",
        "completes_pair": "Winning tile completes the pair ",
        "suit_kan": "Kong of suit tiles ",
        "own_flower": "Own flower ",
        "own_season": "Own season ",
        "kan_replacement": "Winning tile replaces a kong ",
    }
    assert "40 points, doubled 4 times: 640" in text
    assert '<span class="calc-group-label">pair · won</span>' in text


def test_the_limit_caps_the_score_and_says_so(client: Client) -> None:
    text = page(client, WORKED_EXAMPLES[5][0])
    assert "78 points, doubled 9 times: 39936 · capped at the limit, 3000" in text
    assert '<tr data-row="limit">' in text


def test_the_item_names_come_in_the_readers_language(client: Client) -> None:
    text = page(client, WORKED_EXAMPLES[6][0], **{"Accept-Language": "de"})
    assert "Schlussstein ist Ersatzstein für einen Kan" in text
    assert "Eigener Blumenstein" in text
    text = page(client, WORKED_EXAMPLES[8][0], **{"Accept-Language": "fr"})
    assert "Sept paires" in text


def test_seven_pairs_scores_3000_and_nothing_else(client: Client) -> None:
    text = page(client, WORKED_EXAMPLES[8][0])
    assert "Seven pairs scores 3000." in text
    assert re.findall(r'<tr data-row="(\w+)">', text) == ["seven_pairs"]


def test_seven_pairs_is_not_raised_by_a_higher_limit_but_capped_by_a_lower(client) -> None:
    raised = page(client, f"{WORKED_EXAMPLES[8][0]} limit=6000")
    assert shown_score(raised) == 3000 and "capped" not in raised
    lowered = page(client, f"{WORKED_EXAMPLES[8][0]} limit=2000")
    assert shown_score(lowered) == 2000
    assert "Seven pairs scores 3000. · capped at the limit, 2000" in lowered


def test_a_limit_hand_scores_the_limit_and_nothing_else(client: Client) -> None:
    text = page(client, "1112345678999c 5c seat=S round=E win=5c by=wall limit=6000")
    assert "A special hand scores the limit, 6000." in text
    assert shown_score(text) == 6000
    assert re.findall(r'<tr data-row="(\w+)">', text) == ["nine_gates"]


class TestPairsAll:
    """MAHJONGG.md §3.1's variant: a control like the winds', which works without JavaScript
    (a GET form's buttons) and with htmx (the winds' part and the score swapped)."""

    LINE = "[RdRdRd] 2b 3b 4b 6c 7c 9c 9c SwSw Nw seat=E round=E"

    def test_the_calculator_offers_whose_pairs_score_the_callers_pressed(self, client) -> None:
        text = page(client, self.LINE)
        assert 'id="mj-pairs-caller" name="pairs" value="caller" aria-pressed="true"' in text
        assert 'id="mj-pairs-all" name="pairs" value="all" aria-pressed="false"' in text
        assert shown_score(text) == 8

    def test_without_javascript_pairs_all_redirects_to_the_line_with_it(self, client) -> None:
        response = get(client, {"hand": self.LINE, "pairs": "all"})
        assert response.status_code == 302
        line = parse_qs(urlsplit(response.url).query)["hand"][0]
        assert line.endswith("pairs=all")
        text = page(client, line)
        assert shown_score(text) == 12
        assert '<tr data-row="unfinished_wind_pair">' in text
        assert 'id="mj-pairs-all" name="pairs" value="all" aria-pressed="true"' in text

    def test_with_htmx_the_tap_swaps_the_choice_and_the_score(self, client) -> None:
        response = get(client, {"hand": self.LINE, "pairs": "all"}, **HTMX)
        text = html.unescape(response.text)
        assert pushed_line(response).endswith("pairs=all")
        assert '<div class="mj-winds" id="mj-winds" hx-swap-oob="true">' in text
        assert shown_score(text) == 12
        back = get(client, {"hand": f"{self.LINE} pairs=all", "pairs": "caller"}, **HTMX)
        assert "pairs=" not in pushed_line(back)
        assert shown_score(html.unescape(back.text)) == 8


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("123x seat=E round=E", "“123x” is no tile, bonus tile, set or key (such as seat=E)."),
        ("[123b", "A bracket is opened but never closed."),
        ("[F1] seat=E round=E", "Bonus tiles (F1–F4, S1–S4) lie beside the sets, never inside"),
        ("[124b] seat=E round=E", "[124b] is no set: [ ] holds a chow or a pung of three tiles"),
        ("{555b} seat=E round=E", "{555b} is no concealed kong: { } holds four identical tiles."),
        ("55555b seat=E round=E", "Five 5s of bamboo in the hand: there are four of each tile."),
        ("F1 F1 seat=E round=E", "Flower 1 (East) is there twice"),
        ("123b round=E", "Choose the seat wind (seat=E, S, W or N)."),
        ("123b seat=E", "Choose the round wind (round=E, S, W or N)."),
        ("123b seat=X round=E", "seat=X cannot be read: expected E, S, W or N."),
        ("123b seat=E round=E win=1b", "Say how the winning tile came: by=wall, discard"),
        (
            "123b seat=E round=E",
            "The hand has 3 tiles; a player who did not call Mah-Jongg holds 13, plus one per "
            "kong: 13 here.",
        ),
        (
            "123456789b 123c 55k seat=E round=E",
            "14 tiles; a player who did not call Mah-Jongg holds 13, plus one per kong: 13 here. "
            "If this is the caller's hand, choose the winning tile.",
        ),
        (
            "123456789b 123c 5k [1111k] seat=E round=E win=2c by=wall",
            "The hand has 17 tiles; the Mah-Jongg caller holds 14, plus one per kong: 15 here.",
        ),
        (
            "123456789b 123c 55k seat=E round=E win=9c by=wall",
            "The winning tile, 9 of circles, is not among the concealed tiles.",
        ),
        (
            "123456789b 123c 55k seat=E round=E win=5k by=kan",
            "A kong replacement (by=kan) needs a kong in the hand",
        ),
        ("settle=diff winner=W E=1 S=2 W=3 N=4", "“settle=diff” does not belong here"),
    ],
)
def test_an_unscorable_line_says_what_is_wrong(client: Client, line: str, message: str) -> None:
    text = page(client, line)
    assert message in problem(text)
    assert "data-score" not in text


def test_tiles_that_form_no_mahjongg_hand_are_told_apart_from_errors(client: Client) -> None:
    text = page(client, "123456789b 147c 55k seat=E round=E win=5k by=wall")
    assert 'class="calc-problem is-not_winning"' in text
    assert problem(text).startswith("Not a Mah-Jongg hand")


class TestThePicker:
    """Every button sends the line and one change; htmx gets the new hand and its address."""

    @pytest.mark.parametrize(
        ("add_as", "code", "added"),
        [
            ("tile", "5b", "5b"),
            ("chi", "3c", "[345c]"),
            ("pon", "Rd", "[RdRdRd]"),
            ("kan", "9k", "[9999k]"),
            ("ckan", "Ew", "{EwEwEwEw}"),
            ("tile", "F2", "F2"),
        ],
    )
    def test_a_tap_adds_a_tile_or_a_set(self, client, add_as, code, added) -> None:
        response = get(client, {"hand": "11b", "add": code, "as": add_as}, **HTMX)
        assert response.status_code == 200
        line = pushed_line(response)
        assert parse_hand(line) == parse_hand(f"11b {added} seat=E round=E")

    def test_without_javascript_a_tap_redirects_to_the_new_line(self, client) -> None:
        response = get(client, {"hand": "11b seat=S round=E", "add": "Rd", "as": "pon"})
        assert response.status_code == 302
        query = parse_qs(urlsplit(response.url).query)
        assert query == {"hand": ["11b [RdRdRd] seat=S round=E"], "as": ["pon"]}

    def test_the_answer_is_what_the_tap_changed_not_the_page(self, client) -> None:
        response = get(client, {"hand": WORKED_EXAMPLES[0][0], "seat": "S"}, **HTMX)
        text = html.unescape(response.text)
        # A wind changes the winds and the score: the hand and the winning tile stay.
        assert response.headers["HX-Reswap"] == "none"
        assert text.startswith('<input type="hidden" id="mj-line" name="hand" value="234b')
        assert '<div class="mj-winds" id="mj-winds" hx-swap-oob="true">' in text
        assert 'id="mj-result" aria-labelledby="mj-result-title" hx-swap-oob="true"' in text
        assert 'id="mj-hand"' not in text and 'id="mj-win"' not in text
        assert "<html" not in text and 'id="mj-palette"' not in text
        assert shown_score(text) == 88
        assert (
            '<p id="mj-status" hx-swap-oob="innerHTML">Score 88: 22 points, 2 doublings</p>' in text
        )
        assert 'id="mj-notation" hx-swap-oob="outerHTML"' in text

    @pytest.mark.parametrize(("line", "score"), WORKED_EXAMPLES)
    def test_each_answer_to_a_tap_is_small(self, client, line: str, score: int) -> None:
        response = get(client, {"hand": line, "round": parse_hand(line).round_wind.code}, **HTMX)
        assert shown_score(html.unescape(response.text)) == score
        # A click's answer: at most 12 KB.
        assert len(response.content) <= 12 * 1024

    def test_even_the_biggest_hand_answers_in_a_few_kilobytes(self, client) -> None:
        line = (
            "{EwEwEwEw} [RdRdRdRd] [9b9b9b9b] 111k SwSw F1 F2 F3 F4 S1 S2 S3 S4 "
            "seat=E round=E win=1k by=kan"
        )
        for change in ({"seat": "E"}, {"win": "1k"}, {"by": "wall"}, {"remove_bonus": "S4"}):
            response = get(client, {"hand": line, **change}, **HTMX)
            assert shown_score(response.text) == 3000
            assert len(response.content) <= 12 * 1024, change

    def test_winds_winning_tile_and_how_it_came(self, client) -> None:
        line = "234b 567c 345k [678b] 55k seat=E round=E"
        steps = [
            ({"seat": "S"}, "seat=S round=E"),
            ({"round": "N"}, "seat=S round=N"),
            ({"win": "4k"}, "seat=S round=N win=4k by=discard"),
            ({"by": "wall"}, "seat=S round=N win=4k by=wall"),
            ({"win": "none"}, "seat=S round=N"),
        ]
        for change, context in steps:
            line = pushed_line(get(client, {"hand": line, **change}, **HTMX))
            assert line.endswith(context)

    def test_taking_out_tiles_sets_and_bonus_tiles(self, client) -> None:
        line = "234b 55k [678b] F1 seat=E round=E win=5k by=wall"
        line = pushed_line(get(client, {"hand": line, "remove": "5k"}, **HTMX))
        assert "win=5k" in line  # another 5k is left
        line = pushed_line(get(client, {"hand": line, "remove": "5k"}, **HTMX))
        assert "win=" not in line and "by=" not in line
        line = pushed_line(get(client, {"hand": line, "remove_set": "0"}, **HTMX))
        line = pushed_line(get(client, {"hand": line, "remove_bonus": "F1"}, **HTMX))
        assert line == "234b seat=E round=E"
        response = get(client, {"hand": line, "clear": "1"}, **HTMX)
        assert response.headers["HX-Push-Url"] == URL

    @pytest.mark.parametrize(
        ("line", "change", "message"),
        [
            ("5555b seat=E round=E", {"add": "5b"}, "All four 5s of bamboo are in the hand"),
            ("55b seat=E round=E", {"add": "4b", "as": "kan"}, None),
            ("seat=E round=E", {"add": "8b", "as": "chi"}, "A chow is three suit tiles in a row"),
            ("seat=E round=E", {"add": "Rd", "as": "chi"}, "A chow is three suit tiles in a row"),
            ("F1 seat=E round=E", {"add": "F1"}, "Flower 1 (East) is in the hand already"),
            ("123456789b 123c 55k seat=E round=E", {"add": "9k"}, "The hand is full"),
            ("123x", {"add": "9k"}, "Fix the typed line, or clear the hand"),
        ],
    )
    def test_a_refused_tap_says_why_and_changes_nothing(self, client, line, change, message):
        response = get(client, {"hand": line, **change}, **HTMX)
        if message is None:  # not refused
            assert pushed_line(response) != line
            return
        assert message in problem(html.unescape(response.text), "notice")
        assert pushed_line(response) == line
        # Without JavaScript the refusal is shown on the page, not redirected away.
        assert get(client, {"hand": line, **change}).status_code == 200

    def test_a_history_restore_gets_the_whole_page(self, client) -> None:
        headers = {**HTMX, "HX-History-Restore-Request": "true"}
        text = page(client, WORKED_EXAMPLES[0][0], **headers)
        assert "<html" in text and 'id="mj-palette"' in text

    def test_the_palette_keeps_how_taps_add(self, client) -> None:
        text = html.unescape(get(client, {"hand": "11b", "as": "ckan"}).text)
        assert 'name="as" value="ckan" checked' in text


@pytest.mark.parametrize(
    ("hand", "language", "count"),
    [
        ("1b", "fr", "1 tuile sur 13"),
        ("1b 2b", "fr", "2 tuiles sur 13"),
        ("1b", "en", "1 of 13 tiles"),
    ],
)
def test_the_tile_count_agrees_with_its_number(client: Client, hand, language, count) -> None:
    """French writes one tile in the singular: a tester read "1 tuiles sur 13"."""
    text = page(client, hand, **{"Accept-Language": language})

    counted = re.search(r'class="picker-count">([^<]*)<', text).group(1)
    assert html.unescape(counted).strip().startswith(count)


class TestTheCallersCount:
    """On the game form the picker offers the winning tile to the caller only, so the caller
    is known before `win=` is in their line: 14 tiles from the first tap (a tester saw "14 of
    13 tiles" once the caller's 14 were in); the calculator learns it from `win=`."""

    def picker(self, line: str, **options):
        from scoring.mahjongg_picker import Draft, TilePicker

        return TilePicker(Draft.parse(line), **options)

    def test_the_game_forms_caller_needs_14_from_the_first_tile(self) -> None:
        assert self.picker("1b", fixed_winds=True, offers_win=True).tiles_needed == 14
        caller = self.picker("123456789b 234c 55k", fixed_winds=True, offers_win=True)
        assert (caller.tile_count, caller.tiles_needed) == (14, 14)

    def test_the_other_players_need_13(self) -> None:
        assert self.picker("1b", fixed_winds=True, offers_win=False).tiles_needed == 13

    def test_the_calculator_counts_14_once_the_winning_tile_is_given(self) -> None:
        assert self.picker("1b").tiles_needed == 13
        assert self.picker("123456789b 234c 55k win=5k by=wall").tiles_needed == 14
