"""The match page: the score sheet (RULES.md §7), the hands, the history, and who sees which
buttons."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import Match, RoundEntry

from .conftest import BIG_HAND, SMALL_HAND, win

pytestmark = pytest.mark.django_db


CHIPS_HAND = "123b 456b 789b 22b 111b"  # 12 credits, 128 points
HTMX = {"HX-Request": "true"}


def url(match: Match) -> str:
    return reverse("leagues:match", args=[match.league.slug, match.pk])


def page(client: Client, match: Match, **headers: str) -> str:
    response = client.get(url(match), headers=headers)
    assert response.status_code == 200
    return html.unescape(response.text)


def cells(text: str, row_class: str, key: str = "") -> list[str]:
    """The cells of the first row with that class (and data-player or data-combination
    `key`), tags stripped."""
    attribute = f'[^>]*data-[a-z]+="{key}"' if key else ""
    found = re.search(rf'<tr class="{row_class}[^"]*"{attribute}[^>]*>(.*?)</tr>', text, re.S)
    assert found, f"no row {row_class} {key}"
    values = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", found.group(1), re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", v).split()) for v in values]


def words(text: str) -> str:
    """The text as a reader sees it: no tags, single spaces."""
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())


def login(client: Client, persona) -> Client:
    if persona is not None:
        client.force_login(persona)
    return client


@pytest.fixture
def played(match, players, organiser):
    """Three rounds: Quentin self-drawn (4 points), a draw, Rosa on Pia's discard (512)."""
    match.record_round(win(players[1]), by=organiser)
    match.record_round(RoundEntry.draw(), by=organiser)
    match.record_round(win(players[2], BIG_HAND, discarder=players[0]), by=organiser)
    match.refresh_from_db()
    return match


class TestTheSheet:
    def test_players_are_listed_in_seat_order_with_their_totals_and_places(self, client, played):
        text = page(client, played)

        table = text[text.index('id="match-players"') : text.index("</table>")]
        rows = re.findall(r"<tr[^>]*data-player[^>]*>(.*?)</tr>", table, re.S)
        values = [
            [
                " ".join(re.sub(r"<[^>]+>", " ", c).split())
                for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
            ]
            for row in rows
        ]
        assert values == [
            ["1", "Pia", "0", "3"],
            ["2", "Quentin", "4", "2"],
            ["3", "Rosa won the match", "512", "1"],
            ["4", "Sven", "0", "3"],
        ]

    def test_one_column_per_round_each_anchored_and_linking_to_its_hand(self, client, played):
        text = page(client, played)

        assert cells(text, "sheet-rounds") == ["Round", "1", "2", "3"]
        for number in (1, 2, 3):
            assert f'id="round-{number}"' in text
            assert f'href="#hand-{number}"' in text
            assert f'id="hand-{number}"' in text

    def test_it_says_who_dealt_and_who_won_how(self, client, played):
        text = page(client, played)

        assert cells(text, "sheet-dealers") == ["Dealer", "Pia", "Quentin", "Rosa"]
        assert cells(text, "sheet-outcomes") == [
            "Winner",
            "Quentin self-drawn",
            "Draw",
            "Rosa Pia's discard",
        ]

    def test_the_winners_credits_fill_the_combination_rows_of_their_round(self, client, played):
        text = page(client, played)

        assert cells(text, "sheet-combination", "all_sequences") == ["All sequences", "1", "", "1"]
        assert cells(text, "sheet-combination", "pair_258") == ["Pair of 2, 5 or 8", "1", "", ""]
        assert cells(text, "sheet-combination", "one_suit") == ["One suit only", "", "", "8"]
        assert cells(text, "sheet-credits") == ["Total credits", "2", "–", "17"]
        assert cells(text, "sheet-points") == ["Total points", "4", "–", "512"]

    def test_the_18_combinations_come_grouped_by_1_3_5_and_8_credits(self, client, played):
        text = page(client, played)

        assert text.count('class="sheet-combination') == 18
        heads = re.findall(r'<th scope="rowgroup"[^>]*><span>([^<]*)</span></th>', text)
        assert heads[:4] == ["1 credit", "3 credits", "5 credits", "8 credits"]

    def test_the_grand_total_runs_round_by_round_for_every_player(self, client, played, players):
        text = page(client, played)

        assert cells(text, "sheet-player", str(players[1].pk)) == ["Quentin", "+4 4", "4", "4"]
        assert cells(text, "sheet-player", str(players[2].pk)) == ["Rosa", "0", "0", "+512 512"]

    def test_a_draw_column_is_marked_as_such(self, client, played):
        text = page(client, played)

        assert re.findall(r"<col( class=\"is-draw\")?>", text) == ["", ' class="is-draw"', ""]

    def test_chips_show_each_players_balance_after_each_round(self, client, league, players):
        match = Match.begin(league, players[:3], first_dealer=0, rules={"variant": "chips"})
        match.record_round(win(players[0], CHIPS_HAND, discarder=players[1]))

        text = page(client, match)

        assert "Chips after each round" in text
        assert cells(text, "sheet-player", str(players[0].pk)) == ["Pia", "+384 884"]
        assert cells(text, "sheet-player", str(players[1].pk)) == ["Quentin", "-256 244"]
        assert cells(text, "sheet-player", str(players[2].pk)) == ["Rosa", "-128 372"]

    def test_each_hand_is_drawn_with_cards_in_its_arrangement(self, client, league, players):
        match = Match.begin(league, players[:2], first_dealer=0)
        match.record_round(win(players[1], "123c 123c 99b [5b J 7b] [RdRdRd] F F"))

        text = page(client, match)
        hand = text[text.index('id="hand-1"') :]

        assert "Quentin won, self-drawn: 6 credits , 32 points" in words(hand)
        assert hand.count('class="calc-group is-exposed"') == 2
        assert 'data-card="J"' in hand and "as 6b" in hand
        assert hand.count('data-card="F"') == 2
        assert "<code>123c 123c 99b [5b J 7b] [RdRdRd] FF</code>" not in hand  # arranged:
        assert re.search(r"<code>[^<]*\[5b J 7b\][^<]*\[RdRdRd\][^<]*F F</code>", hand)

    def test_combination_names_follow_the_visitors_language(self, client, played):
        client.cookies["django_language"] = "de"

        text = page(client, played)

        assert cells(text, "sheet-combination", "all_sequences")[0] == "Nur Sequenzen"
        assert cells(text, "sheet-combination", "one_suit")[0] == "Eine Farbe ohne Bildkarten"

    def test_a_match_without_rounds_says_so(self, client, match):
        text = page(client, match)

        assert "No rounds yet." in text
        assert 'id="sheet-table"' not in text

    def test_status_target_and_variant_are_shown(self, client, played, league, players):
        text = words(page(client, played))
        assert "Finished Points race target 500 points 3 rounds played" in text

        chips = Match.begin(
            league, players[:2], first_dealer=0, rules={"variant": "chips", "round_limit": 8}
        )
        text = words(page(client, chips))
        assert "Running Chips ends after 8 rounds 0 rounds played" in text

    def test_htmx_gets_only_the_score_sheet(self, client, played):
        text = page(client, played, **HTMX)

        assert text.lstrip().startswith('<div id="score-sheet"')
        assert "<html" not in text
        assert 'id="sheet-table"' in text

    @pytest.mark.parametrize(
        ("rounds", "blocks"), [(10, [10]), (11, [6, 5]), (14, [7, 7]), (23, [8, 8, 7])]
    )
    def test_a_long_match_comes_in_even_blocks_of_up_to_ten_rounds_with_the_labels_again(
        self, client, league, players, rounds, blocks
    ):
        match = Match.begin(league, players, first_dealer=0, rules={"target": 100_000})
        for number in range(rounds):
            match.record_round(win(players[number % 4]))

        text = page(client, match)

        tables = re.findall(r'<table class="sheet">(.*?)</table>', text, re.S)
        heads = [re.findall(r'<th scope="col" id="round-(\d+)"', table) for table in tables]
        assert [len(numbers) for numbers in heads] == blocks
        assert [int(n) for numbers in heads for n in numbers] == list(range(1, rounds + 1))
        for table in tables:  # each block names its rows and totals its players again
            assert table.count('class="sheet-combination') == 18
            assert "Total points" in table and ">Sven<" in table
        assert f"Score sheet, rounds 1 to {blocks[0]}" in text
        if len(tables) > 1:  # the running totals carry on into the next block
            first = blocks[0] + 1  # the next block's first round
            quentin = 4 * len([n for n in range(1, first + 1) if n % 4 == 2])  # 4 a win
            row = cells(tables[1], "sheet-player", str(players[1].pk))
            assert row[1].split()[-1] == str(quentin)


class TestHistory:
    def test_every_change_is_listed_with_who_what_and_before_and_after(
        self, client, played, players, organiser
    ):
        third = played.rounds.get(number=3)
        played.correct_round(third, win(players[3], SMALL_HAND), organiser, third.version)
        played.delete_round(played.rounds.get(number=2), organiser, 1)

        text = page(client, played)
        rows = re.findall(r'<tr class="history-(\w+)">(.*?)</tr>', text, re.S)
        lines = [
            (
                action,
                [
                    " ".join(re.sub(r"<[^>]+>", "", c).split())
                    for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
                ],
            )
            for action, row in rows
        ]

        assert [action for action, _ in lines] == ["deleted", "edited", "added", "added", "added"]
        deleted, edited = lines[0][1], lines[1][1]
        assert deleted[1:] == ["olga", "Round 2 deleted", "draw", "—"]
        assert edited[1:3] == ["olga", "Round 3 corrected"]
        assert edited[3].startswith("Rosa on Pia's discard, 17 cr., 512 pts (")
        # The hand as the engine arranged it, set by set.
        assert edited[4] == "Sven self-drawn, 2 cr., 4 pts (456b 123c 234c 789k 55k)"

    def test_a_match_without_changes_says_so(self, client, match):
        assert "No changes yet." in page(client, match)


class TestQueries:
    @pytest.mark.postgres  # a query count: PostgreSQL's may differ
    @pytest.mark.parametrize("rounds", [3, 30])
    def test_the_page_costs_the_same_queries_for_3_and_30_rounds(
        self, client, league, players, organiser, rounds, django_assert_max_num_queries
    ):
        match = Match.begin(league, players, first_dealer=0, rules={"target": 10_000})
        for number in range(rounds):
            winner = players[number % 4]
            if number % 3 == 2:
                match.record_round(RoundEntry.draw(), by=organiser)
            else:
                match.record_round(win(winner, discarder=players[(number + 1) % 4]), by=organiser)
        client.force_login(organiser)

        with django_assert_max_num_queries(10):
            response = client.get(url(match))

        assert response.status_code == 200
        assert response.text.count('id="hand-') == rounds


PERSONAS = ["organiser", "member", "outsider", None]


@pytest.fixture
def as_persona(request, client):
    def sign_in(name: str | None) -> Client:
        return login(client, request.getfixturevalue(name) if name else None)

    return sign_in


class TestWhoSeesWhat:
    @pytest.mark.parametrize("persona", PERSONAS)
    def test_a_public_leagues_sheet_is_open_to_everyone(self, as_persona, played, persona):
        assert as_persona(persona).get(url(played)).status_code == 200

    @pytest.mark.parametrize(
        ("persona", "status"),
        [("organiser", 200), ("member", 200), ("outsider", 403), (None, 302)],
    )
    def test_a_members_only_sheet_is_for_organisers_and_players(
        self, as_persona, played, league, persona, status
    ):
        league.is_public = False
        league.save()

        response = as_persona(persona).get(url(played))

        assert response.status_code == status
        if persona is None:
            assert response.url.startswith(reverse("login"))

    @pytest.mark.parametrize(
        ("persona", "may_enter", "buttons"),
        [
            ("organiser", False, {"enter", "draw", "undo", "correct"}),
            ("member", False, set()),
            ("member", True, {"enter", "draw"}),
            ("outsider", True, set()),
            (None, True, set()),
        ],
    )
    def test_buttons_appear_only_for_those_allowed_to_use_them(
        self, as_persona, match, league, players, organiser, persona, may_enter, buttons
    ):
        league.players_may_enter = may_enter
        league.save()
        match.record_round(win(players[1]), by=organiser)

        text = page(as_persona(persona), match)

        shown = {
            "enter": 'id="enter-round"' in text,
            "draw": 'id="draw-form"' in text,
            "undo": 'id="undo-form"' in text,
            "correct": "Correct round 1" in text and "Delete round 1" in text,
        }
        assert {name for name, present in shown.items() if present} == buttons

    def test_a_seated_player_may_undo_a_round_they_entered_themselves(
        self, client, match, league, players, member
    ):
        league.players_may_enter = True
        league.save()
        match.record_round(win(players[1]), by=member)
        client.force_login(member)

        assert 'id="undo-form"' in page(client, match)

    def test_a_finished_match_offers_no_new_round_but_still_an_undo(
        self, client, played, organiser
    ):
        client.force_login(organiser)

        text = page(client, played)

        assert "The match is over: no round can be added." in text
        assert 'id="enter-round"' not in text and 'id="draw-form"' not in text
        assert "Undo round 3" in text
