"""Template tags for drawing cards: `{% card_svg item %}`, `{{ item|card_label }}`,
`{{ combination_score|combination_name }}`, and `scored_tiles`/`tiles`/`group_label` for a
scored arrangement.

Every card is an inline SVG drawn here, with no font beyond the system's digits and Latin
letters: the Chinese characters on the cards are drawn as strokes, because a phone or a
server without CJK fonts would show empty boxes instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.card_names import FLOWER_NAME, JOKER_NAME, bonus_name, card_name, compass_letter
from scoring.mahjongg.tiles import Bonus
from scoring.mhing import (
    JOKER,
    Arrangement,
    Card,
    CombinationScore,
    Group,
    GroupKind,
    Suit,
)
from scoring.selection import FLOWER, Item

register = template.Library()

# Strokes of the characters, on a 10 × 10 grid.
_GLYPHS = {
    "wan": (  # 萬, on the characters suit
        "M1 2H9M3.4 .8V3.2M6.6 .8V3.2M2.6 3.8H7.4V6.2H2.6ZM2.6 5H7.4M5 3.8V6.2"
        "M1.6 9.6V7H8.4V9.4L7.6 9.1M5 6.2V8.8M3.6 8.8H6.4L5.4 7.8"
    ),
    "east": "M1 2.2H9M5 .6V9.8M2.6 3.4H7.4V7H2.6ZM2.6 5.2H7.4M5 7 1.4 9.6M5 7 8.6 9.6",  # 東
    "south": (  # 南
        "M1 2.2H9M5 .6V3.6M1.8 9.6V3.6H8.2V9.2L7.4 8.9M3.8 4.6 4.5 5.6M6.2 4.6 5.5 5.6"
        "M3 6.4H7M3.4 7.9H6.6M5 6.4V9.6"
    ),
    "west": "M1 1.6H9M2 3.6V9.2H8V3.6ZM4.2 1.6V5.2Q4 6.4 2.6 6.8M5.8 1.6V5.6Q5.8 6.6 8 6.6",  # 西
    "north": (  # 北
        "M3.8 1V8.4M1.4 4.4H3.8M.8 9.2 3.8 7.6M6.4 1V8.2Q6.4 9.2 7.4 9.2H9.2V8M6.4 4.6 8.8 3.2"
    ),
    "red": "M2 3H8V6.5H2ZM5 .8V9.6",  # 中
    "green": (  # 發, in its short form 发
        "M1 4H9M3.2 1.2 2.4 3.4M6 .8Q5.6 6 1.6 9.6M4.4 5.8H8.2Q7 8.4 4 9.6M5.6 7.2Q7.2 8.8 9.2 9.6"
        "M7.4 1 8.6 2.4"
    ),
}
_WIND_GLYPHS = ("east", "south", "west", "north")

_SUIT_COLOURS = {Suit.BAMBOO: "#1d7a3e", Suit.CIRCLES: "#1f5fa8", Suit.CHARACTERS: "#b8322a"}
_WIND_COLOUR = "#23304d"
_DRAGON_COLOURS = {Card.RED: "#b8322a", Card.GREEN: "#1d7a3e", Card.WHITE: "#1f5fa8"}


@dataclass(frozen=True)
class Face:
    """What the SVG template draws for one card."""

    kind: str  # "suit", "wind", "dragon", "joker", "flower", "season"
    label: str
    colour: str = ""
    numeral: str = ""  # rank of a suit card, compass letter of a wind, a bonus tile's number
    suit: str = ""  # "b", "c", "k"
    glyph: str = ""  # path data on the 10 × 10 grid
    code: str = ""


def face_of(item: Item | Bonus) -> Face:
    if isinstance(item, Bonus):  # before `Card(item)`: both are ints from 0
        kind = "flower" if item.is_flower else "season"
        return Face(kind, bonus_name(item), numeral=str(item.wind + 1), code=item.code)
    if item is JOKER:
        return Face("joker", str(JOKER_NAME), code="J")
    if item is FLOWER:
        return Face("flower", str(FLOWER_NAME), code="F")
    card = Card(item)
    label = card_name(card)
    if card.suit is not None:
        glyph = _GLYPHS["wan"] if card.suit is Suit.CHARACTERS else ""
        colour = _SUIT_COLOURS[card.suit]
        return Face("suit", label, colour, str(card.rank), card.suit.value, glyph, card.code)
    if card.is_wind:
        glyph = _GLYPHS[_WIND_GLYPHS[card - Card.EAST]]
        return Face("wind", label, _WIND_COLOUR, compass_letter(card), "", glyph, card.code)
    glyph = "" if card is Card.WHITE else _GLYPHS[card.name.lower()]
    return Face("dragon", label, _DRAGON_COLOURS[card], "", "", glyph, card.code)


@register.inclusion_tag("scoring/card.svg.html")
def card_svg(
    item: Item, css_class: str = "", decorative: bool = False, face_prefix: str = ""
) -> dict:
    """An inline SVG of the card. `decorative` hides it from assistive technology, for a
    card inside a link or button that carries its own label. With `face_prefix` the drawing
    gets the id `<face_prefix>-face-<code>`, for `card_use` to show it again."""
    face = face_of(item)
    face_id = f"{face_prefix}-face-{face.code}" if face_prefix else ""
    return {"face": face, "css_class": css_class, "decorative": decorative, "face_id": face_id}


@register.simple_tag
def card_use(item: Item, face_prefix: str, decorative: bool = False) -> str:
    """The card again, as a reference (`<use>`) to a drawing `card_svg` put on the page with
    the same `face_prefix`: the picker's palette draws each card once, and the hand and the
    score show them in a fifth of the bytes."""
    return _card_use(item, type(item), face_prefix, decorative, get_language())


@lru_cache(maxsize=1024)
def _card_use(
    item: Item | Bonus, kind: type, face_prefix: str, decorative: bool, language: str | None
) -> str:
    """Kept per language: a score shows up to 22 cards, and each answer to a tap has one.
    Kept per `kind` too: Mah-Jongg's bonus tile F1 equals the 1 of bamboo as an int."""
    face = face_of(item)
    use = format_html('<use href="#{}-face-{}"/>', face_prefix, face.code)
    if decorative:
        described, title = mark_safe('aria-hidden="true"'), ""
    else:
        described = format_html('role="img" aria-label="{}"', face.label)
        title = format_html("<title>{}</title>", face.label)
    return format_html(
        '<svg class="mcard mcard-{}" viewBox="0 0 48 64" focusable="false" data-card="{}" {}>'
        "{}{}</svg>",
        face.kind,
        face.code,
        described,
        title,
        use,
    )


@register.filter
def card_label(item: Item) -> str:
    """The card's name in the active language: '5 of bamboo', 'Mhing card', 'flower'."""
    return face_of(item).label


@register.filter
def combination_name(score: CombinationScore) -> str:
    """The combination's name from the rules core, in the active language (en, de, fr)."""
    names = score.combination.names
    language = (get_language() or "en").split("-")[0]
    return names.get(language, names["en"])


@dataclass(frozen=True)
class Tile:
    """A card of the scored arrangement as drawn: the card itself, or a Mhing card with
    what it stands for."""

    item: Item
    stands_for: Card | None


@register.filter
def tiles(groups: Group | Arrangement) -> list[Tile]:
    """The cards of a group (or of every group of an arrangement), jokers as jokers."""
    if isinstance(groups, Arrangement):
        return [tile for group in groups.groups for tile in tiles(group)]
    return [
        Tile(JOKER, card) if joker else Tile(card, None)
        for card, joker in zip(groups.cards, groups.jokers, strict=True)
    ]


@register.simple_tag
def scored_tiles(groups: Group | Arrangement | Iterable[Tile], face_prefix: str = "") -> str:
    """The cards of a scored group or arrangement (or its `Tile`s, as a stored hand gives
    them), each in its `calc-tile` box, a Mhing card with what it stands for: the card
    again by reference (`card_use`) when the page drew it with `face_prefix`, else drawn in
    full.

    A tag, not a template included per card: an answer showing a whole hand has 14 to 22
    cards, and an include for each costs a tap more than this tag (docs/benchmarks.md)."""
    if isinstance(groups, Group | Arrangement):
        groups = tiles(groups)
    language = get_language()
    # A line each, as the template once included per card wrote them: the space between
    # the inline boxes is part of the layout.
    return mark_safe("".join(f"{_scored_tile(t, face_prefix, language)}\n" for t in groups))


@register.simple_tag(takes_context=True)
def scored_tiles_once(
    context: template.Context, groups: Group | Arrangement | Iterable[Tile], face_prefix: str
) -> str:
    """As `scored_tiles`, for a page that shows many hands (a match's): each card is drawn
    in full the first time the template shows it, with `face_prefix`, and by a lean
    reference (`<use>`, its name, no box around it but a Mhing card's) after. A 30-round
    match shows 420 cards at 700 bytes each; a reference is a sixth of that.
    The cards sit in a flex box, so no space between them is needed."""
    if isinstance(groups, Group | Arrangement):
        groups = tiles(groups)
    drawn = context.render_context.setdefault(("faces drawn", face_prefix), set())
    language = get_language()
    parts = []
    for tile in groups:
        face = (type(tile.item), tile.item)
        if face in drawn:
            drawing = _lean_use(tile.item, type(tile.item), face_prefix, language)
        else:
            drawn.add(face)
            drawing = render_to_string(
                "scoring/card.svg.html", card_svg(tile.item, face_prefix=face_prefix)
            )
        parts.append(drawing if tile.stands_for is None else _joker_box(tile, drawing))
    return mark_safe("".join(parts))


@lru_cache(maxsize=1024)
def _lean_use(item: Item, kind: type, face_prefix: str, language: str | None) -> str:
    """A card by reference with its name and nothing else: no `<title>` (the name is the
    label already), no `focusable` (for Internet Explorer only), no class (the page's CSS
    sizes `.calc-group-cards > svg`)."""
    face = face_of(item)
    return format_html(
        '<svg viewBox="0 0 48 64" data-card="{}" role="img" aria-label="{}">'
        '<use href="#{}-face-{}"/></svg>',
        face.code,
        face.label,
        face_prefix,
        face.code,
    )


def _scored_tile(tile: Tile, face_prefix: str, language: str | None) -> str:
    if face_prefix:
        drawing = _card_use(tile.item, type(tile.item), face_prefix, False, language)
    else:
        drawing = render_to_string("scoring/card.svg.html", card_svg(tile.item))
    if tile.stands_for is None:
        return format_html('<span class="calc-tile">{}</span>', drawing)
    return _joker_box(tile, drawing)


def _joker_box(tile: Tile, drawing: str) -> str:
    """A Mhing card's box: the card, and what it stands for under it."""
    return format_html(
        '<span class="calc-tile is-joker">{}<span class="calc-as" title="{}">{}</span></span>',
        drawing,
        _("as %(card)s") % {"card": card_label(tile.stands_for)},
        _("as %(card)s") % {"card": tile.stands_for.code},
    )


@register.filter
def group_label(group: Group) -> str:
    label = {
        GroupKind.SEQUENCE: _("sequence"),
        GroupKind.TRIPLET: _("triplet"),
        GroupKind.PAIR: _("pair"),
        GroupKind.SINGLE: _("single"),
    }[group.kind]
    return f"{label} · {_('exposed')}" if group.exposed else label
