"""Test settings: the default settings with a fast password hasher.

pytest uses ``pairing_site.settings`` (pyproject.toml); this module is for
running the test suite faster by hand:
``DJANGO_SETTINGS_MODULE=pairing_site.settings.test``. The shared
``tests/conftest.py`` sets the same hasher for every run.
"""

from .base import *  # noqa: F401,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
