"""The Mah-Jongg engine's reasons for refusing a move (games/play/mahjongg/errors.py), in
the player's language, for the `error` frame (games.messages.ILLEGAL adds them). The
reasons it shares with Mhing (not_your_turn, card_not_in_hand, …) keep Mhing's words."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

ILLEGAL = {
    "game_over": gettext_lazy("The game is over."),
    "not_just_drawn": gettext_lazy("Do this right after drawing a tile."),
    "no_such_set": gettext_lazy("Your tiles make no such set: %(tiles)s."),
    "chi_only_by_next": gettext_lazy("Only the next player may claim a chow."),
    "last_tile_mahjongg_only": gettext_lazy(
        "The last tile's discard may be claimed only for Mah-Jongg."
    ),
    "not_mahjongg": gettext_lazy("These tiles form no Mah-Jongg hand: %(hand)s"),
    "not_the_drawn_tile": gettext_lazy(
        "Only the tile just drawn (%(drawn)s) may be added to a pung."
    ),
}
