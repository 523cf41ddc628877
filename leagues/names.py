"""What a typed name may hold, and when two usernames look alike. One validator for every
way a name enters (forms, the admin, an imported file, live play): the model fields name it,
and the code that builds names by hand calls it.

Refused: control characters (Unicode's "Cc": C0, DEL, C1) and the invisible formatting
characters ("Cf": the bidirectional controls, zero-width space, word joiner, byte order mark,
soft hyphen…). Invisible, they reorder the text around them on every page and print-out
("Eve\u202egnp.exe" shows as "Eveexe.png") or make two names that look the same differ.
Allowed: the zero-width joiner and non-joiner (U+200D, U+200C), which emoji and scripts such
as Persian and the Indic ones need; and tabs and line breaks, which become spaces when the
name's spaces are collapsed.

Refused too, with a message that names the character: what shows as nothing
although it is no control: Unicode's other default-ignorable characters (the Hangul fillers
U+3164 and U+FFA0, the combining grapheme joiner U+034F, the Khmer inherent vowels U+17B4
and U+17B5…), a variation selector (U+FE0F) anywhere but after a symbol such as an emoji,
the line and paragraph separators (U+2028, U+2029), and the blank Braille pattern (U+2800).
A name of such characters looks empty on the page, and one among letters makes two names
that look the same differ. Look-alike letters are leagues.look_alikes'.
"""

from __future__ import annotations

import unicodedata

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from leagues.look_alikes import look_alike, refuse_mixed_scripts

_JOINERS = frozenset("\u200c\u200d")
_SPACES = frozenset(" \t\r\n")


# Other_Default_Ignorable_Code_Point (Unicode's PropList.txt), less its unassigned code
# points (U+FFF0-FFF8, U+E0000…), which no keyboard types and no font draws as nothing.
_IGNORABLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2065\u3164\uffa0")
_BLANK = frozenset("\u2800")  # BRAILLE PATTERN BLANK: a symbol drawn as nothing
_SEPARATORS = frozenset({"Zl", "Zp"})  # U+2028, U+2029
_SYMBOLS = frozenset({"So", "Sk"})  # what a variation selector may follow (❤️)


def is_refused_character(character: str) -> bool:
    category = unicodedata.category(character)
    if category == "Cc":
        return character not in _SPACES
    return category == "Cf" and character not in _JOINERS


def _is_variation_selector(character: str) -> bool:
    return unicodedata.name(character, "").startswith("VARIATION SELECTOR")


def shows_as_nothing(name: str) -> str | None:
    """The first character of the name that shows as nothing and is no control (the
    module's docstring), if any."""
    before = ""
    for character in name:
        if _is_variation_selector(character):
            if unicodedata.category(before) not in _SYMBOLS:
                return character
        elif (
            character in _IGNORABLE
            or character in _BLANK
            or unicodedata.category(character) in _SEPARATORS
        ):
            return character
        before = character
    return None


def refuse_control_characters(name: str) -> None:
    """Refuse a name holding a control or invisible formatting character, or one that shows
    as nothing (the module's docstring); checked before spaces are collapsed (Python counts
    some of them as spaces)."""
    if any(is_refused_character(c) for c in name or ""):
        raise ValidationError(
            _(
                "A name cannot contain control characters (invisible characters that change "
                "how text shows or prints). Type the name again."
            ),
            code="control_characters",
        )
    blank = shows_as_nothing(name or "")
    if blank is not None:
        raise ValidationError(
            _(
                "A name cannot contain %(character)s: it shows as nothing. Type the name "
                "again without it."
            )
            % {"character": f"U+{ord(blank):04X} {unicodedata.name(blank, '')}".strip()},
            code="shows_as_nothing",
        )


# -- usernames that look alike -------------------------------------------------------------


class LookAlikeUsernameMixin:
    """For a user form (sign-up, the admin's): refuse a username that mixes alphabets in one
    word or looks like another account's (leagues.look_alikes)."""

    def clean_username(self):
        clean = getattr(super(), "clean_username", None)
        username = clean() if clean else self.cleaned_data.get("username")
        if username:
            # A list, not .iterator(): a refusal mid-way would leave PostgreSQL's server-side
            # cursor to be closed later, inside whatever transaction is running then.
            others = get_user_model().objects.exclude(pk=self.instance.pk)
            refuse_confusable_username(username, list(others.values_list("username", flat=True)))
            # The look-alike is named first, when there is one; a mix refused even alone.
            refuse_mixed_scripts(username)
        return username


def refuse_confusable_username(username: str, others) -> None:
    """Refuse `username` when it looks like one of `others` (the existing usernames)."""
    other = look_alike(username, others)
    if other is not None:
        raise ValidationError(
            _(
                "This username looks too much like an existing one, “%(other)s” (letters of "
                "another alphabet, or capitals). Choose another."
            )
            % {"other": other},
            code="username_confusable",
        )
