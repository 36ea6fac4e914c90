"""The site's languages: the switcher, each user's remembered language, e-mails in the recipient's language.

See docs/translations.md.
"""
