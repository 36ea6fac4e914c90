import logging

from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "printing"
    verbose_name = "Printed documents (PDF)"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from printing import receivers, tasks  # noqa: F401  (render ahead on the round's cycle; Celery)

        # WeasyPrint logs its progress (INFO) and every screen-only CSS rule it skips (WARNING,
        # e.g. "@media (max-width: ...)") on each render: keep the logs for real errors.
        logging.getLogger("weasyprint").setLevel(logging.ERROR)
