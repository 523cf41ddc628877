"""The Mah-Jongg engine's errors and the picker's refusals as the reader's language words them.

The engine's errors carry their facts as attributes (scoring/mahjongg/errors.py); this module
turns each into a translated sentence that says what is wrong and how to fix it, as
scoring/hand_errors.py does for Mhing. `str(error)` stays the command line's English.
"""

from __future__ import annotations

from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from scoring.card_names import bonus_name, card_name, card_plural, number_word
from scoring.mahjongg import errors
from scoring.mahjongg.picking import Refused
from scoring.mahjongg.tiles import Bonus

_BRACKETS = {
    "nested": gettext_lazy("A set cannot hold another set: close one bracket before the next."),
    "unopened": gettext_lazy("A closing bracket has no opening bracket."),
    "unclosed": gettext_lazy("A bracket is opened but never closed."),
    "mismatched": gettext_lazy("A set opened with “[” closes with “]”, one with “{” with “}”."),
    "bonus": gettext_lazy("Bonus tiles (F1–F4, S1–S4) lie beside the sets, never inside brackets."),
    "context": gettext_lazy("A key such as seat=E cannot stand inside a bracket."),
}  # fmt: skip

_EXPECTED = {
    "seat": gettext_lazy("E, S, W or N"),
    "round": gettext_lazy("E, S, W or N"),
    "win": gettext_lazy("one tile, such as 5c or Rd"),
    "by": gettext_lazy("wall, discard, kan or last"),
    "limit": gettext_lazy("a whole number from 1 to 999999999"),
    "pairs": gettext_lazy("caller or all"),
}


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _tiles(count: int, tile) -> str:
    return card_name(tile) if count == 1 else card_plural(tile)


def _every_over_used(error: errors.OneSetExceeded) -> str:
    """Every tile a game's hands hold too many of, in one message: a game stored before
    2026-11-28 may have several (MAHJONGG.md §1.1), and each must be corrected."""
    tiles = [
        f"{number_word(each.count)} {card_plural(each.tile)}"
        for each in error.every
        if not isinstance(each.tile, Bonus)
    ]
    sentences = []
    if tiles:
        listed = get_text_list(tiles, pgettext("the last two of several tiles", "and"))
        sentences.append(
            _("%(tiles)s in this game's hands: one set at a table has four of each tile.")
            % {"tiles": _first_upper(listed)}
        )
    sentences += [
        _("%(bonus)s is in more than one hand: there is one of each bonus tile.")
        % {"bonus": _first_upper(bonus_name(each.tile))}
        for each in error.every
        if isinstance(each.tile, Bonus)
    ]
    return " ".join(sentences)


def error_message(error: errors.MahjonggError) -> str:
    """What is wrong with the line, in the active language."""
    if isinstance(error, errors.NotWinning):
        return _(
            "Not a Mah-Jongg hand: the tiles form neither four sets and a pair nor a special "
            "hand (seven pairs, thirteen orphans, nine gates)."
        )
    if isinstance(error, errors.UnknownToken):
        shown = error.token[: error.SHOWN] + ("…" if len(error.token) > error.SHOWN else "")
        return _("“%(token)s” is no tile, bonus tile, set or key (such as seat=E).") % {
            "token": shown
        }
    if isinstance(error, errors.BracketError):
        return str(_BRACKETS[error.kind])
    if isinstance(error, errors.BadSet):
        if error.concealed_kan:
            return _("{%(tiles)s} is no concealed kong: { } holds four identical tiles.") % {
                "tiles": error.text
            }
        return _(
            "[%(tiles)s] is no set: [ ] holds a chow or a pung of three tiles, or a kong of four "
            "identical tiles."
        ) % {"tiles": error.text}
    if isinstance(error, errors.TooManyCopies):
        return _("%(count)s %(tiles)s in the hand: there are four of each tile.") % {
            "count": _first_upper(number_word(error.count)),
            "tiles": _tiles(error.count, error.tile),
        }
    if isinstance(error, errors.OneSetExceeded) and error.also:
        return _every_over_used(error)
    if isinstance(error, errors.OneSetExceeded):
        # §1.1: the hands of one game together, each of them sound alone.
        if isinstance(error.tile, Bonus):
            return _("%(bonus)s is in more than one hand: there is one of each bonus tile.") % {
                "bonus": _first_upper(bonus_name(error.tile))
            }
        return _(
            "%(count)s %(tiles)s in this game's hands: one set at a table has four of each tile."
        ) % {"count": _first_upper(number_word(error.count)), "tiles": card_plural(error.tile)}
    if isinstance(error, errors.RepeatedBonusTile):
        return _("%(bonus)s is there twice: there is one of each bonus tile.") % {
            "bonus": _first_upper(bonus_name(error.bonus))
        }
    if isinstance(error, errors.MissingKey):
        if error.key == "seat":
            return _("Choose the seat wind (seat=E, S, W or N).")
        if error.key == "round":
            return _("Choose the round wind (round=E, S, W or N).")
        return _("%(key)s= is missing.") % {"key": error.key}
    if isinstance(error, errors.WinWithoutBy):
        return _("Say how the winning tile came: by=wall, discard, kan or last.")
    if isinstance(error, errors.ByWithoutWin):
        return _("by= needs the winning tile: choose it among the concealed tiles (win=).")
    if isinstance(error, errors.WrongTileCount):
        return _count_message(error)
    if isinstance(error, errors.WinNotConcealed):
        return _("The winning tile, %(tile)s, is not among the concealed tiles.") % {
            "tile": card_name(error.tile)
        }
    if isinstance(error, errors.KanReplacementWithoutKan):
        return _("A kong replacement (by=kan) needs a kong in the hand: [ ] or { } of four tiles.")
    if isinstance(error, errors.BadContextValue):
        expected = _EXPECTED.get(error.key, error.expected)
        return _("%(key)s=%(value)s cannot be read: expected %(expected)s.") % {
            "key": error.key,
            "value": error.value,
            "expected": expected,
        }
    if isinstance(error, errors.RepeatedKey):
        return _("%(key)s= is given twice.") % {"key": error.key}
    if isinstance(error, errors.MisplacedKey):
        return _("“%(token)s” does not belong here: the calculator scores one player's hand.") % {
            "token": error.token
        }
    return _("This line cannot be scored: %(problem)s") % {"problem": str(error)}


def _count_message(error: errors.WrongTileCount) -> str:
    values = {"count": error.count, "needed": error.needed}
    if error.caller:
        text = ngettext(
            "The hand has %(count)s tile; the Mah-Jongg caller holds 14, plus one per kong: "
            "%(needed)s here.",
            "The hand has %(count)s tiles; the Mah-Jongg caller holds 14, plus one per kong: "
            "%(needed)s here.",
            error.count,
        )
        return text % values
    text = (
        ngettext(
            "The hand has %(count)s tile; a player who did not call Mah-Jongg holds 13, plus one "
            "per kong: %(needed)s here.",
            "The hand has %(count)s tiles; a player who did not call Mah-Jongg holds 13, plus one "
            "per kong: %(needed)s here.",
            error.count,
        )
        % values
    )
    if error.count == error.needed + 1:
        text += " " + _("If this is the caller's hand, choose the winning tile.")
    return text


def error_kind(error: errors.MahjonggError) -> str:
    """`not_winning` or `invalid`, as the Mhing calculator's styles name them."""
    return "not_winning" if isinstance(error, errors.NotWinning) else "invalid"


def refusal_message(refused: Refused) -> str:
    """Why the picker did not make a change."""
    if refused.reason == "copies":
        return _("All four %(tiles)s are in the hand already.") % {
            "tiles": card_plural(refused.tile)
        }
    if refused.reason == "full":
        return _("The hand is full: 14 tiles, plus one per kong. Take a tile out first.")
    if refused.reason == "chi":
        return _("A chow is three suit tiles in a row: pick its lowest tile, a 1 to 7 of a suit.")
    return _("%(bonus)s is in the hand already: there is one of each bonus tile.") % {
        "bonus": _first_upper(bonus_name(refused.bonus))
    }
