"""Base settings, read from the environment (django-environ).

Defaults give a self-contained development site: SQLite in ``db.sqlite3``
and Celery tasks run in-process (``CELERY_TASK_ALWAYS_EAGER``). Setting
``DATABASE_URL`` switches to PostgreSQL (or any database django-environ
understands) and ``REDIS_URL`` switches Celery to a real Redis broker and
real workers. Every variable is listed in README.md "Configuration".
"""

from __future__ import annotations

import contextlib
from datetime import timedelta
from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()
# An optional .env file at the project root (never committed).
if (BASE_DIR / ".env").is_file():
    env.read_env(str(BASE_DIR / ".env"))

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env.str(
    "DJANGO_SECRET_KEY",
    default="dev-only-insecure-key-change-me-0123456789-abcdefghijklmnopqrstuvwxyz",
)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from our static files, no CDN
    "django_htmx",
    "simple_history",
    "rules.apps.AutodiscoverRulesConfig",
    "tournaments",
    "committee",
    "operations",
    "participants",
    "printing",
    "notifications",
    "template_partials",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
]

ROOT_URLCONF = "pairing_site.urls"
WSGI_APPLICATION = "pairing_site.wsgi.application"
ASGI_APPLICATION = "pairing_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# env.db() always fills CONN_MAX_AGE (0 unless the URL says ?conn_max_age=),
# so DJANGO_CONN_MAX_AGE, when set, must overwrite it rather than setdefault.
if "DJANGO_CONN_MAX_AGE" in env:
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("DJANGO_CONN_MAX_AGE")
else:
    DATABASES["default"].setdefault("CONN_MAX_AGE", 0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several helpers' threads (and the eager Celery tasks) share one file.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("timeout", 20)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    "rules.permissions.ObjectPermissionBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
TIME_ZONE = env.str("DJANGO_TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True
# The languages of the site (docs/translations.md); catalogues in locale/<code>/LC_MESSAGES/django.po.
LANGUAGES = [("en", "English"), ("fr", "Français"), ("es", "Español"), ("ru", "Русский")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # the switcher's choice is remembered for a year
# English dates as the site always wrote them (2026-07-04 20:00); other languages take Django's formats.
FORMAT_MODULE_PATH = ["pairing_site.formats"]

STATIC_URL = "static/"
STATIC_ROOT = Path(
    env.str("DJANGO_STATIC_ROOT", default=str(BASE_DIR / "staticfiles"))
)  # collectstatic target
if DEBUG and not STATIC_ROOT.exists():
    # WhiteNoise serves from the finders in development but warns without this folder.
    with contextlib.suppress(OSError):
        STATIC_ROOT.mkdir()
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env.str("DJANGO_MEDIA_ROOT", default=str(BASE_DIR / "media")))  # uploaded files (backed up)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# -- Django REST framework / OpenAPI ------------------------------------------
REST_FRAMEWORK = {
    # Token first: a missing, unknown or revoked token gets 401 with "WWW-Authenticate: Token"
    # (with the session first DRF answers 403); browsers still authenticate by the session.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # Bodies are JSON (the PGN upload alone also takes a form): a form cannot say null, a number or a
    # nested object, and reads a missing boolean as false (issue 18, item 4).
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_SCHEMA_CLASS": "pairing_site.api_schema.AutoSchema",  # documents the error answers too
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 100,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Pairing site API",
    "DESCRIPTION": "Tournaments, rounds, pairings, lineups and results of team chess competitions.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# -- Celery ---------------------------------------------------------------------
REDIS_URL = env.str("REDIS_URL", default="")
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default=REDIS_URL or "cache+memory://")
# Without a broker, tasks run in-process when enqueued (development, quick start).
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TRACK_STARTED = True
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=15 * 60)
CELERY_TASK_SOFT_TIME_LIMIT = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=14 * 60)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE
# Printed documents rendered by a worker when a round is published, posted and completed, and kept
# in the storage (printing.stored, issue 20 item 5). Off where tasks run in-process (the quick start:
# the poster would wait for the PDFs); there the first reader of a document renders and keeps it.
PRINTING_RENDER_AHEAD = env.bool("PRINTING_RENDER_AHEAD", default=not CELERY_TASK_ALWAYS_EAGER)
# The languages rendered ahead, each on A4 (printing.stored.languages). Empty: each event's own (the
# site's default, its members' chosen languages, the languages its pages are read in, each language a reader
# asked one of its documents in);
# "all": every language of the site; else the codes listed.
PRINTING_RENDER_AHEAD_LANGUAGES = env.list("PRINTING_RENDER_AHEAD_LANGUAGES", default=[])
# Their queue: the workers' own by default; "printing" (with a worker ``-Q printing`` of its own) keeps
# long renders of a big event from ever waiting in front of a pairing run.
CELERY_TASK_ROUTES = {"printing.render_documents": {"queue": env.str("PRINTING_QUEUE", default="celery")}}
# ``celery -A pairing_site beat``: periodic tasks.
CELERY_BEAT_SCHEDULE: dict = {
    # Lineup windows close themselves at their deadline (operations.tasks).
    "close-due-lineups": {"task": "operations.close_due_lineups", "schedule": 60.0},
    # Lineup reminders one hour before a window closes; notices to send again (notifications.tasks).
    "notices-sweep": {"task": "notifications.sweep", "schedule": 60.0},
    # Pairing runs whose worker stopped (lease expired) are queued again or failed plainly (committee.tasks).
    "pairing-runs-take-up": {
        "task": "committee.take_up_expired_runs",
        "schedule": float(env.int("PAIRING_RUN_TAKE_UP_SECONDS", default=30)),
    },
}
# A worker computing a pairing run holds it for PAIRING_RUN_LEASE_SECONDS and renews that lease
# every third of it; a run whose lease expired (its process was killed) is taken up again, up to
# PAIRING_RUN_MAX_ATTEMPTS claims, then failed with a plain message (committee.services.runs).
PAIRING_RUN_LEASE_SECONDS = env.int("PAIRING_RUN_LEASE_SECONDS", default=60)
PAIRING_RUN_MAX_ATTEMPTS = env.int("PAIRING_RUN_MAX_ATTEMPTS", default=3)

# -- E-mail (notices to captains and the committee) ------------------------------
# EMAIL_URL (django-environ: smtp://user:pass@host:25, smtp+tls://...:587, smtp+ssl://...:465,
# consolemail://) or the usual EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD,
# EMAIL_USE_TLS, EMAIL_USE_SSL. Neither: messages are printed on the console (quick start).
if env.str("EMAIL_URL", default=""):
    vars().update(env.email_url("EMAIL_URL"))
else:
    EMAIL_HOST = env.str("EMAIL_HOST", default="")
    EMAIL_PORT = env.int("EMAIL_PORT", default=25)
    EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
    EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
    EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
    EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=False)
    EMAIL_BACKEND = env.str(
        "EMAIL_BACKEND",
        default="django.core.mail.backends.smtp.EmailBackend"
        if EMAIL_HOST
        else "django.core.mail.backends.console.EmailBackend",
    )
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=20)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Pairing site <pairings@localhost>")
# The site's address as e-mails link to it.
SITE_URL = env.str("DJANGO_SITE_URL", default="http://127.0.0.1:8000")

# The cache in its own Redis (issue 18, item 1): it evicts what it must (allkeys-lru under a
# maxmemory) while the broker's Redis never evicts a queued task (noeviction). docker-compose.yml
# runs two instances; ``scripts/start --full`` gives the cache its own database of the machine's
# Redis and a volatile-lru limit (only keys with an expiry, never the broker's queues). Unset:
# the broker's URL (one Redis, as in development and the tests).
CACHE_REDIS_URL = env.str("CACHE_REDIS_URL", default=REDIS_URL)
CACHES = {
    "default": (
        # Django's Redis cache, one client per connection pool (pairing_site/redis_cache.py)
        {"BACKEND": "pairing_site.redis_cache.RedisCache", "LOCATION": CACHE_REDIS_URL}
        if CACHE_REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# DJANGO_LOG_FORMAT=json: one JSON object per line (production's default), with the tournament
# and round of the request or task (observability.context); "plain" for reading in a terminal.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"context": {"()": "observability.context.ContextFilter"}},
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": env.str("DJANGO_LOG_FORMAT", default="plain"),
            "filters": ["context"],
        }
    },
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="INFO")},
}
# Celery workers log through the LOGGING above instead of their own format.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# -- Logins, metrics, health (accounts, observability) -----------------------------------
INSTALLED_APPS += ["axes", "django_prometheus", "accounts", "observability"]
MIDDLEWARE = [
    "django_prometheus.middleware.PrometheusBeforeMiddleware",  # first: times everything
    "observability.middleware.RequestLogMiddleware",
    *MIDDLEWARE,
    "axes.middleware.AxesMiddleware",  # turns a refused login into the lockout page
    "django_prometheus.middleware.PrometheusAfterMiddleware",  # last
]
AUTHENTICATION_BACKENDS = ["accounts.backends.ThrottledLoginBackend", *AUTHENTICATION_BACKENDS]
# Failed logins (and unknown lineup links) counted per account and address together (django-axes):
# the AXES_FAILURE_LIMIT-th failure within the cool-off locks the account at that address out
# (see the "Security (issue 18)" block below).
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=30))
AXES_LOCKOUT_PARAMETERS = "accounts.throttle.lockout_parameters"
AXES_LOCKOUT_CALLABLE = "accounts.throttle.lockout_response"
AXES_CLIENT_IP_CALLABLE = "pairing_site.client_ip.client_ip"
AXES_SENSITIVE_PARAMETERS = ["username", "ip_address", "token"]
# Reverse proxies in front of the site that append to X-Forwarded-For (pairing_site.client_ip).
TRUSTED_PROXY_COUNT = env.int("DJANGO_TRUSTED_PROXY_COUNT", default=0)
# /metrics: only from the machine itself unless a bearer token is set (observability.views).
METRICS_TOKEN = env.str("METRICS_TOKEN", default="")
PAIRING_WORKER_HEARTBEAT_SECONDS = env.int("PAIRING_WORKER_HEARTBEAT_SECONDS", default=10)

# -- HTTP caching of the public pages and their API (public_http) ------------------------
INSTALLED_APPS += [
    "public_http",
    "backups",
    "demo",
]  # manage.py backup_site / restore_site; seed_demo, seed_season
MIDDLEWARE.insert(  # after the authentication middleware: it asks whether the visitor is logged in
    MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1,
    "public_http.middleware.PublicHttpCacheMiddleware",
)
PUBLIC_HTTP_MAX_AGE = env.int("DJANGO_PUBLIC_MAX_AGE", default=10)  # seconds a browser may reuse a page
# Seconds a shared cache (the proxy in front, a CDN) may reuse a public page or live fragment before
# it revalidates with the ETag (s-maxage, issue 21): a publication is on every visitor's page within it.
PUBLIC_HTTP_SHARED_MAX_AGE = env.int("DJANGO_PUBLIC_SHARED_MAX_AGE", default=1)
# The proxy's revalidation of a public answer still current is a 304 before Django's middleware
# (public_http.revalidation): a fraction of the CPU of the same 304 through the whole stack.
PUBLIC_HTTP_REVALIDATE_BEFORE_DJANGO = env.bool("DJANGO_PUBLIC_REVALIDATE_BEFORE_DJANGO", default=True)

# -- Languages (languages/): the switcher, each user's language, e-mails in it ----------
INSTALLED_APPS += ["languages"]
MIDDLEWARE.insert(  # after the session, before CommonMiddleware (Django's order)
    MIDDLEWARE.index("django.middleware.common.CommonMiddleware"), "django.middleware.locale.LocaleMiddleware"
)
MIDDLEWARE.insert(  # a logged-in user's stored language when his browser chose none
    MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1,
    "languages.middleware.UserLanguageMiddleware",
)

# -- the pairing site -------------------------------------------------------------
# Rating counted for an unrated player when a team's strength is averaged
# (Olympiad 1998 rule 7: 2000); a tournament may override it.
PAIRING_UNRATED_RATING = env.int("PAIRING_UNRATED_RATING", default=2000)

# -- Security (issue 18 items 3 and 4; accounts/, backups/, pairing_site/csp) -----------
# Logins: never locked by the account alone (accounts.throttle): an address is refused logins
# after this many failures on any account, and failures during a lockout do not extend it.
AXES_ADDRESS_FAILURE_LIMIT = env.int("AXES_ADDRESS_FAILURE_LIMIT", default=20)
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# Content-Security-Policy (django-csp): scripts and styles from the site only, none inline, so an
# injected <script>, on* handler or javascript: link does not run. The pages' behaviours are in
# static/js/site.js (data-print, data-autosubmit, data-confirm); htmx evaluates nothing
# (templates/base.html: allowEval false, no injected indicator style); Swagger UI's start-up
# script is a file of its own (SpectacularSwaggerSplitView). No nonce: the shared public page
# cache serves one copy to many visitors. The one inline style is the 500 page's, by its hash
# (tests/accounts/test_content_security_policy.py checks it).
INSTALLED_APPS += ["csp"]
MIDDLEWARE.insert(
    MIDDLEWARE.index("whitenoise.middleware.WhiteNoiseMiddleware") + 1, "csp.middleware.CSPMiddleware"
)
CSP_500_STYLE_HASH = "'sha256-eBs4S73xwhJOeIlCd1k8epS73yBOvSeiVKSSYlu9tQg='"  # templates/500.html's <style>
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", CSP_500_STYLE_HASH],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
# A locked-out user's own way back: a one-time sign-in link by e-mail (accounts.unlock_links).
UNLOCK_LINK_MINUTES = env.int("UNLOCK_LINK_MINUTES", default=30)
UNLOCK_LINK_RESEND_MINUTES = 5  # one e-mail per account at the most in this time
# The officials who unlock see the "Lockouts" link in the navigation (templates/base.html).
TEMPLATES[0]["OPTIONS"]["context_processors"].append("accounts.context_processors.lockouts_link")
