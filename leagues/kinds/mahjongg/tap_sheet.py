"""What a tap on the game form needs from the score sheet, carried by the form itself
(docs/mahjongg_leagues.md, "A tap's answer").

A tap on the game form's picker, and Preview, answer with the picked player's tiles and the
next game's scores and payments. Besides what the form posts, that answer needs five facts of
the score sheet: the players' names, the match's rule profile, the next game's winds (who sits
where, the prevailing wind, who deals), its number and the balances before it. Looking them
up (the sign-in, the match, its games and seats: 5 queries and a worker thread) was two
thirds of a tap's server time (docs/benchmarks.md). So the page that shows the form puts
them in a hidden field, signed with the site's secret key, and a tap that posts it back is
answered from it alone, on the event loop, before anything is looked up.

Why that guards what the lookups guarded: the answer is made of the posted hand and the
signed facts, which are what the page that signed them already showed to whoever holds it
(an organiser), and a signature made for one match is refused on every other match's address.
It changes nothing: Save, and everything else, goes the full way (the sign-in, the rights, the
version). An answer from facts that went stale (someone else saved a game meanwhile) previews
the game the form was opened for, and its Save is refused as stale, as it would be anyway.

A correction (game_edit) carries no sheet: a corrected game replays every later one, which
the sheet does not hold, so its taps go the full way.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing

from leagues.models.mahjongg_game import entry_refused
from scoring.mahjongg.match import EntryError, GameEntry, GameOutcome, play_game
from scoring.mahjongg.profile import Profile
from scoring.mahjongg.rotation import Game, Rotation
from scoring.mahjongg.tiles import Wind

FIELD = "sheet"  # the hidden field's name
_SALT = "leagues.mahjongg.game-sheet"


@dataclass(frozen=True)
class SheetPlayer:
    """A seated player as the form shows them: the name only."""

    display_name: str

    def __str__(self) -> str:
        return self.display_name


@dataclass(frozen=True)
class SheetSeat:
    position: int
    player: SheetPlayer


@dataclass(frozen=True)
class TapSheet:
    """The next game of match `match` as its score sheet stood when the form was shown."""

    match: int
    profile: Profile
    game: Game  # the seat winds, the prevailing wind, the game in its round, the rotation
    number: int  # the game's number in the match
    before: tuple[int, ...]  # each seat's balance before it
    seats: tuple[SheetSeat, ...]

    def outcome(self, entry: GameEntry) -> GameOutcome:
        """The game's scores and payments, as the match's replay would settle it
        (scoring.mahjongg.match.replay plays each game so); a ValidationError worded as on
        the full way (leagues.models.mahjongg_game.replayed)."""
        try:
            return play_game(self.profile, self.game, entry, self.number, self.before)
        except EntryError as error:
            raise entry_refused(error, seats=self.seats) from error


def signed_sheet(match, seats: list, game: Game, number: int, before: tuple[int, ...]) -> str:
    """The hidden field's value for the next game `game` (number `number`) of `match`."""
    facts = {
        "m": match.pk,
        "p": match.rule_profile,
        "g": [game.rotation.value, game.round_wind.code, game.number, game.passes],
        "w": [wind.code for wind in game.seats],
        "n": number,
        "b": list(before),
        "s": [str(seat.player) for seat in seats],
    }
    return signing.dumps(facts, salt=_SALT, compress=True)


def read_sheet(value: str | None, match_pk: int) -> TapSheet | None:
    """The sheet a form posted for match `match_pk`; None when there is none, it is not
    ours (a bad signature) or it was made for another match: then the full way answers."""
    if not value:
        return None
    try:
        facts = signing.loads(value, salt=_SALT)
    except signing.BadSignature:
        return None
    if facts["m"] != match_pk:
        return None
    rotation, round_wind, in_round, passes = facts["g"]
    game = Game(
        Rotation(rotation),
        Wind.parse(round_wind),
        in_round,
        tuple(Wind.parse(code) for code in facts["w"]),
        passes,
    )
    seats = tuple(SheetSeat(p, SheetPlayer(name)) for p, name in enumerate(facts["s"]))
    return TapSheet(
        match_pk, Profile.from_dict(facts["p"]), game, facts["n"], tuple(facts["b"]), seats
    )
