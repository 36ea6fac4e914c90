from django.apps import AppConfig


class CommitteeConfig(AppConfig):
    name = "committee"
    verbose_name = "Pairing committee"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from committee import basis, permissions, tasks  # noqa: F401  (answers pairing_basis; rules perms; Celery)
