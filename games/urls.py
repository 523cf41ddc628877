from django.urls import URLPattern, path

from games import views

app_name = "games"

urlpatterns: list[URLPattern] = [
    path("play/", views.lobby, name="lobby"),
    path("play/new/", views.create_table, name="create"),
    path("play/<slug:slug>/", views.table, name="table"),
    path("play/<slug:slug>/sit/", views.take_seat, name="take_seat"),
    path("play/<slug:slug>/leave/", views.leave_seat, name="leave_seat"),
    path("play/<slug:slug>/remove/", views.remove_player, name="remove_player"),
    path("play/<slug:slug>/close/", views.close_table, name="close"),
    path("play/<slug:slug>/bots/", views.fill_with_bots, name="fill_with_bots"),
    path("play/<slug:slug>/start/", views.start, name="start"),
]
