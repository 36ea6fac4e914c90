"""Signals of the committee app (receivers live in apps that import committee, never the reverse).

- ``pairing_run_failed(sender=PairingRun, run)``: sent by ``services.runs`` inside the
  transaction that records the failure; act on it after the commit (``transaction.on_commit``).
- ``pairing_run_finished(sender=PairingRun, run_id, outcome, seconds)``: sent by
  ``services.runs.execute_run`` in the worker after each delivery of a run, outside any
  transaction. ``outcome``: ``succeeded``, ``no_pairing``, ``error``, ``superseded`` (another
  worker recorded it first) or ``skipped`` (not claimable: done, or claimed elsewhere);
  ``seconds`` from the claim to the recorded outcome (``None`` when skipped). Metrics count it.
"""

from django.dispatch import Signal

pairing_run_failed = Signal()
pairing_run_finished = Signal()
