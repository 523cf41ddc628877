"""Django settings for Mhing League, read from the environment (see docs/configuration.md).

Development needs no variables at all: DEBUG defaults on, SQLite and the in-memory channel
layer are used. With DEBUG off there is no default for the secret key, and the HTTPS
hardening below switches on.
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from mhing_site.env import (
    env_bool,
    env_count,
    env_email,
    env_int,
    env_list,
    env_site_url,
    env_str,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=True)

_DEV_SECRET_KEY = "django-insecure-mhing-league-development-only-never-use-in-production"
SECRET_KEY = env_str("SECRET_KEY") or (_DEV_SECRET_KEY if DEBUG else None)
if SECRET_KEY is None:
    raise ImproperlyConfigured(
        "SECRET_KEY must be set when DEBUG is off: the development key is public. "
        "Generate one with: python -c 'import secrets; print(secrets.token_urlsafe(50))'"
    )
# Keys retired by a rotation, still accepted but never used to sign: sessions (and with them
# live players' seats) and invitation links signed with them keep working until they expire
# (docs/deployment.md). Separated by commas or blanks; a generated key holds neither.
SECRET_KEY_FALLBACKS = (env_str("SECRET_KEY_FALLBACKS") or "").replace(",", " ").split()

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])
# The address links in mails point to (`https://league.example.org`); unset, the request's
# own (fine in development, docs/configuration.md).
SITE_URL = env_site_url("SITE_URL")

INSTALLED_APPS = [
    # First, so that `runserver` is daphne's and serves ASGI (HTTP and websockets); without
    # loading daphne's server in every command (mhing_site/daphne_app.py).
    "mhing_site.daphne_app.DaphneRunserverConfig",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "servestatic",
    "django_htmx",
    "template_partials",
    "channels",
    # Password guessing: failed sign-ins counted per account and per address (docs/accounts.md).
    "axes",
    "scoring.apps.ScoringConfig",
    "leagues.apps.LeaguesConfig",
    "games.apps.GamesConfig",
    # The project's own system checks (mhing_site/checks.py).
    "mhing_site.apps.SiteConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # servestatic's, reading no file it won't use when it refreshes (mhing_site/static_files.py).
    "mhing_site.static_files.AutorefreshServeStaticMiddleware",
    # HTML gzipped for browsers that accept it (a long match's page is 10 times smaller).
    # Below servestatic, which answers for static files with its own compressed
    # copies; above everything that reads or writes the body. BREACH: docs/deployment.md.
    "django.middleware.gzip.GZipMiddleware",
    # Every page's Content-Security-Policy (django-csp, CONTENT_SECURITY_POLICY below, with
    # the page's websocket origin added: mhing_site/csp.py); outside the rest, so it also
    # covers their redirects and refusals.
    "mhing_site.csp.WebsocketOriginCSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # An address over 8 KiB: 414 and a page saying so (mhing_site/long_urls.py).
    "mhing_site.long_urls.LongUrlMiddleware",
    # A visit to an address that takes a form's submission: a 405 page, not a blank one.
    "mhing_site.not_allowed.NotAllowedPageMiddleware",
    # A save that found the database busy too long: "try again" (503), not a server error.
    "mhing_site.busy.BusyDatabaseMiddleware",
    # Last, as axes documents: turns a sign-in refused for too many failures into its page.
    "axes.middleware.AxesMiddleware",
]

# The browser runs and loads only what this site serves itself: no inline script or style,
# no eval, no `data:` images (the templates need none: tests/site/test_csp.py). Django's
# debug pages (DEBUG only) go without it, as django-csp leaves 404 and 500 under DEBUG.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "mhing_site.urls"
ASGI_APPLICATION = "mhing_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        # template_partials replaces the loaders with its own wrapper around these.
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["template_partials.templatetags.partials"],
        },
    },
]

# SQLite for development and the default test run; PostgreSQL in production and
# `make test-postgres`.
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=0,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # psycopg's pool instead of persistent connections: under ASGI each request may run in a
    # different thread, so CONN_MAX_AGE must be 0 (Django refuses the pool otherwise).
    # Sized for live play: every websocket's database call borrows a connection from a
    # thread of its own, so psycopg's default of 4 connections queues them behind each other.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2,
        "max_size": env_int("DATABASE_POOL_SIZE", default=20),
        "timeout": 10,
        # After this long failing to reconnect, the pool gives up and the next request
        # tries afresh, at once: psycopg's default (5 min) doubles its pauses between tries
        # (1 s, 2 s, 4 s…), so after an outage the pool would stay without connections for
        # about as long again, every page a 503 (tests/faults/test_database_outage.py).
        "reconnect_timeout": 2,
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # A pooled connection is checked before it is handed out (Django passes psycopg's
    # ConnectionPool.check_connection as the pool's `check`; a `check` in the pool's OPTIONS
    # would clash with that argument): after PostgreSQL restarted, every pooled connection
    # is dead, and without the check each one failed one request (docs/faults.md).
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several organisers may save at once, and live tables write on every move. WAL lets
    # pages read while one request writes. IMMEDIATE takes the write lock when a transaction
    # begins, so a second writer waits its turn (up to SQLITE_TIMEOUT seconds) instead of
    # failing at once with "database is locked", as a reading transaction that starts to
    # write does under SQLite's default (DEFERRED). NORMAL is safe with WAL: a power cut may
    # lose the last commits, never corrupt the file.
    _SQLITE_TIMEOUT = env_int("SQLITE_TIMEOUT", default=20)
    if _SQLITE_TIMEOUT < 1:
        raise ImproperlyConfigured(f"SQLITE_TIMEOUT={_SQLITE_TIMEOUT} must be 1 second or more.")
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": _SQLITE_TIMEOUT,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

_REDIS_URL = env_str("REDIS_URL")
_REDIS_LAYER = (env_str("REDIS_CHANNEL_LAYER") or "pubsub").strip().lower()
if _REDIS_LAYER not in ("pubsub", "core"):
    raise ImproperlyConfigured("REDIS_CHANNEL_LAYER must be pubsub (the default) or core.")
if _REDIS_URL and _REDIS_LAYER == "pubsub":
    # channels_redis's pub/sub layer: a move is one PUBLISH, and each process hears its
    # sockets' groups on one subscribed connection (docs/deployment.md). Nothing is stored
    # in Redis: what a process misses while Redis is away, games/catch_up.py reads from the
    # database. As shipped but for a socket opened while Redis is down
    # (mhing_site/channel_layer.py, docs/upstream.md).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "mhing_site.channel_layer.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [_REDIS_URL]},
        }
    }
elif _REDIS_URL:
    # REDIS_CHANNEL_LAYER=core: channels_redis's list-based layer as shipped, to compare
    # (docs/benchmarks.md). Its `capacity` (100 by default) holds all of a process's
    # sockets' messages: with a few hundred sockets a process it dropped table changes.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [_REDIS_URL],
                "capacity": env_int("REDIS_CHANNEL_CAPACITY", default=10_000),
            },
        }
    }
else:
    # One process only: fine for development and tests, not for several workers.
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# What one live table's websocket may ask, and how many may be open (games/socket_limits.py,
# docs/live_protocol.md#limits): without them one socket could have thousands of full
# snapshots answered a second, and one account open hundreds of sockets on one table.
MHING_WS_FRAMES_PER_SECOND = env_count("MHING_WS_FRAMES_PER_SECOND", default=20)
MHING_WS_FRAME_BURST = env_count("MHING_WS_FRAME_BURST", default=40)
MHING_WS_SYNCS_PER_MINUTE = env_count("MHING_WS_SYNCS_PER_MINUTE", default=30)
MHING_WS_SYNC_BURST = env_count("MHING_WS_SYNC_BURST", default=5)
MHING_WS_REFUSAL_BURST = env_count("MHING_WS_REFUSAL_BURST", default=20)
MHING_WS_SOCKETS_PER_ACCOUNT = env_count("MHING_WS_SOCKETS_PER_ACCOUNT", default=8)
MHING_WS_WATCHERS_PER_TABLE = env_count("MHING_WS_WATCHERS_PER_TABLE", default=50)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The site's own password rules beside Django's (mhing_site/passwords.py).
AUTH_PASSWORD_VALIDATORS.append({"NAME": "mhing_site.passwords.NotOnlySpacesValidator"})

# Password guessing (django-axes, docs/accounts.md): after LOGIN_FAILURE_LIMIT wrong passwords
# for one username, or from one address, within LOGIN_LOCKOUT_MINUTES, sign-in is refused for
# that username, or from that address, until the minutes have passed or staff reset it
# (`manage.py axes_reset_username <name>`, `axes_reset_ip <address>`, or the admin).
AUTHENTICATION_BACKENDS = [
    # First, so that a locked-out sign-in is refused before the password is even checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", default=10)
_LOCKOUT_MINUTES = env_int("LOGIN_LOCKOUT_MINUTES", default=15)
if AXES_FAILURE_LIMIT < 1 or _LOCKOUT_MINUTES < 1:
    raise ImproperlyConfigured("LOGIN_FAILURE_LIMIT and LOGIN_LOCKOUT_MINUTES must be 1 or more.")
AXES_COOLOFF_TIME = timedelta(minutes=_LOCKOUT_MINUTES)
# Each on its own: guessing one account from many addresses, or many accounts from one.
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
# The wait runs from the lockout: more guesses meanwhile do not push back the person who
# waits as the page told them to.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# A success does not wipe the count (axes' default, said here): a guesser with an account of
# their own could otherwise sign in between guesses to reset their address's count.
AXES_RESET_ON_SUCCESS = False
# Behind a proxy, the visitor's address is the one the proxy puts in X-Forwarded-For (nginx:
# `proxy_set_header X-Forwarded-For $remote_addr`, docs/deployment.md): gunicorn, which serves
# the pages, passes the proxy's own address as REMOTE_ADDR, and ten mistakes would pause
# everyone. Only behind a proxy that sets the header itself; otherwise clients could forge it.
if env_bool("TRUST_X_FORWARDED_FOR", default=False):
    AXES_CLIENT_IP_CALLABLE = "mhing_site.lockout.forwarded_for"
# The sign-in page again, saying how long to wait and what else to do (mhing_site/lockout.py).
AXES_LOCKOUT_CALLABLE = "mhing_site.lockout.locked_out"

# Email (password resets): EMAIL_URL, e.g. smtp://user:pass@host:587?tls=1 or smtps://…;
# unset, mails are printed to the console (docs/accounts.md).
_EMAIL = env_email("EMAIL_URL")
EMAIL_BACKEND = _EMAIL["EMAIL_BACKEND"]
EMAIL_HOST = _EMAIL.get("EMAIL_HOST", "localhost")
EMAIL_PORT = _EMAIL.get("EMAIL_PORT", 25)
EMAIL_HOST_USER = _EMAIL.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = _EMAIL.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _EMAIL.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _EMAIL.get("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = _EMAIL.get("EMAIL_TIMEOUT", 30)
DEFAULT_FROM_EMAIL = env_str("MHING_FROM_EMAIL") or env_str(
    "DEFAULT_FROM_EMAIL", "Mhing League <noreply@localhost>"
)
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Who may make an account (docs/accounts.md, docs/configuration.md): `open` (the sign-up
# page, the default), `invite` (only through an organiser's invitation), `off` (no new
# accounts from any page: staff make them).
SIGNUP = (env_str("SIGNUP", "open") or "open").strip().lower()
if SIGNUP not in ("open", "invite", "off"):
    raise ImproperlyConfigured("SIGNUP must be open, invite or off.")
# With a mail server, a new account's address is confirmed by a link in a mail before the
# account can sign in; without one (mails printed on the console) it is signed in at once.
SIGNUP_CONFIRMS_EMAIL = env_str("EMAIL_URL") is not None
# Accounts the sign-up page makes from one address in an hour, before it pauses.
SIGNUP_LIMIT = env_int("SIGNUP_LIMIT", default=5)
if SIGNUP_LIMIT < 1:
    raise ImproperlyConfigured("SIGNUP_LIMIT must be 1 or more.")
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
# British English: the same words, its dates ("6 Dec 2026", not "Dec. 6, 2026"), for a
# browser that asks for en-GB; Django's en_GB formats, no catalogue of our own.
LANGUAGES = [
    ("en", _("English")),
    ("en-gb", _("English (UK)")),
    ("de", _("German")),
    ("fr", _("French")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_TZ = True

STATIC_URL = "static/"
# Where `collectstatic` puts the files servestatic serves when DEBUG is off.
STATIC_ROOT = Path(env_str("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # In production, hashed and compressed copies made by `collectstatic`, so servestatic can
    # let browsers cache them for good; in development, the files as they are.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "servestatic.storage.CompressedManifestStaticFilesStorage"
    },
}
# Decided here, not when the middleware starts, so tests (which pytest-django runs with DEBUG
# off) serve static files the way development does: straight from the finders.
SERVESTATIC_USE_FINDERS = DEBUG
SERVESTATIC_AUTOREFRESH = DEBUG

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    if env_bool("TRUST_X_FORWARDED_PROTO", default=False):
        # Only behind a proxy that sets this header itself; otherwise clients could forge it.
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# -- What an operator sees (docs/operations.md): the log, error mail, the error tracker ----
# Kept in mhing_site/logs.py; the health check (/health/) is mhing_site/health.py.
from mhing_site.logs import admins, level, logging_config, start_error_tracker  # noqa: E402

# Every process logs to stderr (gunicorn's and daphne's output) at LOG_LEVEL: a 500 with its
# traceback, the warnings of outages.
LOGGING = logging_config(level(env_str("LOG_LEVEL")))
# Each 500's traceback mailed to these (through EMAIL_URL), when set: `Ann <ann@example.org>`.
ADMINS = admins(env_str("ADMINS"))
# Error mails list the settings: without the addresses that hold passwords (mhing_site/logs.py).
DEFAULT_EXCEPTION_REPORTER_FILTER = "mhing_site.logs.ReportFilter"
start_error_tracker(env_str("SENTRY_DSN"))

# GET /health/ for load balancers and monitors (mhing_site/health.py): answered first, so on
# plain HTTP and by address too. django-health-check's app, for its HTML answer's template.
MIDDLEWARE.insert(0, "mhing_site.health.HealthCheckMiddleware")
INSTALLED_APPS.append("health_check")
