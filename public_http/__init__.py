"""HTTP caching of the public pages and their API (issue 13, section 2).

Every public page and public API answer carries a cheap ETag made from a
version token of its tournament (or of the site, for the lists), a
``Cache-Control: public`` with a short ``max-age``, and ``Vary: Cookie``, so
that a CDN or proxy in front of the site can serve an Olympiad's crowd; a
conditional request answers ``304 Not Modified`` from one cache read, and an
anonymous request is served from a shared cache keyed by that ETag. A
version changes after the commit of anything the pages show (a publication,
a result, a round's state, a team, a note). Pages for logged-in users are
``Cache-Control: private`` and never shared.
"""
