"""A league's rules live in League.rules, read by its game (GameKind.read_rules): Mhing's
target and variant (RULES.md §9, "Points race" and "Chips"), Mah-Jongg's rule profile."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from leagues.models import League, Match
from scoring.mhing.profile import Profile, ProfileError, Variant


def test_mhing_rules_left_empty_are_the_rule_books_points_race_to_500():
    assert Profile.from_dict({}) == Profile(target=500, variant=Variant.POINTS)
    assert Profile.from_dict(Profile(2000, Variant.CHIPS).to_dict()) == Profile(2000, Variant.CHIPS)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"target": 0}, "target"),
        ({"target": "500"}, "target"),
        ({"variant": "poker"}, "variant"),
        ({"limit": 1000}, "limit"),  # a Mah-Jongg rule is not Mhing's
    ],
)
def test_mhing_rules_that_cannot_be_are_refused_naming_the_rule(data, field):
    with pytest.raises(ProfileError) as refused:
        Profile.from_dict(data)
    assert refused.value.field == field


@pytest.mark.django_db
def test_a_league_with_rules_its_game_cannot_read_is_refused(league):
    league.rules = {"target": 0}
    with pytest.raises(ValidationError) as refused:
        league.full_clean()
    assert refused.value.message_dict["rules"] == ["The rule “target” cannot be 0."]


@pytest.mark.django_db
def test_a_new_match_takes_the_leagues_target_and_variant(league, players, organiser):
    league.rules = {"target": 2000, "variant": "chips"}
    league.save()
    match = Match.begin(league, players[:4], by=organiser)
    assert match.rule_profile == {"target": 2000, "variant": "chips"}
    # ... which stay the match's when the league's rules change afterwards.
    League.objects.filter(pk=league.pk).update(rules={"target": 300})
    match.refresh_from_db()
    assert match.rule_profile == {"target": 2000, "variant": "chips"}
