"""The members page (organisers: who is in the league, invitations to it) and an invitation's
own page, where the invited person creates an account or, signed in, accepts with one button.
Sign-up has no other page: an account is made only through an invitation."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from leagues.access import organised_league
from leagues.errors import refused_when_busy
from leagues.forms import add_model_error
from leagues.invite_forms import InviteForm, SignUpForm
from leagues.models import Invite, League
from leagues.models.invites import InviteRefused, unusable_message


@require_http_methods(["GET", "POST"])
@login_required
def members(request: HttpRequest, slug: str) -> HttpResponse:
    league = organised_league(request, slug)
    form = InviteForm(league, request.POST or None)
    if form.is_bound and form.is_valid():
        try:
            with refused_when_busy():
                invite = form.issue(by=request.user)
        except ValidationError as error:
            add_model_error(form, error)
        else:
            messages.success(
                request,
                _("Invitation made. Copy its link below and send it to the person you invite."),
            )
            return redirect(reverse("leagues:members", args=[league.slug]) + f"#invite-{invite.pk}")
    status = 400 if form.is_bound else 200
    return render(
        request, "leagues/members.html", members_context(request, league, form), status=status
    )


def members_context(request: HttpRequest, league: League, form: InviteForm) -> dict:
    invites = list(
        league.invites.filter(
            revoked_at__isnull=True, accepted_at__isnull=True, expires_at__gt=timezone.now()
        ).select_related("player", "created_by")
    )
    for each in invites:
        each.link = request.build_absolute_uri(each.get_absolute_url())
    return {
        "league": league,
        "form": form,
        "organisers": league.organisers.order_by("username"),
        "members": league.players.filter(user__isnull=False).select_related("user"),
        "invites": invites,
    }


@require_POST
@login_required
def invite_revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    league = organised_league(request, slug)
    invite = get_object_or_404(Invite, pk=pk, league=league)
    try:
        with refused_when_busy():
            invite.revoke(by=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("Invitation revoked: its link no longer works."))
    return redirect("leagues:members", slug=league.slug)


@require_http_methods(["GET", "POST"])
def invite(request: HttpRequest, token: str) -> HttpResponse:
    found = Invite.from_token(token)
    if found is None:
        return render(
            request, "leagues/invite_unusable.html", {"message": unusable_message("")}, status=404
        )
    if not found.is_open:
        context = {"message": unusable_message(found.state), "invite": found}
        # 410 Gone: the link was real, and will not work again.
        return render(request, "leagues/invite_unusable.html", context, status=410)
    if request.user.is_authenticated:
        return _accept_signed_in(request, found)
    return _sign_up(request, found)


def _accept_signed_in(request: HttpRequest, found: Invite) -> HttpResponse:
    # A conflict (the account plays as someone else) is said before the button is pressed,
    # and the button is not offered; a busy database only asks to press it again.
    refusal = found.refusal_for(request.user)
    blocked = refusal is not None
    if request.method == "POST" and not blocked:
        try:
            with refused_when_busy(), transaction.atomic():
                found.accept(request.user)
        except InviteRefused as error:
            refusal, blocked = " ".join(error.messages), True
        except ValidationError as error:
            refusal = " ".join(error.messages)
        else:
            return _welcome(request, found)
    context = {"invite": found, "refusal": refusal, "blocked": blocked}
    return render(request, "leagues/invite.html", context, status=409 if refusal else 200)


def _sign_up(request: HttpRequest, found: Invite) -> HttpResponse:
    refusal = found.refusal_for(request.user)
    if refusal is not None:
        # Its player was linked to another account since: no account is worth making.
        context = {"message": refusal, "invite": found}
        return render(request, "leagues/invite_unusable.html", context, status=409)
    if settings.SIGNUP == "off":  # no new accounts from any page: sign in, then accept
        context = {"invite": found, "no_new_accounts": True}
        return render(request, "leagues/invite.html", context, status=403 if request.POST else 200)
    form = SignUpForm(request.POST or None)
    if form.is_bound and form.is_valid():
        try:
            with refused_when_busy(), transaction.atomic():
                user = form.save()
                found.accept(user)
        except InviteRefused as error:
            # The account was not kept (the transaction rolled back): the link is unusable
            # now, or its player was taken meanwhile.
            context = {"message": " ".join(error.messages), "invite": found}
            return render(request, "leagues/invite_unusable.html", context, status=409)
        except ValidationError as error:
            add_model_error(form, error)
        else:
            # Named: axes' backend comes first in AUTHENTICATION_BACKENDS (settings.py).
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return _welcome(request, found)
    status = 400 if form.is_bound else 200
    return render(request, "leagues/invite.html", {"invite": found, "form": form}, status=status)


def _welcome(request: HttpRequest, found: Invite) -> HttpResponse:
    if found.role == Invite.Role.ORGANISER:
        text = _("Welcome! You are now an organiser of %(league)s.")
    else:
        text = _("Welcome! You are now a member of %(league)s.")
    messages.success(request, text % {"league": found.league.name})
    return redirect(found.league)
