"""Committee decisions (Olympiad rule 57) are append-only."""

import pytest
from django.db import transaction

from committee.models import Decision
from committee.models.decision import AppendOnlyError
from tournaments.models import Match


@pytest.fixture
def decision(make_tournament, make_team, make_user):
    t = make_tournament()
    a, b = make_team(t, "A", tpn=1), make_team(t, "B", tpn=2)
    r1 = t.rounds.get(number=1)
    m = Match.objects.create(round=r1, table=1, white_team=a, black_team=b)
    d = Decision.objects.create(
        tournament=t, round=r1, author=make_user("chair"), text="A and B meet: rule 14."
    )
    d.matches.add(m)
    return d


def test_a_decision_is_recorded_with_its_author_time_and_matches(decision):
    assert decision.created_at is not None
    assert decision.matches.count() == 1


def test_a_decision_cannot_be_edited(decision):
    decision.text = "rewritten"
    with pytest.raises(AppendOnlyError):
        decision.save()
    assert Decision.objects.get(pk=decision.pk).text == "A and B meet: rule 14."


def test_a_decision_cannot_be_deleted_one_by_one_or_in_bulk(decision):
    with pytest.raises(AppendOnlyError):
        decision.delete()
    with pytest.raises(AppendOnlyError):
        Decision.objects.all().delete()
    with pytest.raises(AppendOnlyError):
        Decision.objects.filter(pk=decision.pk).update(text="x")
    assert Decision.objects.filter(pk=decision.pk).exists()


def test_the_matches_a_decision_concerns_cannot_be_removed(decision):
    with pytest.raises(AppendOnlyError), transaction.atomic():
        decision.matches.clear()
    with pytest.raises(AppendOnlyError), transaction.atomic():
        decision.matches.remove(decision.matches.first())
    assert decision.matches.count() == 1
