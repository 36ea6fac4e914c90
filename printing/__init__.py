"""Printed documents as PDF (WeasyPrint): each public or official print page, rendered as its PDF.

The PDF of a page is the page itself, printed: ``printing.views`` asks the page's own view for
its HTML (same selectors, same template, same permission checks) and ``printing.pdf`` renders it
with the print stylesheet, the chosen paper size and a header (tournament, round, date,
publication number) on every page. Imports run one way: committee, operations <- printing.
"""
