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
"""

from __future__ import annotations

import unicodedata

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

_JOINERS = frozenset("\u200c\u200d")
_SPACES = frozenset(" \t\r\n")


def is_refused_character(character: str) -> bool:
    category = unicodedata.category(character)
    if category == "Cc":
        return character not in _SPACES
    return category == "Cf" and character not in _JOINERS


def refuse_control_characters(name: str) -> None:
    """Refuse a name holding a control or invisible formatting character (the module's
    docstring); checked before spaces are collapsed (Python counts some of them as spaces)."""
    if any(is_refused_character(c) for c in name or ""):
        raise ValidationError(
            _(
                "A name cannot contain control characters (invisible characters that change "
                "how text shows or prints). Type the name again."
            ),
            code="control_characters",
        )


# -- usernames that look alike -------------------------------------------------------------

# Cyrillic and Greek letters drawn like Latin ones in most fonts ("оrg1" with a Cyrillic о
# beside "org1"), mapped before case is folded: a capital and its small letter may look like
# different Latin letters (Greek Ν is N, ν is v). A short list of Unicode's confusables
# (UTS #39), the letters a username of these scripts would be mistaken by.
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic capitals and small letters
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
        "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ԛ": "Q",
        "Ԝ": "W", "Ү": "Y", "Һ": "H", "Ӏ": "l",
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s",
        "і": "i", "ј": "j", "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y",
        "ѵ": "v",
        # Greek capitals and small letters
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
        "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        "α": "a", "ο": "o", "ρ": "p", "ν": "v", "ι": "i", "κ": "k", "υ": "u", "χ": "x",
        # Latin letters drawn like others
        "ı": "i", "ɑ": "a", "ɡ": "g",
    }
)  # fmt: skip


def skeleton(name: str) -> str:
    """What a name looks like: compatibility forms folded (full-width, ligatures), the
    look-alike letters above made Latin, case folded. Two names with one skeleton are
    mistaken for each other."""
    return unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKES).casefold()


class LookAlikeUsernameMixin:
    """For a user form (sign-up, the admin's): refuse a username that looks like another
    account's (`refuse_confusable_username`)."""

    def clean_username(self):
        clean = getattr(super(), "clean_username", None)
        username = clean() if clean else self.cleaned_data.get("username")
        if username:
            # A list, not .iterator(): a refusal mid-way would leave PostgreSQL's server-side
            # cursor to be closed later, inside whatever transaction is running then.
            others = get_user_model().objects.exclude(pk=self.instance.pk)
            refuse_confusable_username(username, list(others.values_list("username", flat=True)))
        return username


def refuse_confusable_username(username: str, others) -> None:
    """Refuse `username` when it looks like one of `others` (the existing usernames)."""
    wanted = skeleton(username)
    for other in others:
        if skeleton(other) == wanted:
            raise ValidationError(
                _(
                    "This username looks too much like an existing one (letters of another "
                    "alphabet, or capitals). Choose another."
                ),
                code="username_confusable",
            )
