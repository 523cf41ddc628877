"""The Mhing engine's reasons for refusing a move (games/play/errors.py), in the player's
language, for the `error` frame (games.messages asks each game through the registry). The
Mah-Jongg engine's reasons it shares (not_your_turn, card_not_in_hand, …) use these words."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

ILLEGAL = {
    "round_over": gettext_lazy("The round is over."),
    "no_such_seat": gettext_lazy("There is no such seat at this table."),
    "table_only": gettext_lazy("Only the table closes the claim window."),
    "players_only": gettext_lazy("Only a player at the table can make this move."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "claim_window_open": gettext_lazy(
        "Wait: the last discard may still be claimed. Claim it or pass."
    ),
    "no_claim_window": gettext_lazy("There is no discard to claim now."),
    "own_discard": gettext_lazy("You cannot claim your own discard."),
    "already_answered": gettext_lazy("You have already answered this discard."),
    "card_not_in_hand": gettext_lazy("Not in your hand: %(cards)s."),
    "no_such_claim": gettext_lazy("Those cards and the discard do not make that set."),
    "named_card_required": gettext_lazy("Say which card the claimed Mhing card stands for."),
    "named_card_not_allowed": gettext_lazy(
        "Name a card only when the discard you claim is a Mhing card."
    ),
    "not_a_winning_hand": gettext_lazy("That is not a winning hand: %(hand)s"),
    "cannot_declare_mhing": gettext_lazy("Call Mhing right after drawing a card."),
    "match_over": gettext_lazy("The match is over."),
}
