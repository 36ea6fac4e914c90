# One image for the web server (gunicorn), the Celery worker, the printer (a worker of the PDFs) and beat.
FROM python:3.11-slim AS base

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DJANGO_SETTINGS_MODULE=pairing_site.settings.production

WORKDIR /app
# WeasyPrint (printed documents as PDF) needs Pango, HarfBuzz and a font from the system.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b \
      libharfbuzz-subset0 fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
COPY requirements.txt ./
RUN pip install -r requirements.txt

COPY . .
# Static files are collected into the image: served by WhiteNoise, and by the proxy in front
# (docker-compose.yml: web copies them into the volume the proxy reads).
RUN DJANGO_SECRET_KEY=collectstatic-only DJANGO_ALLOWED_HOSTS=localhost \
    python manage.py collectstatic --noinput \
 && DJANGO_SECRET_KEY=compilemessages-only DJANGO_ALLOWED_HOSTS=localhost \
    python manage.py compilemessages \
 && mkdir -p /app/var/metrics /app/var/static \
 && useradd --system --uid 10001 --home /app app \
 && chown -R app /app
USER app

EXPOSE 8000
# The site logs one JSON line per request itself (observability), so no gunicorn access log.
CMD ["gunicorn", "pairing_site.wsgi:application", "--bind", "0.0.0.0:8000"]
