"""Signals of the committee app (receivers live in apps that import committee, never the reverse).

- ``pairing_run_failed(sender=PairingRun, run)``: sent by ``services.runs`` inside the
  transaction that records the failure; act on it after the commit (``transaction.on_commit``).
"""

from django.dispatch import Signal

pairing_run_failed = Signal()
