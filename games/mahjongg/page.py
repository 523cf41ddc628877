"""The table page of a Mah-Jongg table: the tiles drawn once as on the Mah-Jongg calculator
(`card_svg` with the prefix "mj", shown again by `<use>`), their names and the page's words
in the reader's language, for static/js/table-mahjongg.js."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.mahjongg_picker import PALETTE_ROWS
from scoring.templatetags.mhing_cards import face_of

TILES = [tile for row in PALETTE_ROWS for tile in row]

TEXT = {
    "mj_round": _("Round of the %(wind)s wind, game %(game)s"),
    "mj_wall": _("%(count)s tiles left in the wall"),
    "mj_dealer": _("dealer"),
    "mj_tiles_held": _("%(count)s tiles"),
    "mj_discards": _("Discards"),
    "mj_bonus": _("Bonus tiles"),
    "mj_sets": _("Sets"),
    "mj_discard_tile": _("Discard %(tile)s"),
    "mj_drawn": _("Just drawn"),
    "mj_open_discard": _("%(name)s discarded %(tile)s"),
    "mj_claims_close_in": _("Claims close in %(seconds)s s"),
    "mj_last_tile": _("The last tile: only Mah-Jongg may claim it."),
    "mj_pon": _("Pung"),
    "mj_kan": _("Kong"),
    "mj_chi": _("Chow"),
    "mj_mahjongg": _("Mah-Jongg!"),
    "mj_declare_kan": _("Concealed kong"),
    "mj_add_kan": _("Add to the pung"),
    "mj_pass": _("Pass"),
    "mj_your_turn": _("Your turn: tap a tile to discard it."),
    "mj_game_over": _("Game %(number)s is over"),
    "mj_draw": _("A draw: nobody called Mah-Jongg."),
    "mj_won": _("%(name)s called Mah-Jongg."),
    "mj_score": _("Score"),
    "mj_net": _("This game"),
    "mj_balance": _("Balance"),
    "mj_pays": _("%(payer)s pays %(payee)s %(amount)s"),
    "mj_next_game": _("Next game"),
    "mj_next_game_in": _("The next game starts in %(seconds)s s"),
}
WINDS = {
    "E": pgettext_lazy("wind", "East"),
    "S": pgettext_lazy("wind", "South"),
    "W": pgettext_lazy("wind", "West"),
    "N": pgettext_lazy("wind", "North"),
}


def page_context(table_text: dict[str, Any]) -> dict[str, Any]:
    """The page's additions; `table_text`: the Mhing table's words, to which ours are added
    (the shared countdown and buttons look their words up there)."""
    return {
        "table_config": {"game": "mahjongg"},  # static/js/table-mahjongg.js draws the table
        "mj_tiles": TILES,
        "table_text": {**table_text, **TEXT},
        "mj_text": {
            "winds": {code: str(name) for code, name in WINDS.items()},
            "tiles": {tile.code: str(face_of(tile).label) for tile in TILES},
        },
    }
