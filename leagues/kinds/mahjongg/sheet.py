"""The score sheet of a Mah-Jongg match (docs/mahjongg_leagues.md): per game the prevailing
wind, who was East, who called Mah-Jongg, and each player's score, payment and running
balance; the players' balances; the match's history. What the match page renders."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from leagues.access import Actions
from leagues.kinds.mahjongg.forms import WIND_NAMES
from leagues.kinds.mahjongg.held import held_games
from leagues.models import Match, Seat
from leagues.models.confirmation import confirmation_context, describe_change
from leagues.models.mahjongg_game import MahjonggGame, counted, entry_message, match_profile
from scoring.mahjongg.hand import DEFAULT_LIMIT, Pairs
from scoring.mahjongg.match import GameOutcome, StoredReplay, replay_stored
from scoring.mahjongg.profile import Profile
from scoring.mahjongg.rotation import Game
from scoring.mahjongg.tiles import Wind


def calculator_url(hand: str, seat: str, round_wind: str, profile: Profile | None = None) -> str:
    """The Mah-Jongg calculator showing the hand's breakdown (its line with the sheet's
    winds, and the match's limit and `pairs` when they are not the book's defaults, so that
    the calculator shows the score the sheet does); "" for a hand not given."""
    if not hand:
        return ""
    line = f"{hand} seat={seat} round={round_wind}"
    if profile is not None and profile.limit != DEFAULT_LIMIT:
        line += f" limit={profile.limit}"
    if profile is not None and profile.pairs is not Pairs.CALLER:
        line += f" pairs={profile.pairs.value}"
    return reverse("scoring:mahjongg_calculator") + "?" + urlencode({"hand": line})


@dataclass(frozen=True)
class Cell:
    wind: str  # the seat's wind in this game (its name)
    score: int | None
    net: int
    balance: int
    caller: bool
    east: bool
    url: str = ""  # the hand in the calculator


@dataclass(frozen=True)
class GameRow:
    game: MahjonggGame
    round_wind: str
    east: Seat
    caller: Seat | None
    cells: list[Cell]


def wind_name(code: str) -> str:
    return str(WIND_NAMES[code])


def game_rows(
    games: list[MahjonggGame], seats: list[Seat], profile: Profile | None = None
) -> list[GameRow]:
    rows = []
    for game in games:
        cells = [
            Cell(
                wind=wind_name(game.winds[seat.position]),
                score=game.scores[seat.position],
                net=game.net[seat.position],
                balance=game.balance[seat.position],
                caller=game.caller == seat.position,
                east=game.east == seat.position,
                url=calculator_url(
                    game.hands[seat.position], game.winds[seat.position], game.round_wind, profile
                ),
            )
            for seat in seats
        ]
        caller = seats[game.caller] if game.caller is not None else None
        rows.append(GameRow(game, wind_name(game.round_wind), seats[game.east], caller, cells))
    return rows


def next_game(match: Match) -> Game | None:
    """The game to enter next (its winds), None when the match is over."""
    return stored_replay(match).next


def stored_replay(match: Match, games: list[MahjonggGame] | None = None) -> StoredReplay:
    """The match as stored, replayed around any game that cannot be (one the release before
    2026-11-28 let through, MAHJONGG.md §1.1): its page still shows, and says which."""
    if games is None:
        games = list(match.mj_games.order_by("number"))
    entries = [game.entry() for game in games]
    return replay_stored(match_profile(match), entries, [list(game.net) for game in games])


def describe_game(snapshot: dict | None, seats: list[Seat]) -> str:
    if not snapshot:
        return "—"
    caller = snapshot.get("caller")
    scores = snapshot.get("scores") or []
    if caller is None:
        described = _("draw")
    else:
        name = seats[caller].player.display_name if caller < len(seats) else "?"
        score = scores[caller] if caller < len(scores) else None
        described = _("Mah-Jongg: %(player)s, %(score)s") % {"player": name, "score": score}
    rescored = snapshot.get("rescored")
    if rescored:  # leagues.models.mahjongg_rescore: say what the corrected book changed
        return _("%(game)s; rescored by the rule book of %(date)s: %(changes)s") % {
            "game": described,
            "date": rescored.get("book", ""),
            "changes": _score_changes(rescored.get("before") or [], scores, seats),
        }
    return described


def _score_changes(before: list, after: list, seats: list[Seat]) -> str:
    """`Pia 48 → 52`, for each seat whose hand score changed."""
    return ", ".join(
        f"{seat.player.display_name} {old} → {new}"
        for seat, old, new in zip(seats, before, after, strict=False)
        if old != new
    )


def mahjongg_sheet_context(match: Match, user) -> dict[str, Any]:
    seats = list(match.seats.select_related("player").order_by("position"))
    games = list(match.mj_games.select_related("entered_by").order_by("number"))
    last = games[-1] if games else None
    if match.is_archived:
        actions = Actions(enter=False, correct=False, undo=False)
    else:
        enter = match.can_enter(user)
        correct = match.can_correct(user)
        undo = match.can_undo(user, last)
        amend = correct or match.can_amend(user, None)
        actions = Actions(enter=enter, correct=correct, undo=undo, amend=amend)
    # A running match is replayed for its next game's winds anyway; a finished one is not
    # (its page shows what is stored; rescore_mahjongg reports its games that cannot be).
    stored = None if match.is_finished else stored_replay(match, counted(games))
    upcoming = stored.next if stored else None
    history = [
        (change, *describe_change(change, lambda snapshot: describe_game(snapshot, seats)))
        for change in match.changes.select_related("by").order_by("-at", "-id")
    ]
    profile = match_profile(match)
    return {
        "match": match,
        "league": match.league,
        "profile": profile,
        "seats": seats,
        "rows": game_rows(games, seats, profile),
        "last": last,
        "actions": actions,
        "upcoming": upcoming,
        "upcoming_wind": wind_name(upcoming.round_wind.code) if upcoming else "",
        "upcoming_east": seats[upcoming.player_at(Wind.EAST)] if upcoming else None,
        # Games from phones that met another game (leagues/kinds/mahjongg/held.py).
        "held": held_games(match) if actions.correct else [],
        "history": history,
        # Games stored before the book refused them: said above the sheet, kept as stored.
        "refused": [
            _("Game %(number)s cannot be: %(why)s")
            % {"number": error.number, "why": entry_message(error, match, seats)}
            for error in (stored.refused if stored else ())
        ],
        "organises": actions.correct or (match.is_abandoned and match.league.is_organiser(user)),
        **confirmation_context(
            match,
            user,
            "leagues:mj_game_edit",
            lambda game: describe_game(game.snapshot(), seats),
        ),
    }


def preview_rows(
    outcome: GameOutcome, seats: list[Seat], profile: Profile | None = None
) -> dict[str, Any]:
    """A game before it is saved: each player's score and payment, and who pays whom."""
    by_wind = {wind: seats[p] for p, wind in enumerate(outcome.game.seats)}
    return {
        "cells": [
            {
                "seat": seat,
                "wind": wind_name(outcome.game.seats[seat.position].code),
                "score": outcome.totals[seat.position] if outcome.scores[seat.position] else None,
                "net": outcome.net[seat.position],
                "balance": outcome.balance[seat.position],
                "url": calculator_url(
                    outcome.entry.hands[seat.position].strip(),
                    outcome.game.seats[seat.position].code,
                    outcome.game.round_wind.code,
                    profile,
                ),
            }
            for seat in seats
        ],
        "payments": [
            {"payer": by_wind[p.payer], "payee": by_wind[p.payee], "amount": p.amount}
            for p in outcome.payments
        ],
        "number": outcome.number,
    }
