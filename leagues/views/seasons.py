"""Starting a new season (organisers): the current one ends and is archived, read-only
(leagues.models.season_change.start_season; docs/seasons.md)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from leagues.access import organised_league
from leagues.forms import DateInput, add_model_error
from leagues.models import Match
from leagues.models.season_change import start_season
from mhing_site.templatetags.dates import long_date


class SeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name of the new season"), max_length=80)
    starts_on = forms.DateField(label=gettext_lazy("It starts on"), widget=DateInput)
    confirm = forms.BooleanField(
        label=gettext_lazy(
            "Yes: end the current season now. It stays visible, but its matches can no "
            "longer be changed."
        ),
        error_messages={"required": gettext_lazy("Tick the box to confirm.")},
    )


@require_http_methods(["GET", "POST"])
@login_required
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    league = organised_league(request, slug)
    current = league.current_season
    # Today, or the current season's start if that is later (a season dated later waits).
    first_day = max(timezone.localdate(), current.starts_on)
    form = SeasonForm(request.POST or None, initial={"starts_on": first_day})
    if form.is_bound and form.is_valid():
        try:
            season = start_season(
                league,
                name=form.cleaned_data["name"],
                starts_on=form.cleaned_data["starts_on"],
                by=request.user,
            )
        except ValidationError as error:
            add_model_error(form, error)
        else:
            if season.is_upcoming:
                said = _(
                    "“%(new)s” begins on %(date)s. Until then matches still go into "
                    "“%(old)s”, which is archived that day."
                ) % {
                    "new": season.label,
                    "old": current.label,
                    "date": long_date(season.starts_on),
                }
            else:
                said = _("“%(new)s” has begun; “%(old)s” is archived.") % {
                    "new": season.label,
                    "old": current.label,
                }
            messages.success(request, said)
            return redirect(league)
    # Linked, each with its own "End the match here" (leagues.views.match_end), so closing
    # time need not be a walk through every match page first.
    running = list(
        league.matches.filter(season=current, status=Match.Status.RUNNING)
        .prefetch_related("seats__player")
        .order_by("played_on", "pk")
    )
    context = {"league": league, "current": current, "form": form, "running": running}
    return render(request, "leagues/season_new.html", context)
