from django.urls import path

from leagues.kinds import all_kinds
from leagues.views import (
    club_name,
    confirmations,
    event_pages,
    events,
    exports,
    league_admin,
    match_end,
    matches,
    nights,
    players,
    printing,
    roster,
    standings,
)
from leagues.views import seasons as season_views
from leagues.views.members import invite, invite_revoke, members

app_name = "leagues"

# Each page family adds its routes in its own section (see leagues/views/__init__.py).
urlpatterns = [
    # -- exports & import: the import page comes first, or leagues/<slug>/ would take
    # "import" for a league's short name (the importer refuses that short name) --
    path("leagues/import/", exports.import_page, name="import"),
    # -- organiser self-service (docs/organisers.md): leagues/new/ comes before
    # leagues/<slug>/ too ("new" is a reserved short name) --
    path("leagues/new/", league_admin.league_new, name="league_new"),
    # -- standings & league home (leagues/views/standings.py) --
    path("leagues/", standings.index, name="index"),
    path("leagues/<slug:slug>/", standings.league, name="league"),
    # -- players (leagues/views/players.py) --
    path("players/<int:pk>/", players.player, name="player"),
    # -- matches & score sheet (leagues/views/matches.py) --
    path("leagues/<slug:slug>/matches/new/", matches.match_new, name="match_new"),
    path("leagues/<slug:slug>/matches/<int:pk>/", matches.match, name="match"),
    # -- exports & import (leagues/views/exports.py) --
    path("leagues/<slug:slug>/standings.csv", exports.standings_csv, name="standings_csv"),
    path("leagues/<slug:slug>/rounds.csv", exports.rounds_csv, name="rounds_csv"),
    path("leagues/<slug:slug>/export.json", exports.export_json, name="export_json"),
    # -- an opponent's word on a player's entry (leagues/views/confirmations.py) --
    path(
        "leagues/<slug:slug>/matches/<int:pk>/entries/<int:number>/decide/",
        confirmations.entry_decide,
        name="entry_decide",
    ),
    # -- members & invitations (leagues/views/members.py) --
    path("leagues/<slug:slug>/members/", members, name="members"),
    path(
        "leagues/<slug:slug>/invites/<int:pk>/revoke/",
        invite_revoke,
        name="invite_revoke",
    ),
    path("invite/<str:token>/", invite, name="invite"),
    # -- organiser self-service (leagues/views/league_admin.py, roster.py, match_end.py) --
    path("leagues/<slug:slug>/settings/", league_admin.league_settings, name="league_settings"),
    path(
        "leagues/<slug:slug>/settings/organisers/<int:user_id>/remove/",
        league_admin.organiser_remove,
        name="organiser_remove",
    ),
    path(
        "leagues/<slug:slug>/settings/organisers/<int:user_id>/owner/",
        league_admin.owner_hand_over,
        name="owner_hand_over",
    ),
    path("leagues/<slug:slug>/club/", club_name.club_name, name="club_name"),
    path("leagues/<slug:slug>/history/", league_admin.league_history, name="league_history"),
    path("leagues/<slug:slug>/players/", roster.roster, name="roster"),
    path("leagues/<slug:slug>/players/merge/", roster.roster_merge, name="roster_merge"),
    path("leagues/<slug:slug>/players/<int:pk>/", roster.roster_player, name="roster_player"),
    path(
        "leagues/<slug:slug>/matches/<int:pk>/end/",
        match_end.match_end_here,
        name="match_end_here",
    ),
    path(
        "leagues/<slug:slug>/matches/<int:pk>/abandon/",
        match_end.match_abandon,
        name="match_abandon",
    ),
    path(
        "leagues/<slug:slug>/matches/<int:pk>/delete/",
        match_end.match_delete,
        name="match_delete",
    ),
    # -- club nights: seating, the night's tables (leagues/views/nights.py) --
    path("leagues/<slug:slug>/nights/new/", nights.night_new, name="night_new"),
    path("leagues/<slug:slug>/nights/<int:pk>/", nights.night, name="night"),
    path("leagues/<slug:slug>/tonight/", nights.tonight, name="tonight"),
    # -- tournaments (leagues/views/events.py, event_pages.py; docs/tournaments.md) --
    path("events/new/", events.event_new, name="event_new"),
    path("leagues/<slug:slug>/event/", events.event, name="event"),
    path("leagues/<slug:slug>/event/register/", events.event_register, name="event_register"),
    path(
        "leagues/<slug:slug>/event/entrants/<int:pk>/", events.event_entrant, name="event_entrant"
    ),
    path("leagues/<slug:slug>/event/close/", events.event_close, name="event_close"),
    path("leagues/<slug:slug>/event/seat/", events.event_seat, name="event_seat"),
    path(
        "leagues/<slug:slug>/event/sessions/<int:number>/",
        events.event_session,
        name="event_session",
    ),
    path(
        "leagues/<slug:slug>/event/sessions/<int:number>/start/",
        events.event_session_start,
        name="event_session_start",
    ),
    path(
        "leagues/<slug:slug>/event/sessions/<int:number>/end/",
        events.event_session_end,
        name="event_session_end",
    ),
    path(
        "leagues/<slug:slug>/event/sessions/<int:number>/print/",
        event_pages.event_print,
        name="event_print",
    ),
    path(
        "leagues/<slug:slug>/event/projector/", event_pages.event_projector, name="event_projector"
    ),
    path("leagues/<slug:slug>/event/ranking/", events.event_ranking, name="event_ranking"),
    path(
        "leagues/<slug:slug>/event/ranking.csv",
        event_pages.event_ranking_csv,
        name="event_ranking_csv",
    ),
    path("leagues/<slug:slug>/event/ema.csv", event_pages.event_ema_csv, name="event_ema_csv"),
    # -- printing (leagues/views/printing.py) --
    path("leagues/<slug:slug>/matches/<int:pk>/blank/", printing.blank, name="blank_sheet"),
    # -- seasons (leagues/views/seasons.py) --
    path("leagues/<slug:slug>/seasons/new/", season_views.season_new, name="season_new"),
]

# Each game's own pages: how its rounds or games are entered (leagues/kinds/).
for kind in all_kinds():
    urlpatterns += kind.urlpatterns()
