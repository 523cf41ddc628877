"""Mah-Jongg's own pages: a game entered, corrected or undone."""

from django.urls import path

from leagues.kinds.mahjongg import held
from leagues.kinds.mahjongg import views as mahjongg

urlpatterns = [
    # -- Mah-Jongg games (leagues/kinds/mahjongg/views.py) --
    path("leagues/<slug:slug>/matches/<int:pk>/games/new/", mahjongg.game_new, name="mj_game_new"),
    path(
        "leagues/<slug:slug>/matches/<int:pk>/games/<int:number>/edit/",
        mahjongg.game_edit,
        name="mj_game_edit",
    ),
    path(
        "leagues/<slug:slug>/matches/<int:pk>/games/undo/", mahjongg.game_undo, name="mj_game_undo"
    ),
    # -- games from phones held for the organiser (leagues/kinds/mahjongg/held.py) --
    path(
        "leagues/<slug:slug>/matches/<int:pk>/held-games/<int:receipt>/",
        held.game_held,
        name="mj_game_held",
    ),
]
