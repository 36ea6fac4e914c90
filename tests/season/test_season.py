"""A federation's season: many events at once, built reproducibly (issue 13, section 2)."""

from __future__ import annotations

import pytest

from demo.season import COMPUTE_TARGETS, SeasonOptions, build_season, plan_season


def test_the_season_plan_is_the_same_for_the_same_seed_and_spans_10_to_180_teams():
    options = SeasonOptions(tournaments=200)
    plans = plan_season(options)
    assert plans == plan_season(SeasonOptions(tournaments=200))
    assert plans != plan_season(SeasonOptions(tournaments=200, seed=7))
    assert len(plans) == 200
    assert min(p.teams for p in plans) >= 10 and max(p.teams for p in plans) == 180
    assert {p.system for p in plans} == {"c0406", "olympiad"}
    assert len({p.committee for p in plans}) == 8
    assert {p.next_round for p in plans} == {"waiting", "published", "in_play"}


def test_the_benchmarks_committees_pair_the_biggest_events_each_with_its_own_committee():
    plans = plan_season(SeasonOptions(tournaments=200))
    targets = plans[:COMPUTE_TARGETS]
    assert len({p.committee for p in targets}) == COMPUTE_TARGETS
    assert {p.system for p in targets} == {"c0406", "olympiad"}
    assert all(p.next_round == "waiting" and p.played >= 1 for p in targets)
    assert targets[0].teams == 180


def test_a_season_with_fewer_committees_than_one_is_refused():
    with pytest.raises(ValueError, match="at least one committee"):
        plan_season(SeasonOptions(committees=0))


@pytest.mark.django_db
def test_a_small_season_is_built_through_the_committees_steps(django_capture_on_commit_callbacks):
    from committee.models import PairingRun, Publication
    from tournaments.models import BoardGame, Membership, RoundState, Tournament

    options = SeasonOptions(tournaments=10, committees=4, min_teams=6, max_teams=14, max_rounds_played=2)
    plans = build_season(options, log=lambda line: None)
    assert Tournament.objects.filter(slug__startswith="season-").count() == 10
    for plan in plans:
        t = Tournament.objects.get(slug=plan.slug)
        assert t.teams.count() == plan.teams
        assert t.pairing_system == plan.system
        complete = t.rounds.filter(state=RoundState.COMPLETE).count()
        assert complete == plan.played
        paired = plan.played + (plan.next_round != "waiting")
        assert Publication.objects.filter(round__tournament=t).count() == paired
        assert PairingRun.objects.filter(tournament=t, status="succeeded", attempts=1).count() == paired
        if plan.next_round == "in_play":
            rnd = t.rounds.get(number=plan.played + 1)
            assert rnd.state == RoundState.IN_PLAY
            pending = BoardGame.objects.filter(match__round=rnd, result="").count()
            assert 0 < pending < BoardGame.objects.filter(match__round=rnd).count()
        roles = set(Membership.objects.filter(tournament=t).values_list("role", flat=True))
        assert roles == {"committee_chair", "committee_member", "arbiter"}
    played = (
        Tournament.objects.get(slug=plans[0].slug).rounds.get(number=1).matches.exclude(is_bye=True).first()
    )
    assert played.white_match_points is not None
    assert played.history.exists() and played.boards.first().history.exists()


@pytest.mark.django_db
def test_seed_season_twice_leaves_the_season_as_it_was():
    from io import StringIO

    from django.core.management import call_command

    from tournaments.models import Tournament

    args = ["--tournaments", "3", "--committees", "2", "--min-teams", "6", "--max-teams", "8"]
    call_command("seed_season", *args, stdout=StringIO())
    before = list(Tournament.objects.filter(slug__startswith="season-").values_list("pk", flat=True))
    out = StringIO()
    call_command("seed_season", *args, stdout=out)
    assert "already there" in out.getvalue()
    assert list(Tournament.objects.filter(slug__startswith="season-").values_list("pk", flat=True)) == before
