"""The demo data set (``manage.py seed_demo``): see ``tournaments.demo.seed``."""
