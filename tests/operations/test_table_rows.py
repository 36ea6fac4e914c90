"""The board and standings rows written in Python read as the template wrote them (operations.templatetags.ops_rows).

Each test renders the template loop the tag replaced beside the tag, on boards and teams
chosen for what a loop can get wrong: markup in a name, a board without a player, an
unrated player, a result, the other colour, an extra team without a rank, a language
that writes a decimal comma.
"""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.utils import translation

from operations import selectors
from operations.services import results
from tournaments.models import BoardGame, Player, Team

pytestmark = pytest.mark.django_db

BOARDS_LOOP = """{% load i18n %}{% for g in m.boards.all %}
    {% if g.white_team_has_white %}
      <tr><td class="num">{{ g.board }}</td>
        <td><span class="colour colour-w"><span aria-hidden="true">{% translate "W" context "colour White, one letter" %}</span><span class="visually-hidden">{% translate "White" %}</span></span> {% if g.white.name %}<a href="{% url 'player-page' m.round.tournament.slug g.white.pk %}">{{ g.white.name }}</a>{% else %}{% translate "— empty —" %}{% endif %}{% if g.white.rating %} <small>({{ g.white.rating }})</small>{% endif %}</td><td class="dash">–</td>
        <td><span class="colour colour-b"><span aria-hidden="true">{% translate "B" context "colour Black, one letter" %}</span><span class="visually-hidden">{% translate "Black" %}</span></span> {% if g.black.name %}<a href="{% url 'player-page' m.round.tournament.slug g.black.pk %}">{{ g.black.name }}</a>{% else %}{% translate "— empty —" %}{% endif %}{% if g.black.rating %} <small>({{ g.black.rating }})</small>{% endif %}</td>
        <td>{{ g.get_first_named_result_display }}</td></tr>
    {% else %}
      <tr><td class="num">{{ g.board }}</td>
        <td><span class="colour colour-b"><span aria-hidden="true">{% translate "B" context "colour Black, one letter" %}</span><span class="visually-hidden">{% translate "Black" %}</span></span> {% if g.black.name %}<a href="{% url 'player-page' m.round.tournament.slug g.black.pk %}">{{ g.black.name }}</a>{% else %}{% translate "— empty —" %}{% endif %}{% if g.black.rating %} <small>({{ g.black.rating }})</small>{% endif %}</td><td class="dash">–</td>
        <td><span class="colour colour-w"><span aria-hidden="true">{% translate "W" context "colour White, one letter" %}</span><span class="visually-hidden">{% translate "White" %}</span></span> {% if g.white.name %}<a href="{% url 'player-page' m.round.tournament.slug g.white.pk %}">{{ g.white.name }}</a>{% else %}{% translate "— empty —" %}{% endif %}{% if g.white.rating %} <small>({{ g.white.rating }})</small>{% endif %}</td>
        <td>{{ g.get_first_named_result_display }}</td></tr>
    {% endif %}
  {% empty %}<tr><td colspan="5" class="empty">{% translate "No boards yet." %}</td></tr>
  {% endfor %}"""

STANDINGS_LOOP = """{% load i18n ops_tags %}{% for row in st.rows %}
    <tr data-tpn="{{ row.tpn }}"><td class="num">{% if row.rank %}{{ row.rank }}{% else %}–{% endif %}</td>
      <td><a href="{% url 'team-page' tournament.slug row.tpn %}">{{ row.name }}</a>{% if row.rank is None %} <small>{% translate "(extra team, not ranked)" %}</small>{% endif %}</td>
      <td class="num">{{ row.match_points|num }}</td><td class="num">{{ row.game_points|num }}</td>
      {% for name, values in row.tiebreaks.items %}{% if name != "MP" and name != "GP" %}{% for v in values %}<td class="num">{{ v|num }}</td>{% endfor %}{% endif %}{% endfor %}
      <td class="no-print"><a href="{% url 'ops-tiebreaks' tournament.slug row.tpn %}" title="{% blocktranslate with name=row.name %}How the tie-breaks of {{ name }} are computed{% endblocktranslate %}">{% translate "how?" %}</a></td></tr>
  {% empty %}<tr><td colspan="5" class="empty">{% if tournament.is_team_event %}{% translate "No teams yet." %}{% else %}{% translate "No players yet." %}{% endif %}</td></tr>
  {% endfor %}"""


def _same(html: str) -> str:
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", str(html))).strip()


def _both(loop: str, tag: str, context: dict) -> tuple[str, str]:
    expected = Template(loop).render(Context(context))
    written = Template("{% load ops_rows %}" + tag).render(Context(context))
    return _same(expected), _same(written)


@pytest.fixture
def awkward(posted, django_capture_on_commit_callbacks):
    """Table 1 with markup in a player's name, an unrated player, an empty board and a result."""
    first = posted.matches[0]
    boards = list(first.boards.order_by("board"))
    Player.objects.filter(pk=boards[0].white_id).update(name='<b>Ann</b> & "Bo"')
    Player.objects.filter(pk=boards[1].black_id).update(rating=None)
    BoardGame.objects.filter(pk=boards[3].pk).update(black=None)
    Team.objects.filter(pk=posted.teams[2].pk).update(name="Charlie <i>&</i> Co")
    with django_capture_on_commit_callbacks(execute=True):
        results.enter_results(
            posted.matches[1], {1: "1-0", 2: "1/2-1/2", 3: "0-1", 4: "1-0"}, by=posted.arbiter
        )
    return posted


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_board_rows_read_as_the_template_wrote_them_in_every_language(awkward, language):
    with translation.override(language):
        for match in selectors.matches_with_boards(awkward.round):
            expected, written = _both(BOARDS_LOOP, "{% board_rows m %}", {"m": match})
            assert written == expected
            assert "<b>" not in written


def test_a_player_s_name_with_markup_is_shown_as_text_on_the_boards(awkward):
    match = selectors.matches_with_boards(awkward.round)[0]
    written = Template("{% load ops_rows %}{% board_rows m %}").render(Context({"m": match}))
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; &quot;Bo&quot;" in written
    assert "— empty —" in written


def test_a_match_without_boards_says_so(event):
    written = Template("{% load ops_rows %}{% board_rows m %}").render(Context({"m": event.matches[0]}))
    assert 'class="empty">No boards yet.<' in written


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_standings_rows_read_as_the_template_wrote_them_in_every_language(awkward, language):
    Team.objects.filter(pk=awkward.teams[3].pk).update(is_extra=True)
    with translation.override(language):
        st = selectors.standings_table(awkward.tournament)
        assert any(row.rank is None for row in st.rows)
        expected, written = _both(
            STANDINGS_LOOP, "{% standings_rows st tournament %}", {"st": st, "tournament": awkward.tournament}
        )
    assert written == expected
    assert "Charlie &lt;i&gt;&amp;&lt;/i&gt; Co" in written


def test_standings_without_teams_say_so(make_tournament):
    tournament = make_tournament()
    st = selectors.standings_table(tournament)
    written = Template("{% load ops_rows %}{% standings_rows st tournament %}").render(
        Context({"st": st, "tournament": tournament})
    )
    assert 'class="empty">No teams yet.<' in written
