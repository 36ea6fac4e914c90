"""The pairing site Django project. Importing it loads the Celery app."""

from .celery import app as celery_app

__all__ = ("celery_app",)
