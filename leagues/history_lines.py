"""The league's history (LeagueEvent) as people read it: each event's details in a sentence.
The details are stored as they were (names then, not now), so a renamed or merged player
still reads as they were called at the time."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from django import forms
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .kinds import KINDS
from .models import League, LeagueEvent

# The settings' names as the settings page labels them; and those of the history's older
# entries, before Mhing's target and variant and Mah-Jongg's profile became the rules.
# (A change of the rules is told rule by rule, as the game's settings fields name them:
# `_rule_changes`.)
SETTING_LABELS = {
    **{field.name: field.verbose_name for field in League._meta.fields},
    "default_target": gettext_lazy("default target points"),
    "default_variant": gettext_lazy("default variant"),
    "mahjongg_profile": gettext_lazy("Mah-Jongg rules"),
}


@dataclass(frozen=True)
class EventLine:
    event: LeagueEvent
    text: str


def event_lines(events: Iterable[LeagueEvent]) -> list[EventLine]:
    return [EventLine(event, describe(event)) for event in events]


def _value(value) -> str:
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if isinstance(value, dict):  # the rules (League.rules)
        return ", ".join(f"{key}={_value(item)}" for key, item in value.items())
    return str(value)


def _offered(choices, value):
    """A value as its choices name it (the game, a rule's option); else as it is."""
    if not choices or isinstance(value, dict | list):
        return value
    return {str(key): label for key, label in choices}.get(str(value), value)


def _shown(field: forms.Field, value) -> str:
    """A rule's value as its settings field offers it: a choice's words, yes or no."""
    if isinstance(field, forms.BooleanField):
        return _value(bool(value))
    return str(_offered(getattr(field, "choices", ()), value))


def _change(setting, before: str, after: str) -> str:
    return _("%(setting)s: %(before)s → %(after)s") % {
        "setting": setting,
        "before": before,
        "after": after,
    }


def _rules_shown(game: str | None, rules) -> dict[str, tuple[str, str]] | None:
    """The rules as the game's settings page shows them: each field's label and value, in
    the page's order; None when the game or the rules cannot be read (an older entry)."""
    kind = KINDS.get(game or "")
    if kind is None or not isinstance(rules, dict):
        return None
    form = kind.settings_form.target
    try:
        initial = form.initial(kind.read_rules(rules))
    except (ValueError, TypeError):
        return None
    return {
        name: (str(field.label), _shown(field, initial.get(name)))
        for name, field in form.base_fields.items()
    }


def _rule_changes(event: LeagueEvent, name: str, before, after) -> list[str] | None:
    """A change of the rules (League.rules; Mah-Jongg's profile before it), rule by rule
    in the game's own words: "Limit: 500 → 1000". A change of game with it shows the rules
    on each side whole."""
    changes = (event.details or {}).get("changes") or {}
    # The history's older entries: Mah-Jongg's profile (`mahjongg_profile`), which only a
    # Mah-Jongg league changed.
    games = changes["game"] if "game" in changes and name == "rules" else [event.league.game] * 2
    old, new = _rules_shown(games[0], before), _rules_shown(games[1], after)
    if old is None or new is None:
        return None
    if games[0] != games[1]:
        whole = [
            ", ".join(f"{label}: {value}" for label, value in side.values()) for side in (old, new)
        ]
        return [_change(SETTING_LABELS["rules"], whole[0], whole[1])]
    # One game on both sides: the same fields.
    return [
        _change(label, old[field][1], value)
        for field, (label, value) in new.items()
        if old[field][1] != value
    ]


# A setting with choices (the game, who plays bots) reads as the settings page offers it.
SETTING_CHOICES = {field.name: field.choices for field in League._meta.fields if field.choices}


def _setting_changes(event: LeagueEvent) -> list[str]:
    lines: list[str] = []
    for name, (before, after) in ((event.details or {}).get("changes") or {}).items():
        if name in ("rules", "mahjongg_profile"):
            told = _rule_changes(event, name, before, after)
            if told is not None:
                lines.extend(told)
                continue
        choices = SETTING_CHOICES.get(name)
        lines.append(
            _change(
                SETTING_LABELS.get(name, name),
                _value(_offered(choices, before)),
                _value(_offered(choices, after)),
            )
        )
    return lines


def _day(iso: str | None) -> str:
    if not iso:
        return "?"
    try:
        return date_format(date.fromisoformat(iso), "DATE_FORMAT")
    except ValueError:
        return iso


def describe(event: LeagueEvent) -> str:
    d = event.details or {}
    action = LeagueEvent.Action
    match event.action:
        case action.LEAGUE_CREATED:
            return _("“%(name)s”, short name %(slug)s") % {
                "name": d.get("name", ""),
                "slug": d.get("slug", ""),
            }
        case action.SETTINGS_CHANGED:
            return "; ".join(_setting_changes(event))
        case action.PLAYER_RENAMED:
            return _("%(player)s → %(to)s") % {"player": d.get("player"), "to": d.get("to")}
        case action.PLAYERS_MERGED:
            return _("%(player)s merged into %(into)s") % {
                "player": d.get("player"),
                "into": d.get("into"),
            }
        case action.PLAYER_LINKED | action.PLAYER_UNLINKED:
            return _("%(player)s, account %(account)s") % {
                "player": d.get("player"),
                "account": d.get("account"),
            }
        case action.MATCH_ABANDONED | action.MATCH_DELETED | action.MATCH_ENDED:
            return _("match of %(date)s (%(players)s), %(rounds)s rounds") % {
                "date": _day(d.get("date")),
                "players": ", ".join(d.get("players") or []),
                "rounds": d.get("rounds", 0),
            }
        case action.ORGANISER_ADDED | action.ORGANISER_REMOVED if "organiser" in d:
            return str(d["organiser"])
        case action.CLUB_RENAMED:
            return _("%(player)s → %(to)s") % {"player": d.get("old"), "to": d.get("new")}
        case action.OWNER_CHANGED:
            return _("from %(old)s to %(new)s") % {"old": d.get("from"), "new": d.get("to")}
        case action.ORGANISER_ADDED if "user" in d:
            return _("account %(account)s") % {"account": d["user"]}
        case action.SEASON_STARTED:
            return _("%(season)s from %(date)s; %(archived)s archived") % {
                "season": d.get("season", ""),
                "date": _day(d.get("starts_on")),
                "archived": d.get("archived", ""),
            }
        case action.CLUB_NIGHT_SEATED:
            return _("%(date)s: %(tables)s") % {
                "date": _day(d.get("date")),
                "tables": "; ".join(
                    ", ".join(table.get("players") or []) for table in d.get("tables") or []
                ),
            }
        case action.INVITE_CREATED | action.INVITE_REVOKED | action.INVITE_ACCEPTED:
            who = d.get("player") or _("no player")
            if d.get("role") == "organiser":
                who = _("%(player)s, as co-organiser") % {"player": who}
            if d.get("user"):
                return _("%(player)s, account %(account)s") % {"player": who, "account": d["user"]}
            return str(who)
    if "player" in d:
        return str(d["player"])
    # Another helper's kind of event: its details as they are, readably.
    return ", ".join(f"{key}: {value}" for key, value in d.items())
