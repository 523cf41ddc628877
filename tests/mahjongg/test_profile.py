"""The rule profile of a Mah-Jongg league (scoring.mahjongg.profile)."""

from __future__ import annotations

import pytest

from scoring.mahjongg import Method, Pairs, Rotation
from scoring.mahjongg.profile import DEFAULT, Profile, ProfileError


def test_the_defaults_are_the_books():
    assert DEFAULT == Profile.from_dict({}) == Profile.from_dict(None)
    assert DEFAULT.to_dict() == {
        "settle": "diff",
        "limit": 3000,
        "rotation": "fixed",
        "bonus_tiles": True,
        "players": 4,
        "settled_draw": False,
        "pairs": "caller",
    }


def test_a_profile_survives_its_dict():
    profile = Profile(Method.FULL, 500, Rotation.CLASSICAL, False, 3, True, Pairs.ALL)
    assert Profile.from_dict(profile.to_dict()) == profile


def test_a_profile_stored_before_pairs_existed_reads_as_pairs_caller():
    stored = {"settle": "full", "limit": 500, "rotation": "classical", "bonus_tiles": False}
    assert Profile.from_dict(stored).pairs is Pairs.CALLER
    assert Profile.from_dict({**stored, "pairs": "all"}).pairs is Pairs.ALL


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"settle": "half"}, "settle"),
        ({"rotation": "left"}, "rotation"),
        ({"limit": 0}, "limit"),
        ({"limit": "3000"}, "limit"),
        ({"players": 5}, "players"),
        ({"bonus_tiles": "yes"}, "bonus_tiles"),
        ({"colour": "red"}, "colour"),
        ({"pairs": "some"}, "pairs"),
        ({"pairs": True}, "pairs"),
    ],
)
def test_a_bad_setting_is_refused_by_name(data, field):
    with pytest.raises(ProfileError) as raised:
        Profile.from_dict(data)
    assert raised.value.field == field
