"""Tables in the admin: to look at a table's seats and stored state, and to record a finished
match whose recording failed (the league refused it, say) once the cause is fixed."""

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.models import Table, TableSeat
from games.recording import record_match


class TableSeatInline(admin.TabularInline):
    model = TableSeat
    extra = 0
    fields = ["position", "user", "is_bot", "name"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["slug", "status", "game", "players", "league", "created_at"]
    list_filter = ["status", "game"]
    search_fields = ["slug", "seats__name"]
    readonly_fields = [
        "slug",
        "version",
        "deadline",
        "ready",
        "match_state",
        "round_state",
        "recent_events",
        "recorded_match",
        "created_at",
        "updated_at",
    ]
    raw_id_fields = ["created_by"]
    inlines = [TableSeatInline]
    actions = ["record_in_league"]

    @admin.action(description=_("Record the finished match in its league"))
    def record_in_league(self, request, queryset) -> None:
        recorded = 0
        for table in queryset.filter(status=Table.Status.FINISHED, recorded_match=None):
            try:
                if record_match(table) is not None:
                    recorded += 1
            except ValidationError as error:
                self.message_user(request, f"{table}: {'; '.join(error.messages)}", messages.ERROR)
        self.message_user(
            request,
            ngettext("%(count)d match recorded.", "%(count)d matches recorded.", recorded)
            % {"count": recorded},
        )
