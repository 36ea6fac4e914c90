"""The committee's services: every write of the round cycle goes through these.

- ``request_pairing`` / ``execute_run`` / ``recover_orphaned_runs``: pairing runs
- ``amend_draft``: hand amendments, checked at once; ``revert_draft``: return to an earlier version
- ``override_absolute``, ``approve``, ``publish``, ``start_correction``
- ``add_note``: decision notes (rule 57)
- ``keep_pairing``: keep a pairing whose results changed (issue 18)
"""

from committee.selectors import approvals_needed, current_version

from .approvals import approve, override_absolute, publish
from .corrections import start_correction
from .drafts import amend_draft, revert_draft
from .kept import keep_pairing
from .notes import add_note
from .runs import execute_run, recover_orphaned_runs, request_pairing

__all__ = [
    "add_note",
    "amend_draft",
    "approvals_needed",
    "approve",
    "current_version",
    "execute_run",
    "keep_pairing",
    "override_absolute",
    "publish",
    "recover_orphaned_runs",
    "request_pairing",
    "revert_draft",
    "start_correction",
]
