from django.contrib import admin

from .models import League, Match, Player, PlayerRating, Round, RoundChange, Seat, WinningHand


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "user", "created_at"]
    search_fields = ["display_name", "user__username"]
    raw_id_fields = ["user"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "season_start", "season_end", "is_public"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organisers", "players"]
    search_fields = ["name"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    readonly_fields = ["total", "place"]
    raw_id_fields = ["player"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "league", "played_on", "variant", "target_points", "status"]
    list_filter = ["league", "status", "variant"]
    date_hierarchy = "played_on"
    # Totals, status and version follow from the rounds (Match.settle), never typed here.
    readonly_fields = ["status", "version", "created_by", "created_at"]
    inlines = [SeatInline]


class WinningHandInline(admin.StackedInline):
    model = WinningHand
    extra = 0
    # Computed by the engine: an organiser corrects a round on the match page instead, so
    # totals, standings and the history follow.
    readonly_fields = [
        "hand",
        "flowers",
        "exposed",
        "credits",
        "points",
        "breakdown",
        "arrangement",
    ]
    can_delete = False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["match", "number", "dealer", "outcome", "winner", "win_type", "discarder"]
    list_filter = ["outcome", "win_type", "match__league"]
    list_select_related = ["match__league", "dealer", "winner", "discarder"]
    readonly_fields = ["version", "entered_by", "created_at", "updated_at"]
    raw_id_fields = ["match", "dealer", "winner", "discarder"]
    inlines = [WinningHandInline]


@admin.register(WinningHand)
class WinningHandAdmin(admin.ModelAdmin):
    list_display = ["hand", "credits", "points", "round"]
    readonly_fields = WinningHandInline.readonly_fields
    raw_id_fields = ["round"]
    search_fields = ["hand"]


@admin.register(RoundChange)
class RoundChangeAdmin(admin.ModelAdmin):
    list_display = ["match", "number", "action", "by", "at"]
    list_filter = ["action"]
    readonly_fields = ["match", "round", "number", "action", "by", "at", "before", "after"]


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ["player", "league", "ordinal", "mu", "sigma", "matches"]
    list_filter = ["league"]
    readonly_fields = ["league", "player", "mu", "sigma", "ordinal", "matches"]
