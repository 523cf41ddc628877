"""Entering a round: the card picker and its live preview, saving, refusals (a stale sheet, a
finished match, a bad entry), the draw and undo buttons, and who may use them."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from leagues.errors import StaleEdit
from leagues.models import Match, Round

from .conftest import BIG_HAND, win
from .round_forms import checked, entry, hidden, words

pytestmark = pytest.mark.django_db


HTMX = {"HX-Request": "true"}
PREVIEW = {**HTMX, "HX-Target": "round-preview"}  # how picker.js asks after a tap


def new_url(match: Match) -> str:
    return reverse("leagues:round_new", args=[match.league.slug, match.pk])


def draw_url(match: Match) -> str:
    return reverse("leagues:round_draw", args=[match.league.slug, match.pk])


def undo_url(match: Match) -> str:
    return reverse("leagues:round_undo", args=[match.league.slug, match.pk])


class TestThePicker:
    def test_the_form_offers_the_seated_players_in_seat_order_and_the_sheets_version(
        self, organiser_client, match
    ):
        response = organiser_client.get(new_url(match))

        names = re.findall(r'name="winner" value="\d+"[^>]*>\s*([^<]+?)\s*</label>', response.text)
        assert names == ["Pia", "Quentin", "Rosa", "Sven"]
        assert hidden(response, "version") == str(match.version)
        assert "Enter round 1" in words(response)
        assert response.text.count('id="picker-pick-') == 36

    def test_each_card_is_a_link_that_keeps_what_was_chosen_in_the_form(
        self, organiser_client, match, players
    ):
        query = {"winner": players[2].pk, "win_type": "discard", "discarder": players[0].pk}
        response = organiser_client.get(new_url(match), {**query, "hand": "123c", "version": 1})

        link = re.search(r'id="picker-pick-5b" href="([^"]+)"', response.text).group(1)
        params = parse_qs(urlsplit(html.unescape(link)).query)
        assert params == {
            "outcome": ["won"],
            "winner": [str(players[2].pk)],
            "win_type": ["discard"],
            "discarder": [str(players[0].pk)],
            "version": ["1"],
            "hand": ["5b 123c"],
        }
        assert checked(response, "winner") == str(players[2].pk)
        assert checked(response, "win_type") == "discard"

    def test_a_click_through_htmx_returns_the_hand_and_its_preview_only(
        self, organiser_client, match
    ):
        response = organiser_client.get(
            new_url(match), {"hand": BIG_HAND, "version": 1}, headers=HTMX
        )

        assert response.text.lstrip().startswith('<div id="round-hand"')
        assert "<html" not in response.text
        assert "17 credits 512 points" in words(response)
        assert hidden(response, "hand") == BIG_HAND  # as typed
        assert not Round.objects.exists()

    def test_after_a_tap_picker_js_gets_only_the_preview_and_the_hand_as_read(
        self, organiser_client, match
    ):
        response = organiser_client.get(
            new_url(match), {"hand": BIG_HAND, "version": 1}, headers=PREVIEW
        )

        text = response.text
        assert text.lstrip().startswith('<section class="round-preview calc-result"')
        assert "17 credits 512 points" in words(response)
        assert 'id="picker-hint"' in text and "data-state=" in text
        assert "picker-pick-" not in text  # the palette stays as it is in the page
        assert 'name="winner"' not in text
        assert len(response.content) < 12_000
        assert "HX-Target" in response["Vary"]
        assert not Round.objects.exists()

    def test_the_form_is_refused_to_someone_who_may_not_enter_rounds(self, client, match, outsider):
        # A tap's preview is the calculator's answer and shows nothing of the match
        # (test_picker_taps.py); the form, which names the players, is refused.
        client.force_login(outsider)

        response = client.get(new_url(match), {"hand": BIG_HAND})

        assert response.status_code == 403

    def test_the_box_for_typing_the_hand_is_the_forms_own_hand_field(self, organiser_client, match):
        text = organiser_client.get(new_url(match), {"hand": "123c", "version": 1}).text

        start = text.index('id="round-form"')
        form = text[start : text.index("</form>", start)]
        assert re.search(r'<input type="text" id="picker-notation" name="hand" value="123c"', form)
        assert text.count('name="hand"') == 1  # one source: what the box shows is saved
        assert "notation-form" in form and 'method="get"' not in form

    def test_an_incomplete_hand_says_what_is_missing(self, organiser_client, match):
        response = organiser_client.get(new_url(match), {"hand": "123c 456b 789k 234c 5k"})

        assert "13 of 14 cards — add 1 more." in words(response)

    def test_the_preview_button_shows_credits_and_points_without_saving(
        self, organiser_client, match, players
    ):
        data = {**entry(match, players[1], BIG_HAND), "preview": "1"}

        response = organiser_client.post(new_url(match), data)

        assert response.status_code == 200
        assert "17 credits 512 points" in words(response)
        assert "This is a preview: nothing is saved until you save the round." in words(response)
        assert checked(response, "winner") == str(players[1].pk)
        assert not Round.objects.exists()


class TestSaving:
    def test_a_saved_round_appears_on_the_sheet_with_the_new_totals(
        self, organiser_client, match, players
    ):
        response = organiser_client.post(new_url(match), entry(match, players[1]))

        assert response.status_code == 302
        assert response.url == match.get_absolute_url()
        sheet = organiser_client.get(response.url)
        text = words(sheet)
        assert "Round 1 saved: Quentin wins 4 points." in text
        assert "Total points 4" in text
        assert "Quentin +4 4" in text
        round_ = Round.objects.get()
        assert (round_.winner, round_.win_type, round_.entered_by.username) == (
            players[1],
            "self_draw",
            "olga",
        )

    def test_a_win_by_discard_records_whose_discard(self, organiser_client, match, players):
        organiser_client.post(new_url(match), entry(match, players[2], discarder=players[3]))

        round_ = Round.objects.get()
        assert (round_.win_type, round_.discarder) == ("discard", players[3])

    def test_a_discarder_left_selected_on_a_self_drawn_win_is_ignored(
        self, organiser_client, match, players
    ):
        data = {**entry(match, players[2]), "discarder": str(players[3].pk)}

        organiser_client.post(new_url(match), data)

        assert Round.objects.get().discarder is None

    def test_the_round_that_reaches_the_target_ends_the_match(
        self, organiser_client, match, players
    ):
        response = organiser_client.post(new_url(match), entry(match, players[0], BIG_HAND))

        text = words(organiser_client.get(response.url))
        assert "Round 1 saved: Pia wins 512 points. The match is over." in text
        match.refresh_from_db()
        assert match.is_finished

    def test_a_draw_chosen_in_the_form_leaves_out_winner_and_hand(
        self, organiser_client, match, players
    ):
        organiser_client.post(new_url(match), entry(match, players[1], outcome="draw"))

        round_ = Round.objects.get()
        assert round_.is_draw and round_.winner is None


class TestRefusals:
    def test_a_missing_winner_is_named_next_to_the_winner(self, organiser_client, match):
        data = {"outcome": "won", "win_type": "self_draw", "hand": BIG_HAND, "version": "1"}

        response = organiser_client.post(new_url(match), data)

        winner = response.text[response.text.index('id="round-winner"') :]
        winner = winner[: winner.index("</fieldset>")]
        assert "Who won the round?" in winner
        assert hidden(response, "hand") == BIG_HAND  # as typed
        assert not Round.objects.exists()

    def test_a_refused_save_says_so_at_the_top_with_a_link_to_each_field_to_fix(
        self, organiser_client, match, players
    ):
        """The page comes back at its top: on a phone the winner's box is a screen further
        down, and the score bar at the bottom still shows a good hand."""
        data = {"outcome": "won", "win_type": "self_draw", "hand": BIG_HAND, "version": "1"}

        response = organiser_client.post(new_url(match), data)

        text = response.text
        summary = text[text.index('id="round-errors"') :]
        summary = summary[: summary.index("</div>")]
        assert text.index('id="round-errors"') < text.index('id="round-winner"')
        assert "The round was not saved. Fix what is marked, then save again:" in summary
        links = dict(
            (error, target)
            for target, error in re.findall(r'<a href="#([\w-]+)">([^<]+)</a>', summary)
        )
        # Following the link puts the keyboard on the first winner to choose.
        assert links == {"Who won the round?": "id_winner_0"}
        assert 'id="id_winner_0"' in text
        assert not Round.objects.exists()

    def test_a_win_by_discard_needs_whose_discard(self, organiser_client, match, players):
        data = entry(match, players[1], win_type="discard")

        response = organiser_client.post(new_url(match), data)

        assert "Whose discard completed the hand?" in words(response)
        assert not Round.objects.exists()

    def test_the_winner_cannot_have_discarded(self, organiser_client, match, players):
        data = entry(match, players[1], discarder=players[1])

        response = organiser_client.post(new_url(match), data)

        assert "The winner cannot have discarded the winning card." in words(response)
        assert not Round.objects.exists()

    def test_a_hand_that_does_not_win_is_refused_next_to_the_cards(
        self, organiser_client, match, players
    ):
        response = organiser_client.post(
            new_url(match), entry(match, players[1], "123c 456b 789k 234c 56k")
        )

        errors = re.search(r'id="hand-errors">(.*?)</div>', response.text, re.S).group(1)
        assert "Not a winning hand" in html.unescape(errors)
        assert hidden(response, "hand") == "123c 456b 789k 234c 56k"  # as typed
        assert not Round.objects.exists()

    def test_a_round_entered_from_a_stale_sheet_is_refused_and_the_hand_kept(
        self, organiser_client, match, players
    ):
        stale = entry(match, players[1], BIG_HAND)
        match.record_round(win(players[2]))  # someone else, meanwhile

        response = organiser_client.post(new_url(match), stale)

        assert response.status_code == 200
        assert "The score sheet changed while you were entering this round" in words(response)
        assert Round.objects.count() == 1
        assert hidden(response, "hand") == BIG_HAND  # as typed
        assert checked(response, "winner") == str(players[1].pk)
        assert "17 credits 512 points" in words(response)

    def test_after_a_stale_refusal_the_round_can_be_saved_deliberately(
        self, organiser_client, match, players
    ):
        stale = entry(match, players[1])
        match.record_round(win(players[2]))
        refused = organiser_client.post(new_url(match), stale)

        again = organiser_client.post(
            new_url(match), {**stale, "version": hidden(refused, "version")}
        )

        assert again.status_code == 302
        assert [r.winner for r in Round.objects.order_by("number")] == [players[2], players[1]]

    def test_a_finished_match_takes_no_new_round(self, organiser_client, match, players):
        match.record_round(win(players[0], BIG_HAND))

        shown = organiser_client.get(new_url(match))
        posted = organiser_client.post(new_url(match), entry(match, players[1]))

        for response in (shown, posted):
            assert "The match is over: no round can be added." in words(response)
            assert 'id="round-form"' not in response.text
        assert Round.objects.count() == 1


class TestDrawButton:
    def test_one_click_records_a_draw_and_the_deal_passes_on(
        self, organiser_client, match, players
    ):
        response = organiser_client.post(draw_url(match), {"version": match.version})

        assert response.status_code == 302
        assert response.url == match.get_absolute_url()
        text = words(organiser_client.get(response.url))
        assert "Round 1: a draw." in text
        assert "Dealer Pia" in text
        match.record_round(win(players[3]))
        assert match.rounds.get(number=2).dealer == players[1]

    def test_with_htmx_the_sheet_comes_back_in_place_with_its_message(
        self, organiser_client, match
    ):
        response = organiser_client.post(draw_url(match), {"version": 1}, headers=HTMX)

        assert response.status_code == 200
        assert response.text.lstrip().startswith('<div id="score-sheet"')
        assert "Round 1: a draw." in words(response)
        assert 'name="version" value="2"' in response.text

    def test_a_double_click_records_one_draw(self, organiser_client, match):
        organiser_client.post(draw_url(match), {"version": 1})
        second = organiser_client.post(draw_url(match), {"version": 1}, follow=True)

        assert "The score sheet changed while you were entering this round" in words(second)
        assert Round.objects.count() == 1


class TestUndo:
    def test_undo_takes_back_the_last_round(self, organiser_client, match, players, organiser):
        match.record_round(win(players[1]), by=organiser)
        match.record_round(win(players[2]), by=organiser)
        match.refresh_from_db()

        response = organiser_client.post(undo_url(match), {"version": match.version}, follow=True)

        assert "Round 2 was undone." in words(response)
        assert [r.number for r in Round.objects.all()] == [1]
        assert "Round 2 undone" in words(response)  # in the history: what the organiser did

    def test_undo_through_htmx_returns_the_sheet(self, organiser_client, match, players):
        match.record_round(win(players[1]))
        match.refresh_from_db()

        response = organiser_client.post(undo_url(match), {"version": match.version}, headers=HTMX)

        assert response.text.lstrip().startswith('<div id="score-sheet"')
        assert "Round 1 was undone." in words(response)
        assert "No rounds yet." in words(response)

    def test_an_undo_from_a_stale_sheet_undoes_nothing(self, organiser_client, match, players):
        match.record_round(win(players[1]))
        stale_version = Match.objects.get().version
        match.record_round(win(players[2]))

        response = organiser_client.post(undo_url(match), {"version": stale_version}, follow=True)

        assert "The match changed meanwhile: nothing was undone." in words(response)
        assert Round.objects.count() == 2

    def test_with_no_round_there_is_nothing_to_undo(self, organiser_client, match):
        response = organiser_client.post(undo_url(match), {"version": 1}, follow=True)

        assert "There is no round to undo." in words(response)

    def test_a_player_may_undo_only_a_round_they_entered(
        self, client, match, league, players, member, organiser
    ):
        league.players_may_enter = True
        league.save()
        client.force_login(member)
        match.record_round(win(players[1]), by=organiser)

        refused = client.post(undo_url(match), {"version": Match.objects.get().version})
        match.record_round(win(players[2]), by=member)
        allowed = client.post(undo_url(match), {"version": Match.objects.get().version})

        assert refused.status_code == 403
        assert allowed.status_code == 302
        assert [r.winner for r in Round.objects.all()] == [players[1]]

    def test_a_players_undo_is_refused_when_the_last_round_is_no_longer_theirs(
        self, match, league, players, member, organiser
    ):
        """The check the page made may be out of date by the time the undo holds the
        match's lock (tests/faults/test_undo_race.py): the undo asks again, under it."""
        league.players_may_enter = True
        league.save()
        match.record_round(win(players[2]), by=member)
        match.record_round(win(players[1]), by=organiser)  # after the member's page was shown

        with pytest.raises(StaleEdit, match="nothing was undone"):
            match.undo_last_round(member, expected_version=Match.objects.get().version)

        assert [r.winner for r in Round.objects.order_by("number")] == [players[2], players[1]]
        match.undo_last_round(organiser)  # an organiser's undo takes back anyone's round
        assert [r.winner for r in Round.objects.all()] == [players[2]]

    def test_a_players_undo_from_a_sheet_shown_before_a_new_round_says_the_match_changed(
        self, client, match, league, players, member, organiser
    ):
        """Not a 403: the button was on their page, for their own round, until someone
        entered the next one."""
        league.players_may_enter = True
        league.save()
        client.force_login(member)
        match.record_round(win(players[2]), by=member)
        shown = Match.objects.get().version
        match.record_round(win(players[1]), by=organiser)

        response = client.post(undo_url(match), {"version": shown}, follow=True)

        assert response.status_code == 200
        assert "The match changed meanwhile: nothing was undone." in words(response)
        assert Round.objects.count() == 2


def ask(client: Client, action: str, match: Match, players) -> tuple[int, int]:
    """Use one of the entry pages; returns the status and the number of rounds after."""
    if action == "view form":
        response = client.get(new_url(match))
    elif action == "enter":
        response = client.post(new_url(match), entry(match, players[1]))
    elif action == "draw":
        response = client.post(draw_url(match), {"version": match.version})
    else:
        match.record_round(win(players[1]))
        response = client.post(undo_url(match), {"version": match.version})
        return response.status_code, Round.objects.count() - 1
    return response.status_code, Round.objects.count()


ALLOWED = {"view form": (200, 0), "enter": (302, 1), "draw": (302, 1), "undo": (302, -1)}
ACTIONS = sorted(ALLOWED)


class TestAccess:
    @pytest.mark.parametrize("public", [True, False], ids=["public", "members-only"])
    @pytest.mark.parametrize("may_enter", [False, True], ids=["organisers-enter", "players-enter"])
    @pytest.mark.parametrize("action", ACTIONS)
    @pytest.mark.parametrize("persona", ["organiser", "member", "outsider", "anonymous"])
    def test_who_may_enter_rounds(
        self, client, request, match, league, players, persona, action, may_enter, public
    ):
        league.players_may_enter = may_enter
        league.is_public = public
        league.save()
        if persona != "anonymous":
            client.force_login(request.getfixturevalue(persona))

        status, rounds = ask(client, action, match, players)

        allowed = persona == "organiser" or (persona == "member" and may_enter)
        if action == "undo" and persona == "member":
            allowed = False  # the round was entered by someone else
        if allowed:
            assert (status, rounds) == ALLOWED[action]
        elif persona == "anonymous":
            assert (status, rounds) == (302, 0)
        else:
            assert (status, rounds) == (403, 0)


class TestCsrf:
    def test_a_post_without_the_token_is_refused(self, match, organiser):
        client = Client(enforce_csrf_checks=True)
        client.force_login(organiser)

        response = client.post(draw_url(match), {"version": 1}, headers=HTMX)

        assert response.status_code == 403
        assert not Round.objects.exists()

    def test_htmx_posts_with_the_token_the_page_puts_on_the_body(self, match, organiser):
        client = Client(enforce_csrf_checks=True)
        client.force_login(organiser)
        page = client.get(match.get_absolute_url()).text
        token = re.search(r"""hx-headers='\{"x-csrftoken": "([^"]+)"\}'""", page).group(1)

        response = client.post(
            draw_url(match), {"version": 1}, headers={**HTMX, "X-CSRFToken": token}
        )

        assert response.status_code == 200
        assert Round.objects.get().is_draw


class TestSignInRanOut:
    def test_the_hand_comes_back_after_signing_in_again(self, client, match, players, organiser):
        # The form posts to the address as it is (no action), where picker.js keeps the hand.
        client.force_login(organiser)
        form = client.get(new_url(match)).text
        assert re.search(r'<form method="post" id="round-form"', form)
        address = f"{new_url(match)}?version=1&hand={BIG_HAND.replace(' ', '+')}"
        client.logout()  # the session ended while the cards were tapped

        saved = client.post(address, entry(match, players[1], hand=BIG_HAND))
        sign_in = urlsplit(saved["Location"])
        signed_in = client.post(
            sign_in.path, {"username": "olga", "password": "pw-olga", **parse_qs(sign_in.query)}
        )
        back = client.get(signed_in["Location"])

        assert saved.status_code == 302 and not Round.objects.exists()
        assert signed_in["Location"] == address
        assert hidden(back, "hand") == BIG_HAND  # the hand, as typed
