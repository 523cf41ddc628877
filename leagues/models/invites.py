"""Invitations: the only way to a new account (sign-up is otherwise closed).

An organiser invites someone to a league as a member (linked to a roster player, or to a new
player created on acceptance) or as a co-organiser. The link carries the invitation's id
signed with the site's SECRET_KEY (django.core.signing, with a salt of its own), so it cannot
be guessed or forged, and the organiser can see it again on the members page; whether it
still works is read from the row every time, so revoking stops it at once. An invitation is
used once: its acceptance is recorded on it.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leagues.names import refuse_control_characters

from .league import League
from .league_log import LeagueEvent, log_event
from .people import Player
from .roster import create_player, leagues_not_organised, may_change_record, refuse_look_alike

SALT = "leagues.invite"
EXPIRY_DAYS = (1, 7, 30)
DEFAULT_EXPIRY_DAYS = 7


class InviteRefused(ValidationError):
    """The invitation cannot be accepted (or revoked) as asked; the message says what to do."""


class Invite(models.Model):
    class Role(models.TextChoices):
        MEMBER = "member", gettext_lazy("member")
        ORGANISER = "organiser", gettext_lazy("co-organiser")

    class State(models.TextChoices):
        OPEN = "open", gettext_lazy("open")
        EXPIRED = "expired", gettext_lazy("expired")
        REVOKED = "revoked", gettext_lazy("revoked")
        USED = "used", gettext_lazy("used")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invites")
    role = models.CharField(gettext_lazy("role"), max_length=10, choices=Role, default=Role.MEMBER)
    # The roster player the new account is linked to; or, when empty, `new_player_name`
    # names a player created on acceptance; both empty: a co-organiser who does not play.
    player = models.ForeignKey(
        Player,
        verbose_name=gettext_lazy("player"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="invites",
    )
    new_player_name = models.CharField(
        gettext_lazy("new player"),
        max_length=80,
        blank=True,
        validators=[refuse_control_characters],
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(gettext_lazy("created"), auto_now_add=True)
    expires_at = models.DateTimeField(gettext_lazy("expires"))
    revoked_at = models.DateTimeField(gettext_lazy("revoked"), null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="accepted_invites",
    )
    accepted_at = models.DateTimeField(gettext_lazy("accepted"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = gettext_lazy("invitation")
        verbose_name_plural = gettext_lazy("invitations")

    def __str__(self) -> str:
        return f"{self.league} · {self.role} · {self.player_name or '-'}"

    def get_absolute_url(self) -> str:
        return reverse("leagues:invite", args=[self.token])

    # -- the link --

    @property
    def token(self) -> str:
        return signing.dumps(self.pk, salt=SALT, compress=False)

    @classmethod
    def from_token(cls, token: str) -> Invite | None:
        """The invitation a link names, or None for a link that was never issued here."""
        try:
            pk = signing.loads(token, salt=SALT)
        except signing.BadSignature:
            return None
        if not isinstance(pk, int):
            return None
        return cls.objects.select_related("league", "player").filter(pk=pk).first()

    # -- its state --

    @property
    def player_name(self) -> str:
        return self.player.display_name if self.player else self.new_player_name

    @property
    def state(self) -> State:
        if self.accepted_at:
            return self.State.USED
        if self.revoked_at:
            return self.State.REVOKED
        if self.expires_at <= timezone.now():
            return self.State.EXPIRED
        return self.State.OPEN

    @property
    def is_open(self) -> bool:
        return self.state == self.State.OPEN

    # -- what organisers and invited people do --

    @classmethod
    @transaction.atomic
    def issue(
        cls,
        league: League,
        *,
        role: str,
        player: Player | None = None,
        new_player_name: str = "",
        days: int = DEFAULT_EXPIRY_DAYS,
        by=None,
    ) -> Invite:
        refuse_control_characters(new_player_name)
        new_player_name = " ".join(new_player_name.split())
        if role not in cls.Role.values:
            raise ValidationError(_("Choose whom you invite: a member or a co-organiser."))
        if player is not None and new_player_name:
            raise ValidationError(
                _("Choose a player of the league or type a new name, not both."), code="both"
            )
        if player is None and not new_player_name and role == cls.Role.MEMBER:
            raise ValidationError(
                _("A member plays: choose a player of the league or type a new name."),
                code="no_player",
            )
        if player is not None:
            if not league.players.filter(pk=player.pk).exists():
                raise ValidationError(
                    _("%(name)s is not on this league's roster.") % {"name": player.display_name},
                    code="not_on_roster",
                )
            if player.user_id is not None:
                raise ValidationError(
                    _("%(name)s already has an account.") % {"name": player.display_name},
                    code="linked",
                )
            if by is not None and not may_change_record(by, player, league):
                # The link would open every members-only league the player is in: only
                # whom organises all of them links it (docs/accounts.md, "Who links").
                raise ValidationError(
                    _(
                        "%(name)s also plays in leagues you do not organise (%(leagues)s), "
                        "which their account would see: only someone who organises all of "
                        "them can invite %(name)s."
                    )
                    % {"name": player.display_name, "leagues": leagues_not_organised(by, player)},
                    code="other_leagues",
                )
        if new_player_name and Player.objects.named(league.club_id, new_player_name).exists():
            raise ValidationError(
                _("There is already a player called “%(name)s”: choose them from the list.")
                % {"name": new_player_name},
                code="name_taken",
            )
        if new_player_name:
            refuse_look_alike(league.club_id, new_player_name)
        if days not in EXPIRY_DAYS:
            raise ValidationError(_("Choose how long the link works."), code="days")
        invite = cls.objects.create(
            league=league,
            role=role,
            player=player,
            new_player_name=new_player_name,
            created_by=by if by is not None and by.is_authenticated else None,
            expires_at=timezone.now() + timedelta(days=days),
        )
        log_event(
            league,
            LeagueEvent.Action.INVITE_CREATED,
            by=by,
            invite=invite.pk,
            role=role,
            player=invite.player_name,
            days=days,
        )
        return invite

    def revoke(self, by=None) -> None:
        with transaction.atomic():
            invite = Invite.objects.select_for_update().get(pk=self.pk)
            if invite.accepted_at:
                raise InviteRefused(
                    _("This invitation was accepted meanwhile; it can no longer be revoked."),
                    code="used",
                )
            if invite.revoked_at:
                return
            invite.revoked_at = timezone.now()
            invite.save(update_fields=["revoked_at"])
            log_event(
                self.league,
                LeagueEvent.Action.INVITE_REVOKED,
                by=by,
                invite=self.pk,
                player=self.player_name,
            )
        self.revoked_at = invite.revoked_at

    def accept(self, user) -> Player | None:
        """Link `user` as the invitation says, inside the caller's transaction (sign-up
        creates the account in the same one, so a refusal leaves no account behind). Returns
        the user's player in the league, if any."""
        # The invitation's row only (`of`): its player is an outer join, which PostgreSQL
        # refuses to lock ("FOR UPDATE cannot be applied to the nullable side of an outer
        # join"); the player is locked on its own in _player_for.
        invite = (
            Invite.objects.select_for_update(of=("self",)).select_related("player").get(pk=self.pk)
        )
        if not invite.is_open:
            raise InviteRefused(unusable_message(invite.state), code=invite.state)
        league = self.league
        player = self._player_for(invite, user)
        now = timezone.now()
        invite.accepted_by, invite.accepted_at = user, now
        invite.save(update_fields=["accepted_by", "accepted_at"])
        self.accepted_by, self.accepted_at = user, now
        log_event(
            league,
            LeagueEvent.Action.INVITE_ACCEPTED,
            by=user,
            invite=invite.pk,
            role=invite.role,
            user=user.get_username(),
            player=player.display_name if player else "",
        )
        if player is not None:
            league.players.add(player)
        if invite.role == self.Role.ORGANISER and not league.organisers.filter(pk=user.pk).exists():
            league.organisers.add(user)
            log_event(league, LeagueEvent.Action.ORGANISER_ADDED, by=user, user=user.get_username())
        return player

    def refusal_for(self, user) -> str | None:
        """Why `user`'s account cannot accept this invitation as things stand, if it cannot:
        shown before they press the button (`accept` checks again, under lock)."""
        if self.player is None:
            return None
        own = (
            Player.objects.in_club(self.league.club_id).filter(user=user).first()
            if user.is_authenticated
            else None
        )
        refusal = _conflict(self.player, own, user) or _maker_refused(self, self.player)
        return " ".join(refusal.messages) if refusal else None

    def _player_for(self, invite: Invite, user) -> Player | None:
        """The player the account plays as in the league, linked or created now; refuses when
        the account already plays as someone else in the league's club. Everything is looked
        up in the league's club only: an account that plays in another club gets its own
        player in this one (the wall)."""
        club = self.league.club_id
        own = Player.objects.select_for_update().in_club(club).filter(user=user).first()
        if invite.player is not None:
            player = Player.objects.select_for_update().in_club(club).get(pk=invite.player.pk)
            refusal = _conflict(player, own, user) or _maker_refused(invite, player)
            if refusal is not None:
                raise refusal
            if player.user_id is None:
                player.user = user
                player.save(update_fields=["user"])
                log_event(
                    self.league,
                    LeagueEvent.Action.PLAYER_LINKED,
                    by=user,
                    player=player.display_name,
                    user=user.get_username(),
                )
            return player
        if not invite.new_player_name:
            return None
        if own is not None:
            # Players play in several leagues of a club under one name: someone who already
            # plays in the club joins with the player they are, not a second one.
            return own
        taken = InviteRefused(
            _(
                "A player called “%(name)s” was added since this invitation was made. "
                "Ask the organiser for a new invitation."
            )
            % {"name": invite.new_player_name},
            code="name_taken",
        )
        try:  # a look-alike added since the invitation was made
            refuse_look_alike(club, invite.new_player_name)
        except ValidationError as error:
            raise InviteRefused(
                [*error.messages, _("Ask the organiser for a new invitation.")], code=error.code
            ) from None
        try:  # create_player refuses a name the club has (also one added a moment ago)
            player = create_player(club, invite.new_player_name, user=user)
        except ValidationError:
            raise taken from None
        log_event(
            self.league,
            LeagueEvent.Action.PLAYER_ADDED,
            by=user,
            player=player.display_name,
            user=user.get_username(),
        )
        return player


def _conflict(player: Player, own: Player | None, user) -> InviteRefused | None:
    """An invitation for `player`, accepted by `user` who plays as `own` (or nobody)."""
    if own is not None and own.pk != player.pk:
        return InviteRefused(
            _(
                "Your account already plays as %(own)s, and this invitation is for "
                "%(name)s. Ask the organiser for an invitation for %(own)s, or sign "
                "out and accept it with a new account."
            )
            % {"own": own.display_name, "name": player.display_name},
            code="other_player",
        )
    if player.user_id is not None and player.user_id != user.pk:
        return InviteRefused(
            _(
                "%(name)s is already linked to another account. Ask the organiser "
                "for a new invitation."
            )
            % {"name": player.display_name},
            code="player_linked",
        )
    return None


def _maker_refused(invite: Invite, player: Player) -> InviteRefused | None:
    """A link made now must still be one the invitation's maker may make: the player may
    have joined a league they do not organise since it was made (or their account is gone).
    The organisers of every league a player is in decide whose account sees them."""
    if player.user_id is not None:
        return None  # linked already (to this account: _conflict refuses any other)
    maker = invite.created_by
    if maker is not None and may_change_record(maker, player):
        return None
    return InviteRefused(
        _(
            "This invitation can no longer link an account to %(name)s: %(name)s now plays "
            "in a league whose organisers did not make it. Ask an organiser of all of "
            "%(name)s's leagues for a new invitation."
        )
        % {"name": player.display_name},
        code="maker",
    )


def unusable_message(state: str) -> str:
    """What a visitor with a link that no longer works reads, and what to do next."""
    if state == Invite.State.EXPIRED:
        return _("This invitation has expired. Ask the organiser for a new link.")
    if state == Invite.State.REVOKED:
        return _("This invitation was withdrawn by the organiser. Ask them for a new link.")
    if state == Invite.State.USED:
        return _(
            "This invitation has already been used. If it was you, sign in; otherwise ask "
            "the organiser for a new link."
        )
    return _(
        "This invitation link is not valid. Check that you copied all of it, or ask "
        "the organiser for a new link."
    )
