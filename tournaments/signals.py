"""Signals other apps listen to, so that imports keep running one way (tournaments <- the rest).

- ``round_state_changed(sender=Round, round, previous, by)``: sent by
  ``services.transition_round`` inside its transaction, after the new state is
  saved. A receiver that acts outside the database (a task, an e-mail) must
  wait for the commit: ``transaction.on_commit``.
- ``pairing_basis(sender=Round, round)``: asked by pages outside the committee
  (the rule 56 summary); the committee's receiver answers with the
  ``committee.basis.Basis`` of the round's pairing (the results it was
  computed from against the results now), or None (issue 18, item 6).
- ``standing_before(sender=Round, round)``: asked by the round pairings page (committee);
  the operations' receiver answers ``{tpn: (rank, match points)}`` of the standings after
  the previous round, as the pairing list shows them (issue 20, item 4), or ``{}`` before round 1.
"""

from django.dispatch import Signal

round_state_changed = Signal()
pairing_basis = Signal()
standing_before = Signal()
