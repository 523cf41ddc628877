from django.urls import path

from leagues.views import exports, matches, players, rounds, standings
from leagues.views import seasons as season_views

app_name = "leagues"

# Each page family adds its routes in its own section (see leagues/views/__init__.py).
urlpatterns = [
    # -- exports & import: the import page comes first, or leagues/<slug>/ would take
    # "import" for a league's short name (the importer refuses that short name) --
    path("leagues/import/", exports.import_page, name="import"),
    # -- standings & league home (leagues/views/standings.py) --
    path("leagues/", standings.index, name="index"),
    path("leagues/<slug:slug>/", standings.league, name="league"),
    # -- players (leagues/views/players.py) --
    path("players/<int:pk>/", players.player, name="player"),
    # -- matches & score sheet (leagues/views/matches.py) --
    path("leagues/<slug:slug>/matches/new/", matches.match_new, name="match_new"),
    path("leagues/<slug:slug>/matches/<int:pk>/", matches.match, name="match"),
    # -- round entry & corrections (leagues/views/rounds.py) --
    path("leagues/<slug:slug>/matches/<int:pk>/rounds/new/", rounds.round_new, name="round_new"),
    path(
        "leagues/<slug:slug>/matches/<int:pk>/rounds/<int:number>/edit/",
        rounds.round_edit,
        name="round_edit",
    ),
    path(
        "leagues/<slug:slug>/matches/<int:pk>/rounds/<int:number>/delete/",
        rounds.round_delete,
        name="round_delete",
    ),
    path("leagues/<slug:slug>/matches/<int:pk>/undo/", rounds.round_undo, name="round_undo"),
    path("leagues/<slug:slug>/matches/<int:pk>/draw/", rounds.round_draw, name="round_draw"),
    # -- exports & import (leagues/views/exports.py) --
    path("leagues/<slug:slug>/standings.csv", exports.standings_csv, name="standings_csv"),
    path("leagues/<slug:slug>/rounds.csv", exports.rounds_csv, name="rounds_csv"),
    path("leagues/<slug:slug>/export.json", exports.export_json, name="export_json"),
    # -- seasons (leagues/views/seasons.py) --
    path("leagues/<slug:slug>/seasons/new/", season_views.season_new, name="season_new"),
]
