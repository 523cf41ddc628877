"""Naming the club from a league's settings page (leagues.models.club_name)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from leagues.access import organised_league
from leagues.forms import add_model_error
from leagues.models.club_name import NAME_LENGTH, rename_club


class ClubNameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name of the club"), max_length=NAME_LENGTH)


@require_http_methods(["GET", "POST"])
@login_required
def club_name(request: HttpRequest, slug: str) -> HttpResponse:
    league = organised_league(request, slug)
    form = ClubNameForm(request.POST or None, initial={"name": league.club.name})
    if form.is_bound and form.is_valid():
        try:
            changed = rename_club(league, form.cleaned_data["name"], by=request.user)
        except ValidationError as error:
            add_model_error(form, error)
        else:
            if changed:
                messages.success(request, _("The club is renamed."))
            else:
                messages.info(request, _("Nothing was changed."))
            return redirect("leagues:league_settings", league.slug)
    return render(request, "leagues/club_name.html", {"league": league, "form": form})
