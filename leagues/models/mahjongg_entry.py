"""A Mah-Jongg match's games entered, corrected and undone: each edit takes the match's
lock, first brings the games stored under an older reading of the rule book to the book
(leagues.models.mahjongg_rescore), then replays every game (the winds may change) and
stores the figures (mahjongg_game.store_replay), with the edit's history entry."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from leagues.errors import MatchFinished, StaleEdit
from scoring.mahjongg.match import GameEntry

from .confirmation import CONFIRMABLE_FIELDS, check_amend
from .history import RoundChange
from .league import GameChoice
from .mahjongg_game import MahjonggGame, counted, replayed, store_replay, stored_entries
from .mahjongg_rescore import bring_to_book
from .saving import corrected_meanwhile, entered_meanwhile, saving, undone_meanwhile


def record_game(
    match, entry: GameEntry, by=None, expected_version: int | None = None, by_hand: bool = False
):
    """Add the next game; the new MahjonggGame. `by_hand`: as for Match.record_round, a
    player's game typed on the entry page waits for an opponent's confirmation."""

    @saving
    def save():
        locked = match._lock(expected_version, entered_meanwhile)
        if locked.game != GameChoice.MAHJONGG:  # a Mhing match: Match.record_round
            raise ValidationError(_("A Mhing match is entered round by round."), code="round")
        if locked.is_finished:
            raise MatchFinished(_("The match is over: no game can be added."), code="finished")
        _bring_to_book(locked)
        entries = [*stored_entries(locked), entry]
        result = replayed(locked, entries)
        game = MahjonggGame.objects.create(
            match=locked,
            number=len(entries),
            caller=entry.caller,
            hands=list(entry.hands),
            entered_by=by,
            confirmation=_entered_state(locked, by if by_hand else None),
        )
        store_replay(locked, result)
        game.refresh_from_db()
        RoundChange.objects.create(
            match=locked,
            number=game.number,
            action=RoundChange.Action.ADDED,
            by=by,
            after=game.snapshot(),
        )
        return game

    game = save()
    match.refresh_from_db()
    return game


def _entered_state(match, by) -> str:
    game = MahjonggGame()
    game.mark_entered(match, by)
    return game.confirmation


def correct_game(game: MahjonggGame, entry: GameEntry, by, expected_version: int, reason: str = ""):
    """Replace a game's entry; every later game is recomputed (the winds may change). A
    player's correction waits for an opponent again; `reason`: why an organiser corrects
    after the correction window, kept in the history."""

    match = game.match

    @saving
    def save():
        locked = match._lock()
        current = MahjonggGame.objects.filter(pk=game.pk, match=locked).first()
        if current is None:
            raise StaleEdit(
                _("Someone else undid game %(number)s meanwhile. Nothing was saved.")
                % {"number": game.number},
                code="gone",
            )
        if current.version != expected_version:
            raise StaleEdit(corrected_meanwhile(current.number), code="stale")
        check_amend(locked, current, by, reason)
        _bring_to_book(locked)
        current.refresh_from_db()
        before = current.snapshot()
        current.mark_entered(locked, by)  # a rejected game counts again once corrected
        games = [
            current if game.pk == current.pk else game
            for game in locked.mj_games.order_by("number")
        ]
        entries = [entry if game.pk == current.pk else game.entry() for game in counted(games)]
        result = replayed(locked, entries)
        current.caller, current.hands = entry.caller, list(entry.hands)
        current.version = locked.version  # above any version this game had
        current.save(update_fields=["caller", "hands", "version", *CONFIRMABLE_FIELDS])
        store_replay(locked, result)
        current.refresh_from_db()
        RoundChange.objects.create(
            match=locked,
            number=current.number,
            action=RoundChange.Action.EDITED,
            by=by,
            before=before,
            after=current.snapshot(),
            reason=(reason or "").strip()[:200],
        )
        return current

    corrected = save()
    match.refresh_from_db()
    return corrected


def undo_last_game(match, by, expected_version: int | None = None) -> int:
    """Take back the last game; its number."""

    @saving
    def save():
        locked = match._lock(expected_version, undone_meanwhile)
        last = locked.mj_games.order_by("-number").first()
        if last is None:
            raise ValidationError(_("There is no game to undo."), code="no_game")
        # A player's own game was the last one, no longer (`by=None`: the site itself).
        if by is not None and not locked.can_undo(by, last):
            raise StaleEdit(undone_meanwhile(), code="stale")
        _bring_to_book(locked)
        last.refresh_from_db()
        before = last.snapshot()
        last.delete()
        store_replay(locked, replayed(locked, stored_entries(locked)))
        RoundChange.objects.create(
            match=locked,
            number=last.number,
            action=RoundChange.Action.UNDONE,
            by=by,
            before=before,
        )
        return last.number

    number = save()
    match.refresh_from_db()
    return number


def _bring_to_book(locked) -> None:
    """The match's games stored under the rule book's old readings rescored, each with the
    book's history entry, before an edit replays them (leagues.models.mahjongg_rescore)."""
    bring_to_book(locked, counted(locked.mj_games.order_by("number")))
