"""The Mah-Jongg picker's tiles in HTML: `{% tile_use tile %}` and the buttons of the hand.

The Mah-Jongg calculator's palette draws every tile once (`card_svg` with the prefix "mj");
the hand, the choices and the score show them again with `tile_use`, a short reference to that
drawing. Shorter than `card_use`, because an answer to a tap repeats up to forty tiles and
should stay small (at most 12 KB): so neither a class nor `aria-hidden` on each.
The drawings sit in a button that carries the tile's name (its content is presentational) or
in an element marked `aria-hidden` once, and mahjongg-calculator.css sizes them by where
they are.

The hand's buttons (a tile to take out, a set, a bonus tile, a winning-tile choice), the
rows of toggle buttons and the score's sets and breakdown rows are rendered here rather than
in template loops, and kept per language: a tap is answered in a few milliseconds (a
median of at most 5 ms), and the same tile at the same place is the same HTML every time.
The whole hand (`picker_hand`) and the choices beside it (`picker_context`, `picker_winds`,
`picker_win`) are tags too, for the same reason; their translated texts are escaped, as
leagues/templatetags/mahjongg_game_form.py says.
"""

from __future__ import annotations

import json
from functools import lru_cache

from django import template
from django.utils.formats import localize
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from scoring.mahjongg import Meld
from scoring.mahjongg.tiles import Bonus, Tile

from .mhing_cards import face_of

register = template.Library()


@register.simple_tag
def tile_use(tile: Tile | Bonus) -> str:
    return _tile_use(tile.code)


@lru_cache(maxsize=64)
def _tile_use(code: str) -> SafeString:
    return format_html('<svg viewBox="0 0 48 64"><use href="#mj-face-{}"/></svg>', code)


@register.simple_tag
def tiles_use(tiles) -> str:
    """Several tiles, as `tile_use` each."""
    return mark_safe("".join(_tile_use(tile.code) for tile in tiles))


@register.simple_tag
def hand_tile(tile: Tile, index: int, win: Tile | None) -> str:
    """A concealed tile of the hand: a button that takes it out (`remove`)."""
    return _hand_tile(tile, index, tile == win, get_language())


@lru_cache(maxsize=1024)
def _hand_tile(tile: Tile, index: int, winning: bool, language: str | None) -> SafeString:
    return format_html(
        '<li><button class="pick{}" id="mj-r{}" name="remove" value="{}" aria-label="{}">{}'
        "</button></li>",
        " is-winning" if winning else "",
        index,
        tile.code,
        _("Remove %(tile)s") % {"tile": face_of(tile).label},
        _tile_use(tile.code),
    )


@register.simple_tag
def bonus_tile(bonus: Bonus) -> str:
    """A bonus tile of the hand: a button that takes it out (`remove_bonus`)."""
    return _bonus_tile(bonus, get_language())


@lru_cache(maxsize=64)
def _bonus_tile(bonus: Bonus, language: str | None) -> SafeString:
    return format_html(
        '<li><button class="pick" id="mj-remove-{}" name="remove_bonus" value="{}" '
        'aria-label="{}">{}</button></li>',
        bonus.code,
        bonus.code,
        _("Remove %(tile)s") % {"tile": face_of(bonus).label},
        _tile_use(bonus.code),
    )


@register.simple_tag
def hand_set(index: int, meld: Meld) -> str:
    """A set laid out: its tiles and a button that takes it out (`remove_set`)."""
    return _hand_set(index, meld, get_language())


@lru_cache(maxsize=512)
def _hand_set(index: int, meld: Meld, language: str | None) -> SafeString:
    if meld.concealed:
        about = _("Concealed kong %(set)s") % {"set": meld.text}
        kind, label = "is-concealed", _("concealed kong")
    else:
        about = _("Exposed set %(set)s") % {"set": meld.text}
        kind, label = "is-exposed", _("exposed")
    return format_html(
        '<div class="picker-set {}" role="group" aria-label="{}">'
        '<span class="picker-set-label" aria-hidden="true">{}</span>'
        '<span class="picker-set-tiles" aria-hidden="true">{}</span>'
        '<button class="picker-set-remove" id="mj-remove-set-{}" name="remove_set" value="{}" '
        'aria-label="{}" title="{}">×</button></div>',
        kind,
        about,
        label,
        mark_safe("".join(_tile_use(tile.code) for tile in meld.tiles)),
        index,
        index,
        _("Remove the set %(set)s") % {"set": meld.text},
        _("Remove this set"),
    )


@register.simple_tag
def win_choice(tile: Tile, win: Tile | None) -> str:
    """One of the caller's possible winning tiles: a button that chooses it (`win`)."""
    return _win_choice(tile, tile == win, get_language())


@lru_cache(maxsize=256)
def _win_choice(tile: Tile, pressed: bool, language: str | None) -> SafeString:
    return format_html(
        '<button class="mj-tile" id="mj-win-{}" name="win" value="{}" aria-pressed="{}" '
        'aria-label="{}">{}</button>',
        tile.code,
        tile.code,
        "true" if pressed else "false",
        _("Won on %(tile)s") % {"tile": face_of(tile).label},
        _tile_use(tile.code),
    )


@register.simple_tag
def option_buttons(name: str, choices, pressed: str | None) -> str:
    """A row of toggle buttons (`name=value`), the `pressed` one marked: the winds, how the
    winning tile came."""
    return _option_buttons(name, tuple(choices), pressed, get_language())


@lru_cache(maxsize=256)
def _option_buttons(
    name: str, choices: tuple[tuple[str, str], ...], pressed: str | None, language: str | None
) -> SafeString:
    return mark_safe(
        "".join(
            format_html(
                '<button class="mj-option" id="mj-{}-{}" name="{}" value="{}" '
                'aria-pressed="{}">{}</button>',
                name,
                value,
                name,
                value,
                "true" if value == pressed else "false",
                label,
            )
            for value, label in choices
        )
    )


@register.simple_tag
def breakdown_row(item) -> str:
    """One row of the score's breakdown (scoring/mahjongg_calculator.py `ShownItem`)."""
    return _breakdown_row(item, get_language())


@lru_cache(maxsize=1024)
def _breakdown_row(item, language: str | None) -> SafeString:
    about = format_html(" <code>{}</code>", item.about) if item.about else ""
    value = localize(item.value)
    if item.kind == "points":
        cells = format_html('<td class="num">{}</td><td></td>', value)
    elif item.kind == "doublings":
        cells = format_html('<td></td><td class="num">{}</td>', value)
    else:
        cells = format_html('<td class="num" colspan="2">{}</td>', value)
    return format_html('<tr data-row="{}"><td>{}{}</td>{}</tr>', item.key, item.name, about, cells)


@register.simple_tag
def result_group(group) -> str:
    """One set of the hand as the score split it (`ShownGroup`): its label and tiles."""
    return _result_group(group, get_language())


@lru_cache(maxsize=1024)
def _result_group(group, language: str | None) -> SafeString:
    classes = "calc-group"
    if group.where != "hand":
        classes += " is-exposed"
    if group.winning:
        classes += " is-winning"
    won = format_html(" · {}", _("won")) if group.winning else ""
    return format_html(
        '<li class="{}"><span class="calc-group-label">{}{}</span>'
        '<span class="calc-group-cards" aria-hidden="true">{}</span>'
        '<span class="visually-hidden">{}</span></li>',
        classes,
        group.label,
        won,
        mark_safe("".join(_tile_use(tile.code) for tile in group.tiles)),
        group.names,
    )


@register.simple_tag
def picker_hand(picker, title: str = "", oob: bool = False) -> SafeString:
    """The picker's hand (scoring/mahjongg_picker.py `TilePicker` as `picker`): its tiles,
    each a button that takes it out, its sets and bonus tiles, and Clear. `title` names the
    hand (default "Your hand"). Every button belongs to the page's one form and sends one
    change. With `oob` it replaces itself in the page (htmx out of band), for an answer that
    sends only the parts a change altered.

    The template it replaces, written out with its line breaks and indents (the page keeps
    them; a tap's answer drops them): it was a tenth of a game form tap (docs/benchmarks.md).
    Its texts are escaped, as leagues/templatetags/mahjongg_game_form.py says.
    """
    draft, hand = picker.draft, picker.hand
    # Plural by the count: "1 tuile sur 13", "2 tuiles sur 13" (English says "tiles" either way).
    count = ngettext(
        "%(count)s of %(needed)s tiles", "%(count)s of %(needed)s tiles", picker.tile_count
    ) % {"count": picker.tile_count, "needed": picker.tiles_needed}
    if draft.error:
        cards = _picker_note(_("The tiles cannot be shown until the typed line is fixed."))
    elif draft.is_empty:
        cards = _picker_note(_("No tiles yet. Tap the tiles below to add them, or type the line."))
    else:
        cards = "\n        "
        if hand.concealed:
            tiles = "".join(hand_tile(t, i, hand.win) for i, t in enumerate(hand.concealed))
            cards += _picker_run("picker-run", _("Concealed tiles"), tiles)
        cards += "\n        " + "".join(hand_set(i, meld) for i, meld in picker.melds)
        cards += "\n        "
        if hand.bonus:
            bonuses = "".join(bonus_tile(bonus) for bonus in hand.bonus)
            cards += _picker_run("picker-run picker-flowers", _("Bonus tiles"), bonuses)
        cards += "\n      "
    shown = not draft.is_empty and not draft.error
    return format_html(
        '\n  <section class="picker-hand" id="mj-hand" aria-labelledby="mj-hand-title"{}>\n'
        '    <div class="picker-head">\n'
        '      <h2 id="mj-hand-title">{}</h2>\n'
        '      <span class="picker-count">{}</span>\n'
        "    </div>\n"
        '    <div class="picker-cards">\n'
        "      {}\n"
        "    </div>\n"
        '    <p class="picker-tip muted">{}</p>\n'
        '    <div class="picker-actions">\n'
        '      <button type="submit" class="button button-small button-secondary" id="mj-clear" '
        'name="clear" value="1"{}>{}</button>\n'
        "    </div>\n"
        "  </section>\n\n",
        _swapped_in(oob),
        title or _("Your hand"),
        mark_safe(count),
        mark_safe(cards),
        _("Tap a tile in the hand to take it out.") if shown else "",
        mark_safe(" hidden" if draft.is_empty else ""),
        _("Clear"),
    )


def _swapped_in(oob: bool) -> SafeString:
    """The attribute by which a part sent after a tap replaces itself (htmx out of band)."""
    return mark_safe(' hx-swap-oob="true"' if oob else "")


def _picker_note(text: str) -> str:
    return format_html('\n        <p class="picker-note">{}</p>\n      ', text)


def _picker_run(classes: str, label: str, items: str) -> str:
    return format_html(
        '\n          <ul class="{}" aria-label="{}">\n            {}\n          </ul>\n        ',
        classes,
        label,
        mark_safe(items),
    )


@register.simple_tag
def picker_context(picker) -> SafeString:
    """The picker's choices beside the tiles (`TilePicker`): the winds unless the page gives
    them (`fixed_winds`), and the winning tile and how it came when `shows_win`; nothing when
    neither is asked. Replaces a template that was a quarter of a game form tap's drawing."""
    if picker.fixed_winds and not picker.shows_win:
        return mark_safe("")
    if picker.fixed_winds:
        title = _("The winning tile")
    else:
        title = _("Winds and the winning tile")
    winds = "" if picker.fixed_winds else picker_winds(picker)
    win = picker_win(picker) if picker.shows_win else ""
    return format_html(
        '<section class="mj-context" id="mj-context" aria-labelledby="mj-context-title">'
        '<h2 id="mj-context-title">{}</h2>{}{}</section>',
        title,
        winds,
        win,
    )


@register.simple_tag
def picker_winds(picker, oob: bool = False) -> SafeString:
    """The seat and round winds to choose, and whose pairs score (MAHJONGG.md §3.1): the
    calculator's; the game form takes them from the sheet and the league's rules. With `oob`
    it replaces itself (an answer to a tap on one of them)."""
    hand = picker.hand
    # Either may be missing while the line is being typed: then no button is pressed.
    seat = hand.seat_wind.code if hand.seat_wind is not None else None
    round_ = hand.round_wind.code if hand.round_wind is not None else None
    pairs = hand.pairs.value if hand.pairs is not None else "caller"
    return format_html(
        '<div class="mj-winds" id="mj-winds"{}>{}{}{}</div>',
        _swapped_in(oob),
        _choice(
            "mj-seat-title",
            _("Seat wind"),
            option_buttons("seat", picker.winds, seat),
        ),
        _choice(
            "mj-round-title",
            _("Round wind"),
            option_buttons("round", picker.winds, round_),
        ),
        _choice(
            "mj-pairs-title",
            _("Pairs of dragons and winds score for"),
            option_buttons("pairs", picker.pairs_choices, pairs),
        ),
    )


@register.simple_tag
def picker_win(picker, oob: bool = False) -> SafeString:
    """The caller's winning tile (each concealed tile once) and how it came. With `oob` it
    replaces itself (an answer to a tap that changed the choices or the choice)."""
    win = picker.hand.win
    tiles = format_html(
        '<button class="mj-option" id="mj-win-none" name="win" value="none" aria-pressed="{}">'
        "{}</button>{}",
        "true" if win is None else "false",
        _("not the caller"),
        mark_safe("".join(win_choice(tile, win) for tile in picker.win_choices)),
    )
    choices = _choice("mj-win-title", _("Winning tile (the caller only)"), tiles)
    if win is not None:
        by = picker.hand.by.value if picker.hand.by is not None else None
        # As {% blocktranslate %} with the name as a value, the sentence escaped too.
        came = mark_safe(
            conditional_escape(_("How the %(tile)s came"))
            % {"tile": conditional_escape(picker.win_name)}
        )
        choices += _choice("mj-by-title", came, option_buttons("by", picker.by_choices, by))
    return format_html(
        '<div class="mj-win" id="mj-win"{}>{}</div>',
        _swapped_in(oob),
        choices,
    )


def _choice(title_id: str, title: str, buttons: str) -> SafeString:
    return format_html(
        '<div class="mj-choice" role="group" aria-labelledby="{}">'
        '<span class="mj-choice-title" id="{}">{}</span>{}</div>',
        title_id,
        title_id,
        title,
        buttons,
    )


@register.simple_tag
def picker_hand_parts(picker) -> SafeString:
    """What mahjongg-calculator.js draws a tapped hand from at once, before the server has
    answered: every tile and bonus tile of the palette as the hand shows it
    (`hand_tile`, `bonus_tile`), an exposed set and a concealed kan as `hand_set` draws them,
    and the hand's texts. Hidden (a `<template>`); the server's drawing stays the one drawing."""
    tiles = [t for row in picker.palette for t in row if isinstance(t, Tile)]
    bonus = [b for row in picker.palette for b in row if isinstance(b, Bonus)]
    counts = {"count": "%c", "needed": "%n"}
    plural = "%(count)s of %(needed)s tiles"
    texts = {
        "one": ngettext(plural, plural, 1) % counts,
        "other": ngettext(plural, plural, 2) % counts,
        "empty": _("No tiles yet. Tap the tiles below to add them, or type the line."),
        "tip": _("Tap a tile in the hand to take it out."),
        "concealed": _("Concealed tiles"),
        "bonus": _("Bonus tiles"),
        "exposed_set": _("Exposed set %(set)s") % {"set": "%s"},
        "concealed_set": _("Concealed kong %(set)s") % {"set": "%s"},
        "remove_set": _("Remove the set %(set)s") % {"set": "%s"},
        # The caller's winning-tile buttons and "How the … came", drawn at once too.
        "won_on": _("Won on %(tile)s") % {"tile": "%s"},
        "came": _("How the %(tile)s came") % {"tile": "%s"},
        "names": {t.code: str(face_of(t).label) for t in tiles},
    }
    return format_html(
        '<template id="mj-hand-parts" data-texts="{}">{}{}{}{}{}</template>',
        json.dumps(texts),
        mark_safe("".join(_hand_tile(t, 0, False, get_language()) for t in tiles)),
        mark_safe("".join(_bonus_tile(b, get_language()) for b in bonus)),
        _hand_set(0, Meld((Tile(0),) * 3), get_language()),
        _hand_set(0, Meld((Tile(0),) * 4, concealed=True), get_language()),
        _choice("mj-by-title", "", option_buttons("by", picker.by_choices, None)),
    )
