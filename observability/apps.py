from django.apps import AppConfig


class ObservabilityConfig(AppConfig):
    name = "observability"
    verbose_name = "Logs, metrics and health"

    def ready(self) -> None:
        from observability import receivers, task_logs  # noqa: F401  (connect the signal receivers)
