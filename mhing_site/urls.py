from django.contrib import admin
from django.urls import include, path

from mhing_site import views

urlpatterns = [
    path("", views.home, name="home"),
    # Browsers and feed readers ask for /favicon.ico whatever the page says.
    path("favicon.ico", views.favicon),
    path("", include("scoring.urls")),
    path("", include("leagues.urls")),
    path("", include("games.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

handler403 = "mhing_site.views.permission_denied"
