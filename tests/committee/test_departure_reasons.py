"""The amendment checker gives every departure from the engine's pairing its reason (issue 19 item 3).

A committee's amended draft is checked by the engine (``engine.api.check``); the review page lists each
departure (an exchange of opponents, a colour reversal) with the article and the cause that explain it.
"""

import pytest

from committee import services

pytestmark = pytest.mark.django_db


def amended(ev, rnd, operations):
    for operation, a, b in operations:
        services.amend_draft(
            version=services.current_version(rnd), operation=operation, team_a=a, team_b=b, user=ev.member
        )
    return services.current_version(rnd)


def other_tables(version, *teams):
    return [p for p in version.pairing["pairs"] if not {p["white"], p["black"]} & set(teams)]


def more_teams(ev, *tpns):
    from tournaments.models import Player, Team

    for i in tpns:
        team = Team.objects.create(tournament=ev.tournament, name=f"Team {i}", tpn=i, federation=f"F{i:02d}")
        Player.objects.bulk_create(
            Player(team=team, name=f"Team {i} player {b}", rating=2500 - 100 * b, board_order=b)
            for b in range(1, 6)
        )


def partner(pairing, tpn):
    return next(
        (p["black"] if p["white"] == tpn else p["white"])
        for p in pairing["pairs"]
        if tpn in (p["white"], p["black"])
    )


def test_a_rematch_and_two_colour_reversals_each_have_their_reason_on_the_review_page(
    committee_event, publish, play, compute, client
):
    ev = committee_event
    more_teams(ev, 8, 9, 10, 11)  # 11 teams: five tables and a bye
    first_round = publish(ev.round(1), ev.member)
    play(first_round.round)
    rnd = ev.round(2)
    compute(rnd, ev.member)
    v0 = services.current_version(rnd)
    # A pair of round 1 that round 2 separates: x's partner takes y's opponent, so y meets x again.
    x, y = next(
        (p["white"], p["black"])
        for p in first_round.pairing["pairs"]
        if partner(v0.pairing, p["white"]) != p["black"]
        and v0.pairing.get("bye") not in (p["white"], p["black"])
    )
    swap = amended(ev, rnd, [("swap_opponents", partner(v0.pairing, x), y)])
    first, second = other_tables(swap, x, y, partner(swap.pairing, x), partner(v0.pairing, x))[:2]
    version = amended(
        ev, rnd, [("swap_colours", first["white"], None), ("swap_colours", second["white"], None)]
    )
    departures = version.check_report["departures"]
    assert sorted(d["kind"] for d in departures) == ["colours", "colours", "pairs"]
    assert all(d["reasons"] for d in departures)
    (exchange,) = [d for d in departures if d["kind"] == "pairs"]
    assert exchange["reasons"][0]["criterion"] == "C1" and exchange["reasons"][0]["absolute"]
    engine = {frozenset((p["white"], p["black"])): p for p in v0.pairing["pairs"]}
    for d in departures:
        if d["kind"] == "colours":
            e = engine[frozenset(d["tpns"])]
            assert d["reasons"][0]["criterion"] == e["colour_article"]
            assert d["reasons"][0]["message"].startswith(f"the engine gives White to {e['white']}: ")
    client.force_login(ev.arbiter)
    page = client.get(f"/committee/{ev.tournament.slug}/round/2/").content.decode()
    listed = page[page.index('<ul class="departures">') :]
    listed = listed[: listed.index("</ul></li>\n</ul>")]
    assert listed.count('<li class="departure">') == 3
    assert 'why: <strong>C1</strong> (absolute): <span lang="en">' in listed
    assert f"Team {min(x, y)} and " in listed or f"Team {max(x, y)} and " in listed  # teams named
    assert listed.count("why: <strong>C.04.6 4.3.") == 2  # each colour reversal's own reason


def test_two_colour_reversals_each_have_their_reason_in_the_stored_report(committee_event, compute):
    ev = committee_event
    rnd = ev.round(1)
    compute(rnd, ev.member)
    first, second = services.current_version(rnd).pairing["pairs"][:2]
    version = amended(
        ev, rnd, [("swap_colours", first["white"], None), ("swap_colours", second["white"], None)]
    )
    departures = version.check_report["departures"]
    assert [d["kind"] for d in departures] == ["colours", "colours"]
    assert [d["tpns"] for d in departures] == [
        [first["black"], first["white"]],
        [second["black"], second["white"]],
    ]
    for d in departures:
        (reason,) = d["reasons"]
        assert reason["criterion"].startswith("C.04.6 4.3.")
        assert reason["message"].startswith(f"the engine gives White to {d['tpns'][1]}: ")
