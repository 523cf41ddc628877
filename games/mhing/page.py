"""The table page of a Mhing table: every card's picture once (the page's <template> sprites
that static/js/table-parts.js clones) and every card's name in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.card_names import FLOWER_NAME, JOKER_NAME, card_name
from scoring.mhing import JOKER, Card
from scoring.picker import FLOWER

# Every card once, by code, for the page's <template> sprites that the script clones.
CARD_FACES = (*((card.code, card) for card in Card), ("J", JOKER), ("F", FLOWER))


def card_names() -> list[tuple[str, str]]:
    """Every card's code and name in the active language, in the order a hand is sorted:
    bamboo, circles, characters, winds, dragons, then the Mhing card and the flower."""
    names = [(card.code, str(card_name(card))) for card in Card]
    return [*names, ("J", str(JOKER_NAME)), ("F", str(FLOWER_NAME))]


def page_context(table_text: Mapping[str, Any]) -> dict[str, Any]:
    """The page's additions: the cards' pictures and names (the words are the shell's)."""
    return {"card_faces": CARD_FACES, "table_config": {"cards": card_names()}}
