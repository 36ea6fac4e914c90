"""An individual (001-only) TRF-2026 file is imported as an individual event that pairs on the same way."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from engine import api as engine_api
from operations.selectors import standings_table
from operations.services.exports import trf_export
from operations.services.trf_import import import_trf
from tournaments.selectors import engine_state

from .test_individual_event import make_event, run_event


def games_of(t):
    rows = []
    for rnd in t.rounds.order_by("number"):
        for m in rnd.matches.select_related("white_team", "black_team").order_by("table"):
            board = [
                (g.white.name, g.black.name, g.result) for g in m.boards.select_related("white", "black")
            ]
            rows.append((rnd.number, m.white_team.tpn, m.black_team and m.black_team.tpn, m.is_bye, board))
    return sorted(rows, key=str)


def exported(t) -> str:
    text = trf_export(t)
    assert "0000 - U" in text  # TRF-2026: the pairing-allocated bye of an individual event
    return text


def test_an_individual_trf_file_is_imported_as_an_individual_event_with_the_same_games_and_standings(
    make_user, django_capture_on_commit_callbacks
):
    t, people = make_event("lim", make_user)
    run_event(t, people, django_capture_on_commit_callbacks)
    copy = import_trf(exported(t), slug="individual-lim-copy", name=t.name)
    assert not copy.is_team_event and (copy.pairing_system, copy.boards, copy.reserves) == ("lim", 1, 0)
    assert all(team.players.count() == 1 for team in copy.teams.all())
    assert [(x.tpn, x.name) for x in copy.teams.order_by("tpn")] == [
        (x.tpn, x.name) for x in t.teams.order_by("tpn")
    ]
    assert games_of(copy) == games_of(t)
    rows = lambda ev: [(r.rank, r.tpn, r.game_points, r.tiebreaks) for r in standings_table(ev).rows]  # noqa: E731
    assert rows(copy) == rows(t)
    assert trf_export(copy) == trf_export(t)


def test_an_imported_individual_event_pairs_its_next_round_as_the_original_would(
    make_user, django_capture_on_commit_callbacks
):
    t, people = make_event("dubov", make_user)
    run_event(t, people, django_capture_on_commit_callbacks)
    t.rounds_total = 6
    t.save(update_fields=["rounds_total"])
    from tournaments.services import create_rounds

    create_rounds(t)
    copy = import_trf(exported(t), slug="individual-dubov-copy", name=t.name)
    here = engine_api.pair(engine_state(t.rounds.get(number=6)))
    there = engine_api.pair(engine_state(copy.rounds.get(number=6)))
    assert here.same_pairing_as(there)


def test_an_individual_file_with_two_players_of_the_same_name_is_refused_and_nothing_is_saved(
    make_user, django_capture_on_commit_callbacks
):
    t, people = make_event("dubov", make_user)
    run_event(t, people, django_capture_on_commit_callbacks)
    text = exported(t).replace("Dupont, Marie", "Aronsen, Per ")
    with pytest.raises(ValidationError, match="same name"):
        import_trf(text, slug="twice", name="Twice")
    assert not type(t).objects.filter(slug="twice").exists()


def test_a_registration_only_individual_file_starts_an_event_ready_to_pair_round_one(
    make_user, django_capture_on_commit_callbacks
):
    from engine.state import Participant, Player, TournamentState
    from engine.trf import write
    from tournaments.models.membership import Role

    from .test_individual_event import pair_and_publish

    entrants = [
        ("Able, Ann", 2400),
        ("Baker, Bob", 2350),
        ("Cole, Cy", 2300),
        ("Dean, Di", 2250),
        ("Eady, Ed", 0),
    ]
    state = TournamentState(
        participants=tuple(
            Participant(tpn=i, name=name, rating=r, roster=(Player(i, name, r),))
            for i, (name, r) in enumerate(entrants, start=1)
        ),
        system="dubov",
        team=False,
        name="Registered",
        rounds_total=5,
        boards=1,
        board_colour_sequence="W",
    )
    t = import_trf(write(state), slug="registered")
    assert not t.is_team_event and t.pairing_system == "dubov" and t.rounds_total == 5
    assert [(x.tpn, x.name) for x in t.teams.order_by("tpn")] == [
        (i, name) for i, (name, _) in enumerate(entrants, start=1)
    ]
    assert t.teams.get(tpn=5).players.get().rating is None  # rating 0: unrated
    people = {
        "member": make_user("reg-member", Role.COMMITTEE_MEMBER, t),
        "arbiter": make_user("reg-arbiter", Role.ARBITER, t),
    }
    rnd, engine = pair_and_publish(t, 1, people, django_capture_on_commit_callbacks)
    assert engine.bye == 5 and len(engine.pairs) == 2


def test_an_individual_events_time_zone_survives_its_trf_round_trip(make_user):
    """The venue's time zone goes with the file (issue 18, item 6)."""
    t, _people = make_event("dubov", make_user)
    t.time_zone = "America/Sao_Paulo"
    t.save(update_fields=["time_zone"])
    text = trf_export(t)
    assert '### engine-event time_zone "America/Sao_Paulo"' in text
    assert import_trf(text, slug="individual-zone-copy").time_zone == "America/Sao_Paulo"
