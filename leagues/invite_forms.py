"""Forms of the members page and of an invitation's page: making an invitation, and the
account an invited person creates. The rules (who can be invited, what acceptance does) are
`Invite`'s; these parse and word the errors."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import Invite, League, Player
from .models.invites import DEFAULT_EXPIRY_DAYS, EXPIRY_DAYS
from .names import LookAlikeUsernameMixin


class InviteForm(forms.Form):
    role = forms.ChoiceField(
        label=_("Invite as"), choices=Invite.Role.choices, widget=forms.RadioSelect
    )
    player = forms.ModelChoiceField(
        label=_("Player of the league"),
        queryset=Player.objects.none(),
        required=False,
        empty_label="—",
    )
    new_player_name = forms.CharField(label=_("or a new player"), max_length=80, required=False)
    days = forms.TypedChoiceField(
        label=_("The link works for"),
        coerce=int,
        widget=forms.RadioSelect,
    )

    def __init__(self, league: League, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"role": Invite.Role.MEMBER, "days": DEFAULT_EXPIRY_DAYS})
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["days"].choices = [
            (days, ngettext("%(count)d day", "%(count)d days", days) % {"count": days})
            for days in EXPIRY_DAYS
        ]
        # Only roster players without an account can still be linked to one.
        self.fields["player"].queryset = league.players.filter(user__isnull=True)

    def issue(self, by) -> Invite:
        data = self.cleaned_data
        return Invite.issue(
            self.league,
            role=data["role"],
            player=data["player"],
            new_player_name=data["new_player_name"],
            days=data["days"],
            by=by,
        )


class SignUpForm(LookAlikeUsernameMixin, UserCreationForm):
    """Username (not one that looks like another account's), email (for password resets) and
    the password twice, checked by the site's AUTH_PASSWORD_VALIDATORS."""

    email = forms.EmailField(
        label=_("Email"),
        help_text=_("Only for resetting your password if you forget it."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
