"""Everything the live table's script (static/js/table.js) shows in words, translated here.

The page hands these to the script as JSON (`json_script`), so the script holds no English
and one .po file covers the whole table. Placeholders are Python's `%(name)s`, which the
script fills in; translators see them as usual.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

TABLE_TEXT: dict[str, Promise] = {
    # connection
    "connection_connecting": _("Connecting…"),
    "connection_connected": _("Connected"),
    "connection_reconnecting": _("Connection lost: trying again in %(seconds)s s…"),
    "connection_closed": _("This table is closed."),
    "connection_closed_flooding": _(
        "Disconnected: this page sent too many messages at once. Reload the page."
    ),
    "connection_closed_too_many_tabs": _(
        "You have this table open in too many tabs or devices. Close one, then reload this page."
    ),
    "connection_closed_too_many_watchers": _(
        "This table has as many watchers as it can take. Try again later, or sign in."
    ),
    "error_offline": _("Not connected: the move was not sent. Trying to reconnect…"),
    "error_other": _("That did not work. Please try again."),
    "copied": _("Copied"),
    # the table
    "you": _("You"),
    "seat_number": _("Seat %(number)s"),
    "round_number": _("Round %(number)s"),
    "dealer_is": _("Dealer: %(name)s"),
    "dealer": _("Dealer"),
    "dealer_short": pgettext_lazy("badge for the dealer", "D"),
    "stock_count": _("Stock: %(count)s"),
    "bot": _("Bot"),
    "offline": _("Away"),
    "on_turn": _("On turn"),
    "deciding": _("Deciding"),
    "hand_count": _("Cards in hand: %(count)s"),
    "your_hand_count": _("Your hand (%(count)s)"),
    "flowers_count": _("Flowers: %(count)s"),
    "exposed": _("Exposed sets"),
    "meld_sequence": _("Sequence, claimed from %(name)s"),
    "meld_triplet": _("Triplet, claimed from %(name)s"),
    "discards": _("Discards"),
    "no_discards": _("No discards yet."),
    "last_discard_card": _("%(card)s, the last discard"),
    "list_separator": pgettext_lazy("between card names in a list", ", "),
    "waiting_for_round": _("Waiting for the deal…"),
    "status_finished": _("The match is over."),
    "status_closed": _("This table has been closed."),
    # turns and claims
    "your_turn": _("Your turn: tap a card to discard it."),
    "your_turn_mhing": _("Your turn: call Mhing, or tap a card to discard it."),
    "turn_of": _("%(name)s is on turn."),
    "open_discard": _("%(name)s discarded %(card)s."),
    "claim_or_pass": _("Claim the %(card)s, or pass."),
    "claims_close_in": _("Claims close in %(seconds)s s"),
    "bot_plays_in": _("The bot plays for you in %(seconds)s s"),
    "drawn": _("Drawn"),
    "discard_card": _("Discard %(card)s"),
    "mhing": _("Mhing!"),
    "claim_sequence": _("Sequence with %(cards)s"),
    "claim_triplet": _("Triplet with %(cards)s"),
    "claim_named": _("(as %(card)s)"),
    "pass": _("Pass"),
    "you_passed": _("You passed."),
    "you_claimed": _("Your claim is in: waiting for the others."),
    # events
    "event_discarded": _("%(name)s discarded %(card)s."),
    "event_claimed_sequence": _("%(name)s claimed %(card)s for a sequence."),
    "event_claimed_triplet": _("%(name)s claimed %(card)s for a triplet."),
    "event_claimed_mhing": _("%(name)s claimed %(card)s for Mhing!"),
    "event_round_started": _("New round: %(name)s deals."),
    # the end of a round
    "round_over": _("Round over"),
    "round_draw": _("The stock ran out: a draw, nobody scores."),
    "round_won": _("%(name)s won the round."),
    "won_self_drawn": _("%(name)s called Mhing on a drawn card."),
    "won_on_discard": _("%(name)s called Mhing on the discard of %(discarder)s."),
    "joker_as": _("Mhing card as %(card)s"),
    "as_card": _("as %(card)s"),
    "combinations": _("Combinations"),
    "combination": _("Combination"),
    "credits": _("Credits"),
    "count": _("Count"),
    "total": _("Total"),
    "total_credits": _("Total credits"),
    "points": _("Points"),
    "chips": _("Chips"),
    "no_combination": _("No combination: 0 credits."),
    "next_round": _("Next round"),
    "waiting_for_others": _("Waiting for the other players…"),
    "next_round_in": _("The next round is dealt in %(seconds)s s."),
    "match_over": _("The match is over."),
    "match_won": _("%(name)s won the match."),
    "recorded": _("The match is recorded in the league."),
}
