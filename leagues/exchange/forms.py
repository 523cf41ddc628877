"""The import page's form: the uploaded file, where its matches go, and a short name for a new
league. It parses (the file into a JSON document) and words errors; what may be imported is
leagues.exchange.importer's business."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leagues.exchange.importer import MAX_FILE_SIZE, ImportRefused, parse_json, too_large
from leagues.models import League

NEW_LEAGUE = ""


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("League file (JSON)"))
    league = forms.ChoiceField(label=gettext_lazy("Import into"), required=False)
    slug = forms.SlugField(
        label=gettext_lazy("Short name of the new league"),
        required=False,
        max_length=League._meta.get_field("slug").max_length,
        help_text=gettext_lazy(
            "Leave empty to use the file's. Needed when a league with the file's short name "
            "exists already, e.g. to import a copy."
        ),
    )

    def __init__(
        self, *args: Any, leagues: QuerySet[League], may_create: bool, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.leagues = {league.slug: league for league in leagues}
        self.may_create = may_create
        choices = [(slug, league.name) for slug, league in self.leagues.items()]
        if may_create:
            choices.insert(0, (NEW_LEAGUE, _("A new league, as described in the file")))
        else:
            del self.fields["slug"]
        self.fields["league"].choices = choices
        self.document: Any = None

    def clean_file(self):
        upload = self.cleaned_data["file"]
        try:
            if upload.size > MAX_FILE_SIZE:  # refused before it is read
                raise too_large(upload.size)
            self.document = parse_json(upload.read())
        except ImportRefused as refused:
            raise forms.ValidationError(refused.messages) from None
        return upload

    def clean_league(self) -> League | None:
        slug = self.cleaned_data["league"]
        if slug == NEW_LEAGUE:
            if not self.may_create:
                raise forms.ValidationError(_("Choose one of the leagues you organise."))
            return None
        return self.leagues[slug]  # the choices have checked it is one of them

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if cleaned.get("league") and cleaned.get("slug"):
            self.add_error(
                "slug",
                _(
                    "A short name is only for a new league: leave it empty to add the matches "
                    "to %(league)s."
                )
                % {"league": cleaned["league"]},
            )
        return cleaned

    def add_refusal(self, refused: ImportRefused) -> None:
        """Put the importer's problems on the form: a taken short name next to its field."""
        taken = [p.message for p in refused.problems if p.code == "slug_taken"]
        if taken and "slug" in self.fields:
            self.add_error("slug", taken)
            refused = ImportRefused([p for p in refused.problems if p.code != "slug_taken"])
        if refused.problems:
            self.add_error(None, refused.messages)
