"""Settings: environment switches and a production configuration that passes check --deploy."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import environ
import pytest

ROOT = Path(__file__).resolve().parents[2]


# Set by the browser tests for their live server; never part of a deployment.
TEST_ONLY = ("DJANGO_ALLOW_ASYNC_UNSAFE",)


def without(*names):
    """The test process's environment less ``names`` and the test-only variables."""
    return {k: v for k, v in os.environ.items() if k not in names and k not in TEST_ONLY}


def run_manage(*args, **env):
    full_env = {**without(), **env}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_check_deploy_without_warnings():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="pairing_site.settings.production",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="pairing.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_refuse_to_start_without_a_secret_key():
    env = without("DJANGO_SECRET_KEY")
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={
            **env,
            "DJANGO_SETTINGS_MODULE": "pairing_site.settings.production",
            "DJANGO_ALLOWED_HOSTS": "x.org",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


SHOW = "from django.conf import settings as s; print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER)"


def test_without_database_url_or_redis_url_the_site_uses_sqlite_and_runs_tasks_in_process():
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", SHOW],
        cwd=ROOT,
        env=without("DATABASE_URL", "REDIS_URL", "CELERY_TASK_ALWAYS_EAGER"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.split() == ["django.db.backends.sqlite3", "True"], result.stderr


def test_database_url_selects_postgresql():
    config = environ.Env.db_url_config("postgres://postgres@127.0.0.1:5432/pairing_site")
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "pairing_site"


def test_redis_url_switches_celery_to_a_real_broker():
    result = run_manage(
        "shell",
        "-v",
        "0",
        "-c",
        "from django.conf import settings; print(settings.CELERY_BROKER_URL, settings.CELERY_TASK_ALWAYS_EAGER)",
        REDIS_URL="redis://127.0.0.1:6379/5",
    )
    assert result.stdout.split() == ["redis://127.0.0.1:6379/5", "False"], result.stderr


@pytest.mark.parametrize(
    "name",
    [
        "rest_framework",
        "rest_framework.authtoken",
        "drf_spectacular",
        "django_htmx",
        "simple_history",
        "whitenoise.runserver_nostatic",
    ],
)
def test_the_required_apps_are_installed(settings, name):
    assert name in settings.INSTALLED_APPS


def test_celery_is_configured_for_safe_delivery(settings):
    assert settings.CELERY_TASK_ACKS_LATE is True
    assert settings.CELERY_TASK_REJECT_ON_WORKER_LOST is True
    assert settings.CELERY_WORKER_PREFETCH_MULTIPLIER == 1


def test_static_files_collect_for_production_with_hashed_compressed_names(tmp_path):
    result = run_manage(
        "collectstatic",
        "--noinput",
        DJANGO_SETTINGS_MODULE="pairing_site.settings.production",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="pairing.example.org",
        DJANGO_STATIC_ROOT=str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "staticfiles.json").is_file()
    assert list((tmp_path / "vendor").glob("htmx.min.*.js.gz"))


SHOW_CONN_MAX_AGE = "from django.conf import settings as s; print(s.DATABASES['default']['CONN_MAX_AGE'])"


def test_django_conn_max_age_wins_over_the_database_url_default():
    result = run_manage(
        "shell",
        "-v",
        "0",
        "-c",
        SHOW_CONN_MAX_AGE,
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/never_connected",
        DJANGO_CONN_MAX_AGE="60",
    )
    assert result.stdout.split() == ["60"], result.stderr


def test_without_django_conn_max_age_connections_close_after_each_request():
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", SHOW_CONN_MAX_AGE],
        cwd=ROOT,
        env={
            **without("DJANGO_CONN_MAX_AGE"),
            "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/never_connected",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.split() == ["0"], result.stderr


def test_the_beat_schedule_closes_due_lineups_every_minute_with_a_registered_task(settings):
    from pairing_site.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["close-due-lineups"]
    assert entry["schedule"] == 60.0
    app.loader.import_default_modules()
    assert entry["task"] in app.tasks


def test_every_beat_schedule_entry_names_a_registered_task(settings):
    from pairing_site.celery import app

    app.loader.import_default_modules()
    missing = [e["task"] for e in settings.CELERY_BEAT_SCHEDULE.values() if e["task"] not in app.tasks]
    assert missing == []
