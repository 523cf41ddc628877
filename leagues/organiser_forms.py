"""Forms of the organiser pages: a league's settings (creating one too), the roster's
actions and the choice of two players to merge. They parse; the rules are in
leagues.models.league_settings, roster and merge."""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .kinds import DEFAULT as DEFAULT_GAME
from .kinds import KINDS, GameKind, all_kinds, kind_of
from .models import Club, League, Player
from .models.league_settings import SETTINGS, club_refused_message
from .models.roster import NAME_LENGTH

# The target a new league proposes (LeagueForm, creating): see there.
EVENING_TARGET = 2000


class LeagueForm(forms.ModelForm):
    """The league's settings. Creating a league, the short name may be left empty: it is
    then made from the name ("Tuesday Club" → "tuesday-club")."""

    version = forms.IntegerField(min_value=1, widget=forms.HiddenInput, required=False)

    class Meta:
        model = League
        # The game's rules (League.rules) are each game's own fields (_add_rules_fields).
        fields = tuple(name for name in SETTINGS if name != "rules")
        # Two choices as radio buttons: in a select the chosen one is cut off on a phone in
        # German and French ("Die Ergebnisse der Menschen e…").
        widgets = {"bot_matches": forms.RadioSelect}
        # The words of the clash found on saving (views.league_admin), not Django's "League
        # with this short name already exists".
        error_messages = {
            "slug": {"unique": gettext_lazy("This short name is taken: choose another one.")}
        }
        help_texts = {
            "game": gettext_lazy(
                "Mhing or classical Mah-Jongg. It cannot change once the league has matches."
            ),
            "slug": gettext_lazy(
                "Its address: letters, digits and hyphens, as in /leagues/tuesday-club/. "
                "Left empty, it is made from the name."
            ),
        }

    def __init__(
        self, *args: Any, creating: bool = False, user=None, game: str = "", **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.creating = creating
        # The one extra field of "Create a league": the club it belongs to (the wall,
        # docs/organisers.md), offered to whom owns a league already (a co-organiser does
        # not add leagues to the club); anyone else's league is a new club named after it.
        clubs = list(Club.objects.owned_by(user)) if creating and user is not None else []
        self.club_choices = {club.pk for club in clubs}
        if clubs:
            self.fields["club"] = forms.TypedChoiceField(
                label=gettext_lazy("Club"),
                coerce=int,
                empty_value=None,
                required=False,
                choices=[
                    *((club.pk, club.name) for club in clubs),
                    ("", gettext_lazy("A new club, named after the league")),
                ],
                initial=clubs[0].pk,
                help_text=gettext_lazy(
                    "A club's leagues share its players; another club never sees them."
                ),
            )
        instance = self.instance
        self._add_rules_fields()
        has_matches = not creating and instance.pk and instance.matches.exists()
        # The game is chosen at creation; it may change until the first match begins.
        self.game_fixed = bool(has_matches)
        # Left out of a post (an older page or client), the game and rules stay as they are.
        self.fields["game"].required = False
        # Likewise the correction window (leagues.models.confirmation): kept, or the default.
        self.fields["correction_minutes"].required = False
        if self.game_fixed:
            self.fields["game"].disabled = True
            # Only the league's own game's rules: another's would never be used.
            self._drop_rules_fields_but(instance.kind)
        self.fields["slug"].required = not creating
        if creating:
            del self.fields["version"]
            self._only_the_game(game)
            # Members only until the organiser ticks it: private is the safer
            # start for a club's names and results.
            self.initial["is_public"] = False
            # A match that fits an evening: the clock (League.match_minutes, 2 h 30)
            # ends most; a target of 500 ended one on its first one-suit hand (512 points),
            # 2000 takes four of them. The rule book's 500 stays a quick choice per match.
            if "default_target" in self.fields:
                self.initial["default_target"] = EVENING_TARGET
        else:
            self.fields["version"].required = True
            self.initial.setdefault("version", self.instance.version)

    def _add_rules_fields(self) -> None:
        """Every game's rules fields (leagues/kinds/<game>/settings_form.py), filled with the
        league's rules for its own game and with the defaults for another (shown while the
        game may still change: optional then, as a post for the league's own game leaves
        them out)."""
        for kind in all_kinds():
            form_class = kind.settings_form.target
            for name, field in form_class.base_fields.items():
                self.fields[name] = copy.deepcopy(field)
                if kind is not self.instance.kind:
                    self.fields[name].required = False
            self.initial.update(form_class.initial(self._current_rules(kind)))

    def _current_rules(self, kind: GameKind):
        """The league's rules if it plays `kind`'s game, else that game's defaults."""
        if kind is self.instance.kind:
            return self.instance.rule_profile()
        return kind.read_rules({})

    def _drop_rules_fields_but(self, kept: GameKind) -> None:
        for kind in all_kinds():
            if kind.key != kept.key:
                for name in kind.settings_fields:
                    del self.fields[name]

    @property
    def shown_kinds(self) -> list[GameKind]:
        """The games whose rules the page shows, each from its own words (`settings`)."""
        return [kind for kind in all_kinds() if kind.settings_fields[0] in self.fields]

    def _only_the_game(self, game: str) -> None:
        """Creating a league, the game is chosen first (a link: works without script) and
        only its own rules are shown: Mhing's variant and target, or the Mah-Jongg rules."""
        self.chosen_game = game if game in KINDS else DEFAULT_GAME
        self.fields["game"].widget = forms.HiddenInput()
        self.initial["game"] = self.chosen_game
        self._drop_rules_fields_but(kind_of(self.chosen_game))

    def clean_correction_minutes(self) -> int:
        minutes = self.cleaned_data.get("correction_minutes")
        if minutes is None:
            field = League._meta.get_field("correction_minutes")
            return self.instance.correction_minutes if self.instance.pk else field.default
        return minutes

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        # The rules of the game the league is to play, on the instance before the model's
        # own checks read them with that game (League.clean): a league changing its game
        # changes its rules with it.
        game = self.chosen_game if self.creating else data.get("game") or self.instance.game
        self.instance.rules = self.rules(kind_of(game))
        if self.creating and self._club_not_owned():
            self.add_error(None, club_refused_message())
        if self.creating and not data.get("slug") and data.get("name"):
            slug = slugify(data["name"])[: League._meta.get_field("slug").max_length]
            if not slug:
                self.add_error("slug", _("Choose a short name: letters, digits and hyphens."))
            elif League.objects.filter(slug=slug).exists():
                self.add_error(
                    "slug",
                    _("The short name “%(slug)s” is taken: choose another one.") % {"slug": slug},
                )
            else:
                data["slug"] = slug
                self.instance.slug = slug
        return data

    def _club_not_owned(self) -> bool:
        """A post naming a club the user may not add to (a co-organiser's forged or old
        form): refused, not quietly made a new club."""
        asked = str(self.data.get("club") or "").strip()
        return bool(asked) and asked not in {str(pk) for pk in self.club_choices}

    def chosen_club(self) -> Club | None:
        """The club chosen for a new league; None: a new one."""
        chosen = self.cleaned_data.get("club")
        return Club.objects.filter(pk=chosen).first() if chosen else None

    def values(self) -> dict[str, Any]:
        values = {
            name: self.cleaned_data.get(name, getattr(self.instance, name))
            for name in SETTINGS
            if name != "rules"
        }
        if self.creating:
            values["game"] = self.chosen_game
        values["game"] = values["game"] or self.instance.game or DEFAULT_GAME
        values["rules"] = self.rules(kind_of(values["game"]))
        return values

    def rules(self, kind: GameKind) -> dict[str, Any]:
        """The league's rules for the game it is to play, as its own form reads them."""
        current = self._current_rules(kind)
        if kind not in self.shown_kinds:
            return current.to_dict()
        return kind.settings_form.target.rules(self.cleaned_data, self.data, current)

    def short_name_taken(self) -> bool:
        """Whether another league has this form's short name now: one saved after clean()
        found it free (two organisers at once, views.league_admin)."""
        slug = self.cleaned_data.get("slug")
        return League.objects.filter(slug=slug).exclude(pk=self.instance.pk).exists()


class NameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=NAME_LENGTH)


# Names added to a roster in one go: a club's evening list pasted from a chat, not a file
# (a league file is imported on its own page).
MAX_NAMES_AT_ONCE = 40


class AddPlayersForm(forms.Form):
    """The roster's "Add a player": one name typed (Enter adds it, and the page comes back
    with the focus in the field), or several pasted one a line."""

    # The focus comes back here after each add (the page is the form's answer), so the next
    # name is typed at once: on a phone the keyboard stays.
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=NAME_LENGTH,
        required=False,
        widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "off"}),
    )
    names = forms.CharField(
        label=gettext_lazy("Names, one a line"),
        widget=forms.Textarea(attrs={"rows": 5}),
        max_length=MAX_NAMES_AT_ONCE * (NAME_LENGTH + 2),
        required=False,
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        # Only a line break separates names; any other control character stays in its name,
        # to be refused there (leagues.models.roster.clean_name).
        lines = (data.get("names") or "").replace("\r\n", "\n").split("\n")
        every = [n for n in [data.get("name") or "", *lines] if n.strip()]
        if not every and not self.errors:
            self.add_error("name", _("Enter a name."))
        elif len(every) > MAX_NAMES_AT_ONCE:
            self.add_error(
                "names",
                _("Add at most %(count)s names at once.") % {"count": MAX_NAMES_AT_ONCE},
            )
        data["every_name"] = every
        return data


class RenameForm(NameForm):
    name = forms.CharField(label=gettext_lazy("New name"), max_length=NAME_LENGTH)
    # The name as the page showed it: a rename made from an outdated page is refused.
    was = forms.CharField(widget=forms.HiddenInput, max_length=NAME_LENGTH)


class MergeForm(forms.Form):
    merged = forms.TypedChoiceField(label=gettext_lazy("Merge this player…"), coerce=int)
    kept = forms.TypedChoiceField(label=gettext_lazy("…into this one (its name stays)"), coerce=int)

    def __init__(self, league: League, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        roster = [("", "—"), *((p.pk, p.display_name) for p in league.players.all())]
        self.fields["merged"].choices = roster
        self.fields["kept"].choices = roster

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("merged") and data.get("merged") == data.get("kept"):
            self.add_error("kept", _("Choose two different players."))
        return data

    def players(self) -> tuple[Player, Player]:
        found = self.league.players.in_bulk(
            [self.cleaned_data["merged"], self.cleaned_data["kept"]]
        )
        return found[self.cleaned_data["merged"]], found[self.cleaned_data["kept"]]
