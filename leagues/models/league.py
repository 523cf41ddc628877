from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models, transaction
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from leagues.kinds import DEFAULT as DEFAULT_GAME
from leagues.kinds import GameKind, kind_of, live_games
from leagues.names import refuse_control_characters
from scoring.mhing.match_scoring import Variant
from scoring.profile_error import ProfileError

from .people import Player
from .season import Season, create_first_season, current_season

# A club evening: 19:30 to 22:30, less seating and settling up (docs/organisers.md).
MATCH_MINUTES = 150


class GameChoice(models.TextChoices):
    """What a league plays, chosen when it is created (docs/mahjongg_leagues.md)."""

    MHING = "mhing", _("Mhing")
    MAHJONGG = "mahjongg", _("Mah-Jongg")


class VariantChoice(models.TextChoices):
    POINTS = Variant.POINTS.value, _("Points race")
    CHIPS = Variant.CHIPS.value, _("Chips")


# Paths under leagues/ that are not leagues (leagues/import/ is the import page,
# leagues/new/ the page that creates one).
RESERVED_SLUGS = frozenset({"import", "new"})


class BotMatches(models.TextChoices):
    """What a league does with a finished live match that had bots at the table."""

    HUMANS = "humans", _("Record the humans' results")
    SKIP = "skip", _("Do not record matches with bots")


def validate_league_slug(value: str) -> None:
    if value in RESERVED_SLUGS:
        raise ValidationError(
            _("“%(slug)s” is the name of a page; choose another short name.") % {"slug": value},
            code="reserved",
        )


def validate_rule_profile(value) -> None:
    """The rules are a JSON object; what it may hold is each game's own (League.clean reads
    it with the league's game). Migrations 0012 and 0023 name this validator."""
    if not isinstance(value, dict):
        raise ValidationError(_("The rules must be a JSON object."), code="rule_profile")


class LeagueQuerySet(models.QuerySet):
    def visible_to(self, user) -> LeagueQuerySet:
        """Public leagues, plus members-only ones the user organises or plays in."""
        if user.is_superuser:
            return self
        public = models.Q(is_public=True)
        if not user.is_authenticated:
            return self.filter(public)
        return self.filter(
            public | models.Q(organisers=user) | models.Q(players__user=user)
        ).distinct()

    def recordable_by(self, user, game: str | None = None) -> LeagueQuerySet:
        """Leagues whose data the user may add rounds to: those they organise, and those
        whose players enter their own rounds when they play in them (as on the sheet). Leagues
        of `game` only, or of every game played at live tables (leagues.kinds.live_games); a
        league's matches of a game without one are entered on its pages only."""
        games = [game] if game else live_games()
        if not user.is_authenticated:
            return self.none()
        if user.is_superuser:
            return self.filter(game__in=games)
        return (
            self.filter(game__in=games)
            .filter(
                models.Q(organisers=user) | models.Q(players_may_enter=True, players__user=user)
            )
            .distinct()
        )


class League(models.Model):
    # The wall (docs/architecture.md): a league belongs to one club and plays with that
    # club's players only.
    club = models.ForeignKey(
        "leagues.Club", verbose_name=_("club"), on_delete=models.PROTECT, related_name="leagues"
    )
    name = models.CharField(_("name"), max_length=120, validators=[refuse_control_characters])
    slug = models.SlugField(
        _("short name"), max_length=60, unique=True, validators=[validate_league_slug]
    )
    season_start = models.DateField(_("season starts"), null=True, blank=True)
    season_end = models.DateField(_("season ends"), null=True, blank=True)
    game = models.CharField(_("game"), max_length=10, choices=GameChoice, default=DEFAULT_GAME)
    # The league's rules, the only place it keeps them, as its game reads them (GameKind.
    # read_rules): Mhing's target and variant (scoring.mhing.profile), Mah-Jongg's rule profile
    # (scoring.mahjongg.profile). A new match copies them when it begins (Match.begin);
    # empty: the game's defaults.
    rules = models.JSONField(
        _("rules"), default=dict, blank=True, validators=[validate_rule_profile]
    )
    # How long a match may run besides its target (leagues.models.match_length): it ends
    # after the hand in play once it has lasted this long. 2 h 30 fits a club evening
    # (docs/organisers.md, "A match's length"); a number of hands is left empty.
    match_hands = models.PositiveSmallIntegerField(
        _("hands per match"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_(
            "The match ends after this many hands (rounds of Mhing, games of Mah-Jongg) if "
            "nobody has reached its end before. Empty: no limit."
        ),
    )
    match_minutes = models.PositiveSmallIntegerField(
        _("minutes per match"),
        null=True,
        blank=True,
        default=MATCH_MINUTES,
        validators=[MinValueValidator(1)],
        help_text=_(
            "Once this long has passed since the match began, it ends after the hand in "
            "play. Empty: no limit."
        ),
    )
    is_public = models.BooleanField(
        _("public"), default=True, help_text=_("Anyone may see it; otherwise members only.")
    )
    players_may_enter = models.BooleanField(
        _("players enter their own rounds"),
        default=False,
        help_text=_("The seated players of a match may enter its rounds, not only organisers."),
    )
    # How long after a match ends its players may still correct its rounds (provisional
    # again, for an opponent to confirm); after it only organisers, giving a reason.
    correction_minutes = models.PositiveSmallIntegerField(
        _("correction window (minutes)"),
        default=30,
        help_text=_(
            "Minutes after a match ends during which its players may still correct its "
            "rounds (an opponent confirms each correction). 0: none; organisers always may."
        ),
    )
    # Members-only leagues: whether people who are not members may sit at its live tables.
    # Their seats are recorded under guest players that are not linked to their accounts,
    # so playing never makes anyone a member (games.recording).
    live_guests = models.BooleanField(
        _("guests at live tables"),
        default=False,
        help_text=_(
            "Members-only leagues: people who are not members may sit at its live tables; "
            "their results are recorded as guests', and they do not join the league."
        ),
    )
    # Bots: see games.recording and docs/printing_and_bots.md.
    bot_matches = models.CharField(
        _("live matches with bots"),
        max_length=10,
        choices=BotMatches,
        default=BotMatches.HUMANS,
        help_text=_(
            "Bots never appear in the standings or ratings. Either the people's results of a "
            "live match with bots are recorded, or such a match is not recorded at all."
        ),
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, verbose_name=_("organisers"), blank=True, related_name="+"
    )
    # The organiser no co-organiser may remove: who created the league, until they hand it
    # over to another organiser themselves (leagues.models.league_settings). Empty for a
    # league made by a command, or whose owner's account was deleted: then organisers remove
    # each other freely, as before owners existed.
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("owner"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # The league's roster: everyone seated in one of its matches is added automatically.
    players = models.ManyToManyField(
        Player, verbose_name=_("players"), blank=True, related_name="leagues"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Organiser self-service (leagues.models.organising): players retired from this league
    # (not offered for new matches, listed apart), and the settings' version, bumped by every
    # save on the settings page so a form loaded before another organiser's save is refused.
    retired_players = models.ManyToManyField(
        Player, verbose_name=_("retired players"), blank=True, related_name="retired_in"
    )
    version = models.PositiveIntegerField(default=1, editable=False)

    objects = LeagueQuerySet.as_manager()

    class Meta:
        ordering = ["-season_start", "name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """Every league has exactly one current season (leagues.models.season), however it
        is made (the admin, an import, the demo, a create page, a test's
        `League.objects.create`): a new league gets its first season here, in the same
        transaction, and a change to the league's season dates goes into its current
        season, whose dates they are."""
        creating = self._state.adding
        update_fields = kwargs.get("update_fields")
        with transaction.atomic():
            super().save(*args, **kwargs)
            if creating:
                create_first_season(self)
            elif update_fields is None or {"season_start", "season_end"} & set(update_fields):
                self._dates_into_current_season()

    def get_absolute_url(self) -> str:
        return reverse("leagues:league", args=[self.slug])

    def _dates_into_current_season(self) -> None:
        seasons = Season.objects.filter(league=self)
        changes = {"ends_on": self.season_end}
        # Never a start at or before an archived season's: that would be an instance loaded
        # before the current season began, saved with its old dates.
        archived = seasons.filter(archived_at__isnull=False).order_by("-starts_on").first()
        if self.season_start and (archived is None or self.season_start > archived.starts_on):
            changes["starts_on"] = self.season_start
        elif archived is not None:  # the league's dates are put back to the season's
            current = seasons.filter(archived_at__isnull=True).first()
            if current is not None:
                League.objects.filter(pk=self.pk).update(
                    season_start=current.starts_on, season_end=current.ends_on
                )
                self.season_start, self.season_end = current.starts_on, current.ends_on
            return
        seasons.filter(archived_at__isnull=True).update(**changes)

    @property
    def current_season(self) -> Season:
        """The season new matches go into (a query each time: a season may have started)."""
        return current_season(self)

    @property
    def kind(self) -> GameKind:
        """The game the league plays (leagues/kinds/): what its pages and records ask."""
        return kind_of(self.game)

    def rule_profile(self):
        """The rules new matches are played under, as the league's game reads them: its
        Profile (scoring.mhing.profile or scoring.mahjongg.profile)."""
        return self.kind.read_rules(self.rules)

    def clean(self) -> None:
        super().clean()
        try:
            self.rule_profile()
        except ProfileError as error:
            raise ValidationError(
                {
                    "rules": _("The rule “%(field)s” cannot be %(value)s.")
                    % {"field": error.field, "value": error.value}
                },
                code="rule_profile",
            ) from error

    def is_organiser(self, user) -> bool:
        if not user.is_authenticated:
            return False
        if user.is_superuser:
            return True
        # Read with the league by leagues.access.visible_match (one query less on every match
        # page, picker taps included); kept on this instance only, for this user only.
        known = getattr(self, "_organiser_known", None)
        if known is not None and known[0] == user.pk:
            return known[1]
        return self.organisers.filter(pk=user.pk).exists()

    def can_view(self, user) -> bool:
        if self.is_public or self.is_organiser(user):
            return True
        return user.is_authenticated and self.players.filter(user=user).exists()


def lock_league(league_id: int) -> None:
    """Hold the league's row until the transaction ends, before reading what its derived rows
    (ratings, standings) are computed from. Two saves in different matches of one league at
    the same moment then take turns, and the second reads what the first committed, not a
    snapshot from before it (PostgreSQL's READ COMMITTED: each statement sees what was
    committed when it began). FOR NO KEY UPDATE: rows that only refer to the league (a new
    match, a rating) are inserted under a key-share lock, which this one does not block.
    SQLite lets one writer in at a time anyway, and ignores it."""
    locked = League.objects.select_for_update(no_key=True).filter(pk=league_id)
    list(locked.order_by().values_list("pk"))


class PlayerRating(models.Model):
    """A player's OpenSkill rating in one league, kept so standings need not recompute it."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="ratings")
    # NULL: rated over every season of the league ("all time"); otherwise within the season,
    # every player starting afresh (docs/seasons.md).
    season = models.ForeignKey(
        "leagues.Season", null=True, blank=True, on_delete=models.CASCADE, related_name="ratings"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    # mu - 3 sigma: the conservative figure shown and sorted on.
    ordinal = models.FloatField(_("rating"))
    matches = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["league", "player"],
                condition=models.Q(season__isnull=True),
                name="one_rating_per_league",
            ),
            models.UniqueConstraint(
                fields=["season", "player"],
                condition=models.Q(season__isnull=False),
                name="one_rating_per_season",
            ),
        ]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")

    def __str__(self) -> str:
        return f"{self.player} {self.ordinal:.1f}"
