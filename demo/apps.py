from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The demo and the season (``manage.py seed_demo``, ``seed_season``): they drive the whole round cycle."""

    name = "demo"
    verbose_name = "Demo data"
