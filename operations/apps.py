from django.apps import AppConfig


class OperationsConfig(AppConfig):
    name = "operations"
    verbose_name = "Lineups, results and standings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from operations import live  # noqa: F401  (receivers: live fragments out of date)
