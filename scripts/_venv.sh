# Sourced by scripts/start and scripts/test: make sure .venv exists and has
# the packages of requirements*.txt (re-installs only when they change), and
# the translation catalogues compiled.
# Needs Python 3.11+ (set PYTHON=/path/to/python to choose one).

ensure_venv() {
  local py="${PYTHON:-}"
  if [[ -z "$py" ]]; then
    for candidate in python3.11 python3.12 python3.13 python3; do
      if command -v "$candidate" >/dev/null 2>&1; then py="$candidate"; break; fi
    done
  fi
  if [[ ! -x .venv/bin/python ]]; then
    if [[ -z "$py" ]]; then echo "Python 3.11 or newer is needed (none found on PATH)." >&2; return 1; fi
    if ! "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
      echo "Python 3.11 or newer is needed ($py is $("$py" -V 2>&1))." >&2; return 1
    fi
    echo "==> creating .venv with $py"
    if ! "$py" -m venv .venv; then
      echo "Could not create .venv: on Debian/Ubuntu install python3-venv (apt-get install python3.11-venv)." >&2
      rm -rf .venv; return 1
    fi
  fi
  local stamp=.venv/.requirements.sha256
  local want
  want="$(cat requirements.txt requirements-dev.txt | sha256sum | cut -d' ' -f1)"
  if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
    echo "==> installing requirements into .venv"
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -r requirements-dev.txt
    echo "$want" > "$stamp"
  fi
  ensure_translations
}

# Compile the translation catalogues (locale/*/LC_MESSAGES/django.po) whose .mo is missing or
# older than the .po; pure Python (Babel), no gettext tools needed (docs/translations.md).
# (With the development settings and no metrics folder: it needs neither, whatever the caller set.)
ensure_translations() {
  env -u PROMETHEUS_MULTIPROC_DIR DJANGO_SETTINGS_MODULE=pairing_site.settings DJANGO_LOG_LEVEL=WARNING \
    .venv/bin/python manage.py compilemessages --verbosity 0
}
