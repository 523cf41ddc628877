"""A Mhing league's rules (RULES.md §9, "Points race" and "Chips"): the variant a new match is
played in and the points a points race runs to. A pure, validated value that a league keeps as
JSON in its `rules`, beside Mah-Jongg's profile (scoring.mahjongg.profile), which it mirrors:
`Profile.from_dict(data)` reads what `to_dict()` wrote (missing keys take the defaults, unknown
keys are refused); both raise `ProfileError` (a `ValueError`) naming the field at fault.

A match keeps its own copy (Match.rule_profile), with the number of rounds agreed for it if
any, so a change of the league's rules applies to matches begun after it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.profile_error import ProfileError, known_keys_only

from .match_scoring import DEFAULT_TARGET, MatchRules, Variant

# The largest target a match can keep (its column is PostgreSQL's integer).
MAX_TARGET = 2_147_483_647


@dataclass(frozen=True)
class Profile:
    target: int = DEFAULT_TARGET
    variant: Variant = Variant.POINTS
    # A match's own choice, never a league's: chips end after this many rounds (None: when
    # one player holds them all). Kept only with chips.
    round_limit: int | None = None

    def __post_init__(self) -> None:
        if type(self.target) is not int or not 1 <= self.target <= MAX_TARGET:
            raise ProfileError("target", self.target)
        if not isinstance(self.variant, Variant):
            raise ProfileError("variant", self.variant)
        if self.round_limit is not None and (
            type(self.round_limit) is not int or not 1 <= self.round_limit <= MAX_TARGET
        ):
            raise ProfileError("round_limit", self.round_limit)

    def to_dict(self) -> dict[str, Any]:
        rules: dict[str, Any] = {"target": self.target, "variant": self.variant.value}
        if self.round_limit is not None and self.variant is Variant.CHIPS:
            rules["round_limit"] = self.round_limit
        return rules

    def match_rules(self, players: int) -> MatchRules:
        """The rules a match of `players` plays by; ValueError if it cannot be played so
        (chips by more than 4, RULES.md §6)."""
        chips = self.variant is Variant.CHIPS
        return MatchRules(players, self.variant, self.target, self.round_limit if chips else None)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Profile:
        data = known_keys_only(data, FIELDS)
        values: dict[str, Any] = {}
        if "variant" in data:
            try:
                values["variant"] = Variant(data["variant"])
            except ValueError:
                raise ProfileError("variant", data["variant"]) from None
        if "target" in data:
            values["target"] = data["target"]
        if data.get("round_limit") is not None:
            values["round_limit"] = data["round_limit"]
        return cls(**values)


FIELDS = ("target", "variant", "round_limit")
