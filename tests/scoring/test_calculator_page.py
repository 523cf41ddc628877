"""The hand calculator page, /calculator/: what a visitor sees for each kind of hand."""

import html
import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.card_names import card_name
from scoring.mhing import Card

URL = "/calculator/"
HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def back_to_the_default_language():
    """LocaleMiddleware leaves the last request's language active in the thread; put the
    default back so later tests (commands printing English) do not run in German."""
    yield
    translation.deactivate()


def page(client: Client, hand: str | None = None, **headers: str) -> str:
    response = client.get(URL, {"hand": hand} if hand is not None else {}, headers=headers)
    assert response.status_code == 200
    return html.unescape(response.text)


def palette_element(text: str, code: str) -> str:
    """The opening tag of the palette entry for a card code (J, F, 5b)."""
    match = re.search(rf'<(a|span) class="pick[^"]*" id="picker-pick-{code}"[^>]*>', text)
    assert match, f"no palette entry for {code}"
    return match.group(0)


def test_the_calculator_has_its_url_name_and_is_in_the_navigation(client: Client) -> None:
    assert reverse("scoring:calculator") == URL
    assert f'href="{URL}" aria-current="page"' in page(client)


def test_the_empty_page_offers_all_34_kinds_a_joker_and_a_flower(client: Client) -> None:
    text = page(client)

    for card in Card:
        assert f"<title>{card_name(card)}</title>" in text
        assert f'aria-label="Add {card_name(card)}"' in text
        assert palette_element(text, card.code).startswith("<a ")
    assert 'aria-label="Add Mhing card"' in text
    assert 'aria-label="Add flower"' in text
    assert text.count('id="picker-pick-') == 36
    assert "<img" not in text


def test_the_cards_are_drawn_by_the_page_itself(client: Client) -> None:
    text = page(client)

    assert text.count("<svg") >= 36
    assert "calculator.css" in text
    assert "http://" not in text.split("<body")[0].replace("http://www.w3.org", "")


def test_it_scores_the_rule_books_17_credit_hand(client: Client) -> None:
    text = page(client, "567b 567b 678b 789b 99b")

    assert "17 credits" in text
    assert "512 points" in text
    for name in ("All sequences", "Two identical sequences", "High or low hand", "One suit only"):
        assert name in text
    assert re.search(
        r'data-combination="one_suit">\s*<td>One suit only</td>\s*'
        r'<td class="num">8</td>',
        text,
    )
    assert "Four sets and a pair" in text


def test_it_shows_what_a_joker_stands_for(client: Client) -> None:
    text = page(client, "123c 123c 99b [5b J 7b] [RdRdRd] F F")

    assert "as 6b" in text
    assert "sequence · exposed" in text
    assert "6 credits" in text
    assert re.search(r"<td>Flower</td>\s*<td[^>]*>1</td>\s*<td[^>]*>×2</td>", text)


def test_it_draws_a_nothing_connects_hand_as_single_cards(client: Client) -> None:
    text = page(client, "147b 258c 369k EwSw RdGdWd")

    assert "Nothing connects" in text
    assert "3 credits" in text


def test_it_says_how_many_cards_are_missing(client: Client) -> None:
    text = page(client, "123c 123c 99b 567b 11k")

    assert "13 of 14 cards — add 1 more." in text
    assert "is-incomplete" in text
    assert "Total credits" not in text


def test_it_says_how_many_cards_are_too_many(client: Client) -> None:
    assert "15 of 14 cards — remove 1." in page(client, "123c 123c 99b 567b 1111k")


def test_it_rejects_a_fifth_copy(client: Client) -> None:
    text = page(client, "55555b 123c 123c 99b")

    assert "Five 5s of bamboo: the deck has four — use a Mhing card." in text
    assert "is-invalid" in text
    assert "Total credits" not in text


def test_it_still_shows_a_typed_fifth_copy_so_it_can_be_taken_out(client: Client) -> None:
    text = page(client, "55555b 123c 123c 99b")

    assert text.count('aria-label="Remove 5 of bamboo"') == 5


def test_it_disables_a_palette_card_when_four_copies_are_in_the_hand(client: Client) -> None:
    text = page(client, "5555b 123c")

    tag = palette_element(text, "5b")
    assert tag.startswith("<span ")
    assert 'aria-disabled="true"' in tag
    assert "a Mhing card can stand for a fifth" in tag
    assert palette_element(text, "6b").startswith("<a ")
    assert "The hand holds all four 5s of bamboo" in text
    assert 'href="/calculator/?hand=5555b+123c+J"' in text


def test_it_says_when_fourteen_cards_do_not_win(client: Client) -> None:
    text = page(client, "135b 135c 135k 99b 2c 2k 4c")

    assert "Not a winning hand: the cards form neither four sets and a pair" in text
    assert "is-not_winning" in text
    assert "Total credits" not in text


def test_it_names_an_unknown_card(client: Client) -> None:
    text = page(client, "123c xx 99b")

    assert "Unknown card 'xx'" in text
    assert 'value="123c xx 99b"' in text
    assert palette_element(text, "5b").startswith("<span ")


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("123c [5b 7b", "An exposed set opened with '[' is never closed."),
        ("123c [5b 9b 7b] 99b", "The exposed set [5b 9b 7b] is neither a sequence nor a triplet."),
        ("123c [5b 7b] 99b", "The exposed set [5b 7b] has 2 cards; an exposed set has 3."),
        ("JJJJJJJ 123c", "7 Mhing cards: the deck has six."),
        ("FFFFFFFFF 123c", "9 flowers: the deck has eight."),
    ],
)
def test_it_explains_each_kind_of_mistake(client: Client, hand: str, message: str) -> None:
    assert message in page(client, hand)


def test_it_keeps_an_exposed_set_being_built_in_the_query(client: Client) -> None:
    response = client.get(URL, {"hand": "123c", "open": "5b"})
    text = html.unescape(response.text)

    assert "Building an exposed set: pick 2 more cards." in text
    assert 'href="/calculator/?hand=123c&open=5b+6b"' in text
    assert "Total credits" not in text


def test_every_click_is_a_plain_link_that_picker_js_takes_over(client: Client) -> None:
    text = page(client, "99b")

    links = re.findall(r'<a class="pick"[^>]*>', text)
    assert links
    for link in links:
        assert re.search(r'href="/calculator/[^"]*"', link)
        assert re.search(r"data-(add|remove)=", link)  # what picker.js does with a tap
        assert "hx-" not in link
    assert re.search(r'<script src="/static/js/picker\.js[^"]*" defer></script>', text)
    assert "data-picker-root" in text


def test_the_typing_form_is_a_get_form_holding_the_hand(client: Client) -> None:
    text = page(client, "123c 123c 99b")

    assert re.search(r'<form class="notation-form"[^>]*method="get" action="/calculator/"', text)
    assert 'name="hand" value="123c 123c 99b"' in text


def test_picker_js_gets_only_the_score_and_the_hand_as_the_server_read_it(client: Client) -> None:
    headers = {**HTMX, "HX-Target": "calculator-result"}
    response = client.get(URL, {"hand": "567b 567b 678b 789b 99b"}, headers=headers)
    text = response.text

    assert "<html" not in text
    assert text.lstrip().startswith('<section class="calc-result" id="calculator-result"')
    assert "17 credits" in text
    assert "picker-pick-" not in text  # the palette stays as it is in the page
    hint = re.search(
        r'<div class="picker-hint-area" id="picker-hint" data-state="([^"]*)"'
        r' data-status="([^"]*)"',
        text,
    )
    state = json.loads(html.unescape(hint.group(1)))
    assert state["concealed"] == "5b 5b 6b 6b 6b 7b 7b 7b 7b 8b 8b 9b 9b 9b".split()
    assert state["text"] == "55666777788999b"
    assert html.unescape(hint.group(2)) == "17 credits · 512 points"
    assert "No more cards fit: a hand has 14." in text
    assert "HX-Target" in response["Vary"]
    assert len(response.content) < 12_000


def test_a_full_request_gets_the_whole_page(client: Client) -> None:
    text = page(client, "567b 567b 678b 789b 99b")

    assert text.startswith("<!doctype html>")
    assert '<div id="calculator"' in text
    assert "hx-swap-oob" not in text
    assert text.count('id="calculator-status"') == 1


def test_a_history_restore_gets_the_whole_page(client: Client) -> None:
    headers = {**HTMX, "HX-History-Restore-Request": "true"}
    response = client.get(URL, {"hand": "99b"}, headers=headers)

    assert "<html" in response.text


def test_it_refuses_to_post(client: Client) -> None:
    assert client.post(URL, {"hand": "99b"}).status_code == 405


def test_the_german_page_names_combinations_in_german(client: Client) -> None:
    text = page(client, "567b 567b 678b 789b 99b", accept_language="de")

    for name in ("Nur Sequenzen", "Zwei gleiche Sequenzen", "Hoch oder Niedrig"):
        assert name in text
    assert "Eine Farbe ohne Bildkarten" in text
    assert "All sequences" not in text


def test_the_french_page_names_combinations_in_french(client: Client) -> None:
    client.cookies["django_language"] = "fr"

    text = page(client, "567b 567b 678b 789b 99b")

    assert "Que des séquences" in text
    assert "Une seule couleur" in text


def test_the_german_page_explains_a_fifth_copy_in_german(client: Client) -> None:
    text = page(client, "55555b 123c", accept_language="de")

    assert "Fünf Bambus-5er: das Spiel hat vier" in text
    assert 'aria-label="Bambus-5 hinzufügen"' not in text  # 5b is disabled
    assert 'aria-label="Bambus-6 hinzufügen"' in text
