"""E-mail notices to captains and the committee (issue 12, section 2)."""
