from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from mhing_site import offline, signup, views
from mhing_site.password_reset import BackgroundPasswordResetForm

urlpatterns = [
    path("", views.home, name="home"),
    # Browsers and feed readers ask for /favicon.ico whatever the page says.
    path("favicon.ico", views.favicon),
    # The service worker of the entry pages kept for a phone without network (offline.py).
    path("sw.js", offline.service_worker, name="service_worker"),
    path("", include("scoring.urls")),
    path("", include("leagues.urls")),
    path("", include("games.urls")),
    # Before Django's own: the same page, its mail sent after the answer (password_reset.py).
    path(
        "accounts/password_reset/",
        auth_views.PasswordResetView.as_view(form_class=BackgroundPasswordResetForm),
        name="password_reset",
    ),
    # A new club's first account (mhing_site/signup.py, docs/accounts.md).
    path("accounts/signup/", signup.signup, name="signup"),
    path("accounts/signup/confirm/<uidb64>/<token>/", signup.signup_confirm, name="signup_confirm"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

handler403 = "mhing_site.views.permission_denied"
# The site's look in the visitor's language, without the database (mhing_site/error_pages.py).
handler500 = "mhing_site.error_pages.server_error"
