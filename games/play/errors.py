"""One exception class per kind of refused action (the style of python-chess).

Every error carries the facts as attributes and in `fields` (which seat, which card), so the
Django layer can word a translated message; `str()` is a plain English one, and `to_dict()`
a JSON-ready form: `{"error": code, "message": ..., **fields}`. An action that raises leaves
the state untouched: `apply` builds a new state only once the action has been checked.
"""

from __future__ import annotations

from typing import Any


class PlayError(Exception):
    """Base of every error the play engine raises."""

    code = "play_error"

    def __init__(self, message: str, **fields: Any) -> None:
        self.message = message
        self.fields = fields
        for name, value in fields.items():
            setattr(self, name, value)
        super().__init__(message)

    def to_dict(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message, **self.fields}


class MalformedAction(PlayError, ValueError):
    """An action dict that is not one of the known actions, or is missing or mangling a field."""

    code = "malformed_action"

    def __init__(self, problem: str) -> None:
        super().__init__(f"malformed action: {problem}", problem=problem)


class IllegalAction(PlayError):
    """A well-formed action that the rules do not allow now."""

    code = "illegal_action"


class RoundOver(IllegalAction):
    code = "round_over"

    def __init__(self) -> None:
        super().__init__("the round is over: no more actions")


class NoSuchSeat(IllegalAction):
    code = "no_such_seat"

    def __init__(self, seat: object, players: int) -> None:
        super().__init__(f"seat {seat!r} is not at this table of {players}", seat=seat)


class TableOnly(IllegalAction):
    """Closing the claim window is the table's (the server's timeout), not a player's."""

    code = "table_only"

    def __init__(self, seat: int) -> None:
        super().__init__("only the table closes the claim window", seat=seat)


class PlayersOnly(IllegalAction):
    code = "players_only"

    def __init__(self, action: str) -> None:
        super().__init__(f"'{action}' is a player's action, not the table's", action=action)


class NotYourTurn(IllegalAction):
    code = "not_your_turn"

    def __init__(self, seat: int, turn: int) -> None:
        super().__init__(f"it is seat {turn}'s turn, not seat {seat}'s", seat=seat, turn=turn)


class ClaimWindowOpen(IllegalAction):
    """Nobody draws or discards while others may still claim the last discard."""

    code = "claim_window_open"

    def __init__(self, action: str) -> None:
        super().__init__(f"cannot {action}: the last discard may still be claimed", action=action)


class NoClaimWindow(IllegalAction):
    code = "no_claim_window"

    def __init__(self, action: str) -> None:
        super().__init__(f"cannot {action}: there is no discard to claim", action=action)


class OwnDiscard(IllegalAction):
    code = "own_discard"

    def __init__(self, seat: int) -> None:
        super().__init__("a player cannot claim their own discard", seat=seat)


class AlreadyAnswered(IllegalAction):
    code = "already_answered"

    def __init__(self, seat: int) -> None:
        super().__init__(f"seat {seat} has already answered this discard", seat=seat)


class CardNotInHand(IllegalAction):
    code = "card_not_in_hand"

    def __init__(self, cards: list[str]) -> None:
        shown = " ".join(cards)
        super().__init__(f"not in the hand: {shown}", cards=cards)


class NoSuchClaim(IllegalAction):
    """The claimed card and the two named hand cards do not form that kind of set."""

    code = "no_such_claim"

    def __init__(self, kind: str, cards: list[str]) -> None:
        shown = " ".join(cards)
        super().__init__(f"[{shown}] is not a {kind}", kind=kind, cards=cards)


class NamedCardRequired(IllegalAction):
    """A discarded Mhing card is claimed as a card the claimant names (RULES.md §5)."""

    code = "named_card_required"

    def __init__(self) -> None:
        super().__init__("name the card the claimed Mhing card stands for")


class NamedCardNotAllowed(IllegalAction):
    code = "named_card_not_allowed"

    def __init__(self, discard: str) -> None:
        super().__init__(
            f"only a discarded Mhing card is named; the discard is {discard}", discard=discard
        )


class NotAWinningHand(IllegalAction):
    code = "not_a_winning_hand"

    def __init__(self, hand: str) -> None:
        super().__init__(f"not a winning hand: {hand}", hand=hand)


class CannotDeclareMhing(IllegalAction):
    """Self-drawn Mhing needs a card just drawn; after claiming a set the claimant discards."""

    code = "cannot_declare_mhing"

    def __init__(self) -> None:
        super().__init__("Mhing may be declared only right after drawing a card")
