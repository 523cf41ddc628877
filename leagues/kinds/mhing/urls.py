"""Mhing's own pages: a round entered, corrected, deleted, drawn or undone."""

from django.urls import path

from leagues.kinds.mhing import held
from leagues.kinds.mhing import views as rounds

urlpatterns = [
    # -- round entry & corrections (leagues/kinds/mhing/views.py) --
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
    # -- entries held for the organiser (leagues/kinds/mhing/held.py) --
    path(
        "leagues/<slug:slug>/matches/<int:pk>/held/<int:receipt>/",
        held.round_held,
        name="round_held",
    ),
]
