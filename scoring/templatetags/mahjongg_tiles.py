"""`{% tile_use tile %}`: a Mah-Jongg tile again, as a short reference to its drawing.

The Mah-Jongg calculator's palette draws every tile once (`card_svg` with the prefix "mj");
the hand, the choices and the score show them again with this tag. Shorter than `card_use`,
because an answer to a tap repeats up to forty tiles and should stay small (issue 14: at most
12 KB): so neither a class nor `aria-hidden` on each. The drawings sit in a button that
carries the tile's name (its content is presentational) or in an element marked
`aria-hidden` once, and mahjongg-calculator.css sizes them by where they are.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.utils.html import format_html

from scoring.mahjongg.tiles import Bonus, Tile

register = template.Library()


@register.simple_tag
def tile_use(tile: Tile | Bonus) -> str:
    return _tile_use(tile.code)


@lru_cache(maxsize=64)
def _tile_use(code: str) -> str:
    return format_html(
        '<svg viewBox="0 0 48 64"><use href="#mj-face-{}"/></svg>',
        code,
    )
