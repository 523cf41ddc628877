"""The sign-up page: a new club's first account (docs/accounts.md).

The same form as an invitation's sign-up (leagues.invite_forms.SignUpForm: Django's password
rules and ours, look-alike usernames refused), then the person is signed in and taken to
"Create a league", whose first league makes their club. `SIGNUP` (settings) turns the page
off or leaves only invitations; with a mail server (`EMAIL_URL`) the account stays inactive
until the link mailed to its address is opened.

Throttled per address: at most SIGNUP_LIMIT accounts an hour from one address (the address
as django-axes reads it, so a proxy is handled as for sign-in), counted in Django's cache.
"""

from __future__ import annotations

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.cache import cache
from django.core.mail import EmailMessage
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from leagues.errors import refused_when_busy
from leagues.invite_forms import SignUpForm
from mhing_site.mail import send_later

THROTTLE_SECONDS = 60 * 60
# Too Many Requests, as the sign-in pause answers.
THROTTLED = 429
# Named: axes' backend comes first in AUTHENTICATION_BACKENDS (settings.py).
BACKEND = "django.contrib.auth.backends.ModelBackend"


class ConfirmationTokens(PasswordResetTokenGenerator):
    """The mailed link's token: works once (it covers whether the account is active yet)
    and for PASSWORD_RESET_TIMEOUT, as a password reset link does."""

    key_salt = "mhing_site.signup.confirm"

    def _make_hash_value(self, user, timestamp: int) -> str:
        return f"{user.pk}{user.is_active}{user.email}{user.password}{timestamp}"


confirmation_tokens = ConfirmationTokens()


def _throttle_key(request: HttpRequest) -> str:
    return f"mhing-signup:{get_client_ip_address(request) or 'unknown'}"


def throttled(request: HttpRequest) -> bool:
    return (cache.get(_throttle_key(request)) or 0) >= settings.SIGNUP_LIMIT


def _count(request: HttpRequest) -> None:
    key = _throttle_key(request)
    if not cache.add(key, 1, THROTTLE_SECONDS):
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.add(key, 1, THROTTLE_SECONDS)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if settings.SIGNUP != "open":
        return render(request, "registration/signup_closed.html", {"mode": settings.SIGNUP})
    if request.user.is_authenticated:
        return redirect("leagues:league_new")
    if throttled(request):
        return render(request, "registration/signup_paused.html", status=THROTTLED)
    form = SignUpForm(request.POST or None)
    if form.is_bound and form.is_valid():
        confirm = settings.SIGNUP_CONFIRMS_EMAIL
        with refused_when_busy(), transaction.atomic():
            user = form.save(commit=False)
            user.is_active = not confirm
            user.save()
        _count(request)
        if confirm:
            _mail_confirmation(request, user)
            context = {"email": user.email}
            return render(request, "registration/signup_confirm_sent.html", context)
        login(request, user, backend=BACKEND)
        messages.success(request, _welcome(user))
        return redirect("leagues:league_new")
    status = 400 if form.is_bound else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)


def _welcome(user) -> str:
    return _(
        "Welcome, %(name)s! You are signed in. Create your league next: its first league "
        "makes your club."
    ) % {"name": user.get_username()}


def _mail_confirmation(request: HttpRequest, user) -> None:
    path = reverse(
        "signup_confirm",
        args=[urlsafe_base64_encode(force_bytes(user.pk)), confirmation_tokens.make_token(user)],
    )
    if settings.SITE_URL:  # never the Host the request named (as the password reset)
        link = settings.SITE_URL + path  # scheme://host[:port] only (mhing_site.env)
    else:
        link = request.build_absolute_uri(path)
    context = {"user": user, "link": link, "days": settings.PASSWORD_RESET_TIMEOUT // 86400}
    subject = "".join(render_to_string("registration/signup_subject.txt", context).splitlines())
    body = render_to_string("registration/signup_email.txt", context)
    message = EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email])
    send_later(message, about=f"sign-up confirmation for user {user.pk}")


@require_GET
def signup_confirm(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    if settings.SIGNUP == "off":
        raise Http404
    try:
        pk = int(force_str(urlsafe_base64_decode(uidb64)))
    except (TypeError, ValueError, OverflowError):
        pk = None
    user = get_user_model().objects.filter(pk=pk).first() if pk is not None else None
    if user is None or user.is_active or not confirmation_tokens.check_token(user, token):
        return render(request, "registration/signup_confirm_failed.html", status=400)
    user.is_active = True
    user.save(update_fields=["is_active"])
    login(request, user, backend=BACKEND)
    messages.success(request, _welcome(user))
    return redirect("leagues:league_new")
