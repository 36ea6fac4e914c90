"""``manage.py proxy_config``: writes deploy/nginx/public_http.conf (public_http.proxy, issue 21)."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand

from public_http.proxy import nginx_maps


class Command(BaseCommand):
    help = "Write the caching proxy's maps of the public views and their query parameters."

    def add_arguments(self, parser):
        parser.add_argument(
            "--output",
            default=str(settings.BASE_DIR / "deploy" / "nginx" / "public_http.conf"),
            help="where to write them (default: deploy/nginx/public_http.conf; '-' for the output)",
        )

    def handle(self, *args, output: str, **options):
        text = nginx_maps()
        if output == "-":
            self.stdout.write(text, ending="")
            return
        with open(output, "w", encoding="utf-8") as file:
            file.write(text)
        self.stdout.write(f"wrote {output}")
