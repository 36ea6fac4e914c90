"""Logins and API access: throttled logins and lineup links (django-axes), unlocking, API tokens.

- ``throttle``: which failures count (per account and per address), the lineup-link guard.
- ``backends.ThrottledLoginBackend``: the axes backend (first in ``AUTHENTICATION_BACKENDS``).
- ``selectors`` / ``services``: the current lockouts and unlocking them; API tokens.
- pages ``/accounts/tokens/`` and ``/accounts/lockouts/``, API ``/api/tokens/``; admin actions.
"""
