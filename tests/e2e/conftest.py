import pytest


@pytest.fixture(autouse=True)
def _tasks_in_process(eager_celery):
    """These tests run whole events through the services with no worker: pairing runs execute in-process."""
