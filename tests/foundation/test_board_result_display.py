"""A board's result as the pages show it: Django's own display, in the reader's language, computed faster."""

from __future__ import annotations

import pytest
from django.db import models
from django.utils import translation

from tournaments.models import BoardGame
from tournaments.models.match import GameResult


@pytest.mark.parametrize("language", ["en", "fr", "es", "ru"])
@pytest.mark.parametrize("result", [*GameResult.values, "not-a-result"])
def test_a_boards_result_is_shown_as_djangos_own_display_shows_it(result, language):
    game = BoardGame(board=1, result=result)
    field = BoardGame._meta.get_field("result")
    with translation.override(language):
        shown = game.get_result_display()
        assert shown == models.Model._get_FIELD_display(game, field)
        assert type(shown) is str
