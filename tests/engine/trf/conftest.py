from pathlib import Path

import pytest

FILES = Path(__file__).parent / "files"


@pytest.fixture
def team_text():
    return (FILES / "team_small.trf").read_text()


@pytest.fixture
def dubov_text():
    return (FILES / "dubov_small.trf").read_text()
