"""The card picker's state and links (scoring/picker.py): what each click leads to."""

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from scoring.hand_errors import UnfinishedSet
from scoring.mhing import JOKER, Card, NotWinningHand, Score, UnknownToken, WrongCardCount
from scoring.picker import FLOWER, Picker, PickerUrls, Selection

URLS = PickerUrls("/calculator/")


def query(url: str) -> dict[str, str]:
    """The picker's parameters in a link, blank values kept ("open=")."""
    pairs = parse_qs(urlsplit(url).query, keep_blank_values=True)
    return {key: values[0] for key, values in pairs.items()}


def picker(hand: str = "", open_set: str | None = None, **options) -> Picker:
    return Picker(Selection.parse(hand, open_set), URLS, target="#calculator", **options)


def choice(picker: Picker, code: str):
    return next(c for row in picker.palette for c in row if c.code == code)


def test_it_adds_a_clicked_card_to_the_concealed_cards() -> None:
    assert Selection.parse("123c").add(Card.B5).notation == "5b 123c"


def test_it_adds_jokers_and_flowers_in_their_own_places() -> None:
    selection = Selection.parse("123c").add(JOKER).add(FLOWER).add(FLOWER)

    assert selection.notation == "123c J FF"


def test_it_removes_one_copy_of_a_clicked_card() -> None:
    selection = Selection.parse("55b J F F")

    assert selection.remove(Card.B5).notation == "5b J FF"
    assert selection.remove(JOKER).notation == "55b FF"
    assert selection.remove(FLOWER).notation == "55b J F"


def test_the_palette_links_lead_to_the_hand_with_that_card_added() -> None:
    url = choice(picker("123c 123c"), "9b").url

    assert url.startswith("/calculator/?")
    assert query(url) == {"hand": "9b 112233c"}


def test_the_hand_links_lead_to_the_hand_without_that_card() -> None:
    p = picker("99b 5c")
    removals = {c.code: query(c.url)["hand"] for c in p.concealed}

    assert removals == {"9b": "9b 5c", "5c": "99b"}


def test_links_keep_exposed_sets_readable_with_unescaped_brackets() -> None:
    url = URLS.for_notation("123c [5b J 7b]")

    assert url == "/calculator/?hand=123c+[5b+J+7b]"


def test_the_empty_hand_links_to_the_bare_page() -> None:
    assert picker("99b").clear_url == "/calculator/"
    assert URLS(Selection()) == "/calculator/"


def test_links_carry_extra_parameters_and_other_parameter_names() -> None:
    urls = PickerUrls(
        "/rounds/7/hand/", hand_param="cards", open_param="set", extra=(("seat", "2"),)
    )
    p = Picker(Selection.parse("99b"), urls, target="#hand")

    assert query(choice(p, "1c").url) == {"seat": "2", "cards": "99b 1c"}
    assert query(p.start_set_url) == {"seat": "2", "cards": "99b", "set": ""}


def test_it_disables_a_card_when_all_four_copies_are_in_the_hand() -> None:
    p = picker("5555b 123c")

    assert choice(p, "5b").url is None
    assert "Mhing card" in choice(p, "5b").note
    assert choice(p, "6b").url is not None


def test_it_counts_copies_in_exposed_sets_too() -> None:
    p = picker("55b [5b J 7b] [5b 6b 7b]")

    assert choice(p, "5b").url is None
    assert p.full_cards == [Card.B5]


def test_it_counts_the_cards_of_the_set_being_built_too() -> None:
    p = picker("555b 123c", open_set="5b J")

    assert p.full_cards == [Card.B5]
    assert picker("555b 123c", open_set="J").full_cards == []


def test_it_offers_a_mhing_card_when_a_card_is_used_up() -> None:
    p = picker("5555b 123c")

    assert query(p.add_joker_url) == {"hand": "5555b 123c J"}


def test_it_disables_the_joker_after_six_and_the_flower_after_eight() -> None:
    p = picker("JJJJJJ FFFFFFFF")

    assert choice(p, "J").url is None
    assert choice(p, "F").url is None
    assert p.add_joker_url is None


def test_it_adds_no_fifteenth_card_but_still_a_flower() -> None:
    p = picker("567b 567b 678b 789b 99b")

    assert choice(p, "1c").url is None
    assert choice(p, "J").url is None
    assert query(choice(p, "F").url) == {"hand": "55666777788999b F"}


def test_building_an_exposed_set_keeps_the_open_set_in_the_query() -> None:
    p = picker("123c")

    assert query(p.start_set_url) == {"hand": "123c", "open": ""}
    building = picker("123c", "")
    assert query(choice(building, "5b").url) == {"hand": "123c", "open": "5b"}


def test_the_third_card_closes_the_exposed_set() -> None:
    p = picker("123c", "5b J")

    assert query(choice(p, "7b").url) == {"hand": "123c [5b J 7b]"}


def test_it_disables_cards_that_cannot_join_the_set_being_built() -> None:
    p = picker("", "5b 6b")

    assert choice(p, "7b").url is not None
    assert choice(p, "4b").url is not None
    assert choice(p, "9b").url is None
    assert choice(p, "5c").url is None
    assert choice(p, "J").url is not None


def test_it_takes_a_card_back_out_of_the_set_being_built() -> None:
    p = picker("123c", "5b J")

    assert [query(c.url) for c in p.pending] == [
        {"hand": "123c", "open": "J"},
        {"hand": "123c", "open": "5b"},
    ]
    assert query(p.cancel_set_url) == {"hand": "123c"}
    assert list(p.pending_slots) == [0]


def test_it_removes_an_exposed_set() -> None:
    p = picker("123c [5b J 7b] [RdRdRd]")

    assert [query(s.remove_url)["hand"] for s in p.exposed] == [
        "123c [Rd Rd Rd]",
        "123c [5b J 7b]",
    ]


def test_it_offers_no_new_set_without_room_for_three_cards() -> None:
    assert picker("123c 123c 99b").can_start_set
    assert not picker("123c 123c 123c 999b").can_start_set


def test_a_hand_that_does_not_parse_keeps_its_text_and_disables_the_palette() -> None:
    p = picker("123c xx")

    assert isinstance(p.selection.error, UnknownToken)
    assert p.selection.notation == "123c xx"
    assert all(c.url is None for row in p.palette for c in row)
    assert p.clear_url == "/calculator/"


def test_an_open_set_of_more_than_three_cards_is_an_error() -> None:
    selection = Selection.parse("123c", "5b 6b 7b 8b")

    assert isinstance(selection.error, UnfinishedSet)
    assert not selection.building


@pytest.mark.parametrize(
    ("hand", "open_set", "expected"),
    [
        ("", None, type(None)),
        ("123c", "", type(None)),
        ("123c", None, WrongCardCount),
        ("567b 567b 678b 789b 99b", None, Score),
        ("135b 135c 135k 99b 2c 2k 4c", None, NotWinningHand),
    ],
)
def test_the_outcome_is_a_score_an_error_or_nothing_yet(hand, open_set, expected) -> None:
    assert isinstance(Selection.parse(hand, open_set).outcome(), expected)


def test_the_hidden_field_holds_the_hand_for_a_form() -> None:
    p = picker("99b 5c", field_name="hand")

    assert p.field_name == "hand"
    assert p.selection.notation == "99b 5c"


def test_selection_reads_itself_back_from_a_query() -> None:
    selection = Selection.from_query({"hand": "123c  [5b J 7b]", "open": "Rd"})

    assert selection.notation == "123c [5b J 7b]"
    assert selection.pending == (Card.RED,)


def test_the_component_renders_into_any_page_with_its_own_links_and_field() -> None:
    urls = PickerUrls("/rounds/7/hand/", extra=(("seat", "2"),))
    p = Picker(
        Selection.parse("99b [5b J 7b]"),
        urls,
        target="#hand-picker",
        push_url=False,
        id_prefix="seat2",
        field_name="hand",
    )

    text = render_to_string("scoring/picker.html", {"picker": p})

    # The typed box is the enclosing form's field, holding the hand.
    assert re.search(
        r'<input type="text" id="seat2-notation" name="hand" value="99b \[5b J 7b\]"', text
    )
    assert 'id="seat2-pick-1c"' in text
    assert 'href="/rounds/7/hand/?seat=2&amp;hand=99b+1c+[5b+J+7b]"' in text
    assert "/calculator/" not in text
    assert "<form" not in text  # may sit inside the round entry form
    config = json.loads(
        re.search(r'<script id="seat2-config" type="application/json">(.*?)</script>', text).group(
            1
        )
    )
    assert (config["target"], config["push"], config["url"]) == (
        "hand-picker",
        False,
        "/rounds/7/hand/",
    )
    assert config["extra"] == [["seat", "2"]]


def test_the_state_handed_to_the_script_is_the_hand_as_the_server_reads_it() -> None:
    assert Selection.parse("99b J [5b J 7b] F", "Rd").client_state() == {
        "concealed": ["9b", "9b"],
        "jokers": 1,
        "exposed": [["5b", "J", "7b"]],
        "pending": ["Rd"],
        "flowers": 1,
        "error": False,
        "text": "99b J [5b J 7b] F",
    }
    assert Selection.parse("123c xx").client_state()["error"] is True


def test_the_scripts_texts_are_in_the_pages_language() -> None:
    with translation.override("de"):
        config = picker("99b").script_config

    assert config["text"]["count"] == "{n} von 14 Karten"
    assert config["text"]["flowers"] == ["{n} Blume", "{n} Blumen"]
    assert config["names"]["5b"] == "Bambus-5"
    assert config["why"]["copies"].startswith("Alle vier")
    assert config["limits"] == {"hand": 14, "copies": 4, "jokers": 6, "flowers": 8, "set": 3}


def test_the_status_line_says_the_score_the_problem_or_the_set_being_built() -> None:
    assert picker("567b 567b 678b 789b 99b").status == "17 credits · 512 points"
    assert picker("123c").status == "3 of 14 cards — add 11 more."
    assert picker("123c", "5b").status == "Building an exposed set: pick 2 more cards."
    assert picker("").status == ""
