"""Backups of the whole site and their restore onto an empty database (issue 13, section 3)."""
