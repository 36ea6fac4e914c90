"""Demo data: the quick start's tournaments (``manage.py seed_demo``, ``demo.seed``) and a federation's
season of many events (``manage.py seed_season``, ``demo.season``).

It sits above every other app: it registers teams, asks the committee for pairings, approves and
publishes them, and enters results through the same services a user's clicks call.
"""
