from django.apps import AppConfig


class PublicHttpConfig(AppConfig):
    name = "public_http"
    verbose_name = "HTTP caching of the public pages"

    def ready(self) -> None:
        from public_http import receivers  # noqa: F401  (new versions after the writes the pages show)
