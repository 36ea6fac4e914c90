"""English date formats of the site (``FORMAT_MODULE_PATH``); the rest is Django's English.

Other languages use Django's own formats for their locale (05/07/2026 20:00 in French).
"""

SHORT_DATETIME_FORMAT = "Y-m-d H:i"
SHORT_DATE_FORMAT = "Y-m-d"
