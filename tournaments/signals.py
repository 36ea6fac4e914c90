"""Signals other apps listen to, so that imports keep running one way (tournaments <- the rest).

- ``round_state_changed(sender=Round, round, previous, by)``: sent by
  ``services.transition_round`` inside its transaction, after the new state is
  saved. A receiver that acts outside the database (a task, an e-mail) must
  wait for the commit: ``transaction.on_commit``.
"""

from django.dispatch import Signal

round_state_changed = Signal()
