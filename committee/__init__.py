"""The pairing committee: pairing runs, review, approval, decisions."""
