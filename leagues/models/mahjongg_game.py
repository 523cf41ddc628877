"""The games of a Mah-Jongg match (docs/mahjongg_leagues.md): what was entered (the caller or a
draw, each player's tiles) and what the engine made of it under the match's own rule profile
(the winds, who was East and who dealt, every hand's score, the payments, the running
balance). `record_game`, `correct_game` and `undo_last_game` lock the match, check its
version, replay every game from the stored entries (scoring.mahjongg.match.replay), rewrite
the derived figures, the seats' totals (the balance) and places, the standings, and write the
match's history; a replay that fails changes nothing."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.mahjongg.match import EntryError, GameEntry, MatchReplay, replay
from scoring.mahjongg.profile import Profile
from scoring.mahjongg_messages import error_message

from .confirmation import Confirmable
from .settle import record_result


class MahjonggGame(Confirmable):
    ENTERED_AT = "entered_at"

    match = models.ForeignKey("leagues.Match", on_delete=models.CASCADE, related_name="mj_games")
    number = models.PositiveIntegerField(gettext_lazy("game"))
    # Entered: the caller's seat position (None: a draw) and each seat's tiles in notation,
    # without seat=/round= (the sheet gives them), in seat position order.
    caller = models.PositiveSmallIntegerField(gettext_lazy("Mah-Jongg"), null=True, blank=True)
    hands = models.JSONField(gettext_lazy("hands"), default=list)
    # Derived by the replay, rewritten by every change to the match.
    round_wind = models.CharField(gettext_lazy("prevailing wind"), max_length=1, default="E")
    game_in_round = models.PositiveSmallIntegerField(default=1)
    east = models.PositiveSmallIntegerField(gettext_lazy("East"), default=0)  # seat position
    dealer = models.PositiveSmallIntegerField(gettext_lazy("dealer"), default=0)
    winds = models.JSONField(default=list)  # each seat's wind code
    scores = models.JSONField(default=list)  # each seat's hand score (None: no hand)
    net = models.JSONField(default=list)  # each seat's payments received less paid
    balance = models.JSONField(default=list)  # each seat's running balance after the game
    best = models.PositiveIntegerField(default=0)  # the caller's score (0: a draw)
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_mj_game_per_number")
        ]
        verbose_name = gettext_lazy("Mah-Jongg game")
        verbose_name_plural = gettext_lazy("Mah-Jongg games")

    def __str__(self) -> str:
        return f"{self.match_id}:{self.number}"

    @property
    def label(self) -> str:
        return _("Game %(number)s") % {"number": self.number}

    @property
    def is_draw(self) -> bool:
        return self.caller is None

    def entry(self) -> GameEntry:
        return GameEntry(self.caller, tuple(self.hands))

    def snapshot(self) -> dict:
        return {"caller": self.caller, "hands": list(self.hands), "scores": list(self.scores)}


def match_profile(match) -> Profile:
    return Profile.from_dict(match.rule_profile)


def stored_entries(match) -> list[GameEntry]:
    """The entries the match's replay plays: a rejected game is left out of it until
    corrected (leagues.models.confirmation)."""
    return [game.entry() for game in counted(match.mj_games.order_by("number"))]


def counted(games) -> list[MahjonggGame]:
    return [game for game in games if not game.is_rejected]


def replayed(match, entries: list[GameEntry], seats=None) -> MatchReplay:
    """The replay, or the entry error as a ValidationError worded for the page. `seats`, the
    match's seats with their players when the caller has them, spares a query."""
    try:
        return replay(match_profile(match), entries)
    except EntryError as error:
        raise entry_refused(error, match, seats) from error


def entry_refused(error: EntryError, match=None, seats=None) -> ValidationError:
    """The entry error as the game form shows it: beside the player's tiles when it is one
    player's, else above the form."""
    message = ValidationError(entry_message(error, match, seats), code=error.kind)
    if error.player is not None:
        return ValidationError({f"hand{error.player}": [message]})
    if error.players:  # hands at fault together (§1.1): the message beside each of them
        return ValidationError({f"hand{player}": [message] for player in error.players})
    return message


def settle_mahjongg(match) -> None:
    """Match.settle for a Mah-Jongg match: the figures from a replay of its games."""
    store_replay(match, replayed(match, stored_entries(match)))


def store_replay(match, result: MatchReplay) -> None:
    """The replay's figures into the games, then into the match (settle.record_result)."""
    every = list(match.mj_games.order_by("number"))
    games = counted(every)
    outcomes = iter(result.outcomes)
    balance = [0] * len(result.balance)
    for game in every:
        if game.is_rejected:
            # Left out of the replay: it moves nobody's balance, and shows the one before.
            game.net, game.balance, game.best = [0] * len(balance), list(balance), 0
            continue
        outcome = next(outcomes)
        game.round_wind = outcome.game.round_wind.code
        game.game_in_round = outcome.game.number
        game.east = outcome.east
        game.dealer = outcome.game.dealer_player
        game.winds = [wind.code for wind in outcome.game.seats]
        game.scores = [score.total if score else None for score in outcome.scores]
        game.net = list(outcome.net)
        game.balance = balance = list(outcome.balance)
        game.best = outcome.totals[outcome.entry.caller] if not outcome.is_draw else 0
    MahjonggGame.objects.bulk_update(
        every,
        ["round_wind", "game_in_round", "east", "dealer", "winds", "scores", "net", "balance"]
        + ["best"],
    )
    last = games[-1].entered_at if games else None
    record_result(
        match, result.balance, result.places(), result.finished, hands=len(games), last_hand_at=last
    )


def entry_message(error: EntryError, match=None, seats=None) -> str:
    """The entry error in the visitor's language, naming the player (or players) at fault."""
    if error.kind == "one_set":
        names = _names(error.players, match, seats)
        problem = error_message(error.cause) if error.cause else ""
        return _("%(problem)s Check the tiles of %(players)s.") % {
            "problem": problem,
            "players": ", ".join(names),
        }
    who = ""
    if error.player is not None and seats is not None:
        seat = next((seat for seat in seats if seat.position == error.player), None)
        who = seat.player.display_name if seat else ""
    elif error.player is not None and match is not None:
        seat = match.seats.select_related("player").filter(position=error.player).first()
        who = seat.player.display_name if seat else ""
    facts = {"player": who, "number": error.number}
    match error.kind:
        case "players":
            return _("Enter one hand for each player.")
        case "caller":
            return _("The player who called Mah-Jongg must be at the table.")
        case "empty":
            return _("Enter %(player)s's tiles: every hand counts in this game.") % facts
        case "context":
            return _(
                "Leave “%(key)s=” out of %(player)s's tiles: the score sheet knows the "
                "winds and the limit."
            ) % {**facts, "key": error.detail}
        case "not_winning":
            return _("%(player)s's tiles form no Mah-Jongg hand.") % facts
        case "win_not_caller":
            return (
                _(
                    "Only the player who called Mah-Jongg gives “win=” and “by=”: take them "
                    "out of %(player)s's tiles."
                )
                % facts
            )
        case "caller_no_win":
            return (
                _(
                    "Add the winning tile and how it came to %(player)s's tiles, as in "
                    "“win=5k by=wall”."
                )
                % facts
            )
        case "bonus_off":
            return (
                _("This league plays without bonus tiles: take them out of %(player)s's tiles.")
                % facts
            )
        case "match_over":
            return (
                _(
                    "The match would be over before game %(number)s: this change cannot be "
                    "made while later games follow. Undo them first."
                )
                % facts
            )
    problem = error_message(error.cause) if error.cause else ""
    return _("%(player)s's tiles: %(problem)s") % {**facts, "problem": problem}


def _names(positions, match=None, seats=None) -> list[str]:
    """The names of the players at these seat positions, in seat order."""
    if seats is None and match is not None:
        seats = list(match.seats.select_related("player"))
    by_position = {seat.position: seat.player.display_name for seat in seats or ()}
    return [by_position.get(position, str(position + 1)) for position in positions]
