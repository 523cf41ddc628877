from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.hand_errors import error_message
from scoring.mhing import MhingError, Score, format_cards, score_hand
from scoring.mhing.serialize import score_to_dict

from .confirmation import Confirmable
from .people import Player


class Outcome(models.TextChoices):
    WON = "won", gettext_lazy("Won")
    DRAW = "draw", gettext_lazy("Draw")


class WinType(models.TextChoices):
    SELF_DRAW = "self_draw", gettext_lazy("Self-drawn")
    DISCARD = "discard", gettext_lazy("By discard")


@dataclass(frozen=True)
class RoundEntry:
    """What an organiser enters for a round after real-card play. The credits and points are
    never entered: they come from scoring the hand."""

    outcome: str = Outcome.WON
    winner: Player | None = None
    win_type: str = WinType.SELF_DRAW
    discarder: Player | None = None
    hand: str = ""

    @classmethod
    def draw(cls) -> RoundEntry:
        return cls(outcome=Outcome.DRAW, win_type="")

    def check(self, match) -> Score | None:
        """The scored hand of a won round (None for a draw); ValidationError if the entry
        breaks a rule, naming the field at fault."""
        if self.outcome == Outcome.DRAW:
            if self.winner or self.discarder or self.hand.strip():
                raise ValidationError(
                    _("A draw has no winner, discarder or hand."), code="draw_with_winner"
                )
            return None
        if self.outcome != Outcome.WON:
            raise ValidationError(_("A round is either won or a draw."), code="outcome")
        seated = set(match.seats.values_list("player_id", flat=True))
        if self.winner is None:
            raise ValidationError({"winner": _("Who won the round?")}, code="no_winner")
        if self.winner.pk not in seated:
            raise ValidationError(
                {"winner": _("%(name)s is not seated in this match.") % {"name": self.winner}},
                code="not_seated",
            )
        if self.win_type == WinType.DISCARD:
            if self.discarder is None:
                raise ValidationError(
                    {"discarder": _("Whose discard completed the hand?")}, code="no_discarder"
                )
            if self.discarder.pk not in seated:
                raise ValidationError(
                    {
                        "discarder": _("%(name)s is not seated in this match.")
                        % {"name": self.discarder}
                    },
                    code="not_seated",
                )
            if self.discarder.pk == self.winner.pk:
                raise ValidationError(
                    {"discarder": _("The winner cannot have discarded the winning card.")},
                    code="winner_discarded",
                )
        elif self.win_type == WinType.SELF_DRAW:
            if self.discarder is not None:
                raise ValidationError(
                    {"discarder": _("A self-drawn hand has no discarder.")}, code="discarder"
                )
        else:
            raise ValidationError({"win_type": _("Self-drawn or by discard?")}, code="win_type")
        try:
            return score_hand(self.hand)
        except MhingError as error:
            raise ValidationError({"hand": error_message(error)}, code="hand") from error


class Round(Confirmable):
    match = models.ForeignKey("leagues.Match", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField(gettext_lazy("round"))
    # Derived from the first dealer and the number, stored so the sheet and exports need
    # no arithmetic (the deal passes left after every round, draws too: RULES.md §5).
    dealer = models.ForeignKey(
        Player, verbose_name=gettext_lazy("dealer"), on_delete=models.PROTECT, related_name="+"
    )
    outcome = models.CharField(gettext_lazy("outcome"), max_length=5, choices=Outcome)
    winner = models.ForeignKey(
        Player,
        verbose_name=gettext_lazy("winner"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="rounds_won",
    )
    win_type = models.CharField(gettext_lazy("won by"), max_length=10, choices=WinType, blank=True)
    discarder = models.ForeignKey(
        Player,
        verbose_name=gettext_lazy("discarder"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    # Optimistic locking: a correction names the version it was made from (see Round.correct).
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_round_per_number")
        ]
        verbose_name = gettext_lazy("round")
        verbose_name_plural = gettext_lazy("rounds")

    def __str__(self) -> str:
        return _("Round %(number)s") % {"number": self.number}

    @property
    def label(self) -> str:
        return str(self)

    @property
    def is_draw(self) -> bool:
        return self.outcome == Outcome.DRAW

    def snapshot(self) -> dict[str, Any]:
        """The round as the history shows it before and after a change."""
        hand = getattr(self, "hand", None) if not self.is_draw else None
        return {
            "number": self.number,
            "outcome": self.outcome,
            "winner": self.winner.display_name if self.winner else None,
            "win_type": self.win_type,
            "discarder": self.discarder.display_name if self.discarder else None,
            "hand": hand.hand if hand else "",
            "credits": hand.credits if hand else 0,
            "points": hand.points if hand else 0,
        }

    def entry(self) -> RoundEntry:
        hand = getattr(self, "hand", None)
        return RoundEntry(
            outcome=self.outcome,
            winner=self.winner,
            win_type=self.win_type,
            discarder=self.discarder,
            hand=hand.hand if hand else "",
        )

    def apply_entry(self, entry: RoundEntry, score: Score | None) -> None:
        """Write a checked entry and its score onto this round (saved by the caller)."""
        self.outcome = entry.outcome
        self.winner = entry.winner if score else None
        self.win_type = entry.win_type if score else ""
        self.discarder = entry.discarder if score and entry.win_type == WinType.DISCARD else None


def arranged_notation(score: Score) -> str:
    """The hand in RULES.md notation, grouped as the engine arranged it (`123c 234c 55k
    [RdRdRd] F`), so the sheet reads set by set and the text scores the same again."""
    parts = []
    for group in score.arrangement.groups:
        if any(group.jokers):
            text = " ".join(
                "J" if joker else card.code
                for card, joker in zip(group.cards, group.jokers, strict=True)
            )
        else:
            text = format_cards(group.cards)
        parts.append(f"[{text}]" if group.exposed else text)
    parts.extend("F" * score.hand.flowers)
    return " ".join(parts)


class WinningHand(models.Model):
    """The winner's hand as entered, with everything the engine computed from it. Credits,
    points, breakdown and arrangement are never typed by a person."""

    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="hand")
    hand = models.CharField(gettext_lazy("hand"), max_length=200)
    flowers = models.PositiveSmallIntegerField(gettext_lazy("flowers"), default=0)
    exposed = models.JSONField(gettext_lazy("exposed sets"), default=list)
    credits = models.PositiveIntegerField(gettext_lazy("credits"))
    points = models.PositiveIntegerField(gettext_lazy("points"))
    # [{"key", "credits", "count", "total"}, ...] in the sheet's order.
    breakdown = models.JSONField(gettext_lazy("breakdown"), default=list)
    arrangement = models.JSONField(gettext_lazy("arrangement"), default=dict)

    class Meta:
        verbose_name = gettext_lazy("winning hand")
        verbose_name_plural = gettext_lazy("winning hands")
        indexes = [models.Index(fields=["-points", "-credits"], name="hand_best")]

    def __str__(self) -> str:
        return self.hand

    @property
    def match(self):
        """The match the hand was won in, named as a Mah-Jongg hand names it, so the player
        page lists both games' best hands with one template (leagues/player_game_hands.html)."""
        return self.round.match

    def fill_from(self, score: Score) -> None:
        data = score_to_dict(score)
        self.hand = arranged_notation(score)
        self.flowers = score.hand.flowers
        self.exposed = [
            " ".join(group["cards"]) for group in data["arrangement"]["groups"] if group["exposed"]
        ]
        self.credits = score.credits
        self.points = score.points
        self.breakdown = [
            {key: c[key] for key in ("key", "credits", "count", "total")}
            for c in data["combinations"]
        ]
        self.arrangement = data["arrangement"]

    def credits_by_key(self) -> dict[str, int]:
        return {c["key"]: c["total"] for c in self.breakdown}
