from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LanguagesConfig(AppConfig):
    name = "languages"
    verbose_name = _("Languages")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from languages import checks, receivers  # noqa: F401  (registers the system check and the login receiver)
