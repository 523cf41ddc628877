"""Forms of the organiser pages: a league's settings (creating one too), the roster's
actions and the choice of two players to merge. They parse; the rules are in
leagues.models.league_settings, roster and merge."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .models import League, Player
from .models.league_settings import SETTINGS
from .models.roster import NAME_LENGTH


class LeagueForm(forms.ModelForm):
    """The league's settings. Creating a league, the short name may be left empty: it is
    then made from the name ("Tuesday Club" → "tuesday-club")."""

    version = forms.IntegerField(min_value=1, widget=forms.HiddenInput, required=False)

    class Meta:
        model = League
        fields = SETTINGS
        # Two choices as radio buttons: in a select the chosen one was cut off on a phone in
        # German and French ("Die Ergebnisse der Menschen e…", issue 12).
        widgets = {"bot_matches": forms.RadioSelect}
        help_texts = {
            "slug": gettext_lazy(
                "Its address: letters, digits and hyphens, as in /leagues/tuesday-club/. "
                "Left empty, it is made from the name."
            ),
        }

    def __init__(self, *args: Any, creating: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.creating = creating
        self.fields["slug"].required = not creating
        if creating:
            del self.fields["version"]
        else:
            self.fields["version"].required = True
            self.initial.setdefault("version", self.instance.version)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
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

    def values(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in SETTINGS}


class NameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=NAME_LENGTH)


class RenameForm(NameForm):
    name = forms.CharField(label=gettext_lazy("New name"), max_length=NAME_LENGTH)
    # The name as the page showed it: a rename made from an outdated page is refused.
    was = forms.CharField(widget=forms.HiddenInput, max_length=NAME_LENGTH)


class LinkForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("User name of the account"), max_length=150)


class MergeForm(forms.Form):
    merged = forms.TypedChoiceField(label=gettext_lazy("Merge this player…"), coerce=int)
    kept = forms.TypedChoiceField(label=gettext_lazy("…into this one (its name stays)"), coerce=int)

    def __init__(self, league: League, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        roster = [("", "—"), *((p.pk, p.display_name) for p in league.players.all())]
        self.fields["merged"].choices = roster
        self.fields["kept"].choices = roster

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("merged") and data.get("merged") == data.get("kept"):
            self.add_error("kept", _("Choose two different players."))
        return data

    def players(self) -> tuple[Player, Player]:
        found = Player.objects.in_bulk([self.cleaned_data["merged"], self.cleaned_data["kept"]])
        return found[self.cleaned_data["merged"]], found[self.cleaned_data["kept"]]
