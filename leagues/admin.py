"""The admin: players and leagues are edited here; matches, rounds, hands, history and
ratings are shown but not edited.

Everything about a match follows from its rounds through the engine (Match.begin,
record_round, correct_round, delete_round: totals, placings, dealers, ratings, history). An
edit here would bypass it and leave those stale, so corrections happen on the match page,
where they are checked and recorded; the admin only lets staff look, and delete a whole
match (the league's ratings are recomputed).
"""

from django.contrib import admin
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest

from leagues.models.rating import rerate

from .models import (
    Club,
    League,
    LeagueEvent,
    Match,
    Player,
    PlayerRating,
    PlayerStanding,
    Round,
    RoundChange,
    Season,
    Seat,
    WinningHand,
)
from .models.invites import Invite
from .models.standing import rebuild_standings

COMPUTED_MODELS = (Round, WinningHand, RoundChange, PlayerRating, PlayerStanding, Season)


class ReadOnlyAdminMixin:
    """Shown, never added, changed or deleted here: computed by the engine."""

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


class TakesComputedAlongMixin:
    """Deleting this takes computed rows with it (seats, rounds, hands, history, ratings),
    though none of those may be deleted on its own here: a round is deleted on the match
    page, where the later ones are renumbered. Without this, the admin would refuse."""

    def get_deleted_objects(self, objs, request: HttpRequest):
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        computed = {model._meta.verbose_name for model in (Seat, *COMPUTED_MODELS)}
        return deleted, counts, perms_needed - computed, protected


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "created_at"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name"]


@admin.register(Player)
class PlayerAdmin(TakesComputedAlongMixin, admin.ModelAdmin):
    list_display = ["display_name", "club", "user", "is_bot", "created_at"]
    list_filter = ["is_bot"]
    search_fields = ["display_name", "user__username"]
    raw_id_fields = ["user"]
    # Set by live play's recording only: a bot turned person (or back) would leave the
    # league's standings and ratings out of step.
    readonly_fields = ["is_bot"]


class SeasonInline(ReadOnlyAdminMixin, admin.TabularInline):
    """Seasons start on the league's page (docs/seasons.md); the league's season dates
    here are its current season's."""

    model = Season
    extra = 0
    fields = ["number", "name", "starts_on", "ends_on", "archived_at"]
    readonly_fields = fields


@admin.register(League)
class LeagueAdmin(TakesComputedAlongMixin, admin.ModelAdmin):
    list_display = ["name", "club", "slug", "season_start", "season_end", "is_public"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organisers", "players"]
    search_fields = ["name"]
    inlines = [SeasonInline]


class SeatInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "player", "total", "place"]
    readonly_fields = fields


@admin.register(Match)
class MatchAdmin(TakesComputedAlongMixin, admin.ModelAdmin):
    list_display = ["__str__", "league", "played_on", "game", "status"]
    list_filter = ["league", "season", "status", "game"]
    list_select_related = ["league"]
    date_hierarchy = "played_on"
    # Seats, dealer and rules decide every total (Match.settle): matches are started on the
    # league page, and nothing about them is typed here.
    readonly_fields = [
        "league",
        "season",
        "played_on",
        "first_dealer",
        "game",
        "rule_profile",
        "status",
        "version",
        "created_by",
        "created_at",
    ]
    inlines = [SeatInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    # A deleted match takes its seats and hands out of the ratings and the standings.
    def delete_model(self, request: HttpRequest, obj: Match) -> None:
        super().delete_model(request, obj)
        rerate(obj.league)
        rebuild_standings(obj.league)

    # The "delete selected" action runs outside a transaction (the delete page runs in one):
    # the matches go with their leagues' new figures, or not at all.
    @transaction.atomic
    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        leagues = list(League.objects.filter(matches__in=queryset).distinct())
        super().delete_queryset(request, queryset)
        for league in leagues:
            rerate(league)
            rebuild_standings(league)


class WinningHandInline(ReadOnlyAdminMixin, admin.StackedInline):
    model = WinningHand
    extra = 0
    fields = ["hand", "flowers", "exposed", "credits", "points", "breakdown", "arrangement"]
    readonly_fields = fields


@admin.register(Round)
class RoundAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["match", "number", "dealer", "outcome", "winner", "win_type", "discarder"]
    list_filter = ["outcome", "win_type", "match__league"]
    list_select_related = ["match__league", "dealer", "winner", "discarder"]
    inlines = [WinningHandInline]


@admin.register(WinningHand)
class WinningHandAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["hand", "credits", "points", "round"]
    list_select_related = ["round__match__league"]
    search_fields = ["hand"]


@admin.register(RoundChange)
class RoundChangeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["match", "number", "action", "by", "at"]
    list_filter = ["action"]
    list_select_related = ["match__league", "by"]


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["player", "league", "ordinal", "mu", "sigma", "matches"]
    list_filter = ["league"]
    list_select_related = ["player", "league"]


@admin.register(LeagueEvent)
class LeagueEventAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["league", "action", "by", "at"]
    list_filter = ["league"]
    list_select_related = ["league", "by"]


# -- invitations (leagues/models/invites.py): shown, not edited; organisers revoke on the
# members page, where the history records it --
@admin.register(Invite)
class InviteAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["league", "role", "player", "new_player_name", "expires_at", "accepted_by"]
    list_filter = ["league", "role"]
    list_select_related = ["league", "player", "accepted_by"]
