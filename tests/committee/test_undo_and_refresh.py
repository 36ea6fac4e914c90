"""Undoing an amendment, and a review page that stays true (issue 18 item 6).

"Return to version N" makes a new version equal to N, recorded like an amendment
and needing a new approval. What the committee changed ("Colours by", the rule 57
write-up) is read from the version itself, so an undone amendment leaves no trace
there. The draft panel carries the versions table and the approve/publish buttons,
and is refreshed when another member amends or approves.
"""

import re
from urllib.parse import unquote

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from committee import amendments, services
from committee.errors import StaleDraft
from committee.writeup import writeup_draft
from tournaments.models import RoundState

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_one(committee_event, compute):
    """Round 1 computed: 1-4, 5-2, 3-6, bye 7 (the engine's version 0)."""
    rnd = committee_event.round(1)
    compute(rnd, committee_event.member)
    return rnd


def _pairs(version):
    return [(p["white"], p["black"]) for p in version.pairing["pairs"]]


def test_returning_to_a_version_makes_the_next_version_equal_to_it(committee_event, round_one):
    member = committee_event.member
    v0 = services.current_version(round_one)
    v1 = services.amend_draft(version=v0, operation="swap_opponents", team_a=4, team_b=2, user=member)
    v2 = services.amend_draft(version=v1, operation="swap_colours", team_a=3, user=member)
    v3 = services.revert_draft(version=v2, to=v1, user=committee_event.member2)
    assert v3.number == 3 and v3.operation == amendments.REVERT and v3.reverts_to == 1
    assert v3.author == committee_event.member2
    assert v3.pairing == v1.pairing and v3.check_report == v1.check_report
    assert services.current_version(round_one) == v3
    v4 = services.revert_draft(version=v3, to=v0, user=member)
    assert v4.number == 4 and _pairs(v4) == _pairs(v0) and v4.pairing == v0.pairing
    assert list(round_one.draft_versions.order_by("number").values_list("number", flat=True)) == [
        0,
        1,
        2,
        3,
        4,
    ]


def test_after_returning_to_the_engine_s_version_colours_are_the_engine_s_and_the_write_up_counts_no_amendment(
    committee_event, round_one, client
):
    member = committee_event.member
    v0 = services.current_version(round_one)
    v1 = services.amend_draft(version=v0, operation="swap_colours", team_a=3, user=member)
    assert "committee amendment" in writeup_draft(round_one)
    v2 = services.revert_draft(version=v1, to=v0, user=member)
    services.approve(version=v2, user=committee_event.member2)
    services.publish(version=v2, user=member)

    client.force_login(member)
    page = client.get(f"/committee/{committee_event.tournament.slug}/round/1/").content.decode()
    draft = page[page.index('id="draft"') : page.index('id="explanation"')]
    assert amendments.AMENDED not in draft and 'class="tag">amended' not in draft
    text = writeup_draft(round_one)
    assert "Amendments by the committee" not in text and "swapped" not in text
    assert "committee amendment" not in text
    assert "The pairing is the engine's: the committee amended nothing." in text
    assert "Colours decided by: C.04.6 4.3.1 (3 pairings)" in text


def test_an_amendment_undone_by_hand_gives_the_colours_back_to_the_rules(committee_event, round_one):
    member = committee_event.member
    v0 = services.current_version(round_one)
    v1 = services.amend_draft(version=v0, operation="swap_opponents", team_a=4, team_b=2, user=member)
    v2 = services.amend_draft(version=v1, operation="swap_opponents", team_a=4, team_b=2, user=member)
    v3 = services.amend_draft(version=v2, operation="swap_colours", team_a=3, user=member)
    v4 = services.amend_draft(version=v3, operation="swap_colours", team_a=3, user=member)
    assert v4.pairing == v0.pairing  # the engine's colour articles, not "committee amendment"
    assert v4.check_report["differences"] == []
    text = writeup_draft(round_one)
    assert "the committee amended nothing" in text and "v1" not in text


def test_the_write_up_names_what_the_version_changes_not_each_amendment_made(committee_event, round_one):
    member = committee_event.member
    v0 = services.current_version(round_one)
    v1 = services.amend_draft(version=v0, operation="swap_colours", team_a=1, user=member)
    v2 = services.amend_draft(version=v1, operation="swap_colours", team_a=3, user=member)
    services.revert_draft(version=v2, to=v1, user=member)
    text = writeup_draft(round_one)
    lines = text.splitlines()
    start = lines.index("Amendments by the committee:")
    assert lines[start + 1 : start + 2] == [
        "- swapped the colours of Team 1 (1)'s pairing: White for Team 4 (4)"
    ]
    assert "Team 3 (3)" not in text.split("Amendments by the committee:")[1]


def test_returning_to_a_version_after_an_approval_needs_a_new_approval(committee_event, round_one):
    member = committee_event.member
    v0 = services.current_version(round_one)
    v1 = services.amend_draft(version=v0, operation="swap_colours", team_a=3, user=member)
    services.approve(version=v1, user=member)
    round_one.refresh_from_db()
    assert round_one.state == RoundState.APPROVED
    v2 = services.revert_draft(version=v1, to=v0, user=committee_event.member2)
    round_one.refresh_from_db()
    assert round_one.state == RoundState.UNDER_REVIEW
    assert services.approvals_needed(v2) == "a committee member's approval"
    assert not v2.approvals.exists()


def test_a_return_is_refused_over_a_newer_version_to_the_same_pairing_or_to_an_earlier_run(
    committee_event, round_one, compute
):
    member = committee_event.member
    v0 = services.current_version(round_one)
    v1 = services.amend_draft(version=v0, operation="swap_colours", team_a=3, user=member)
    with pytest.raises(StaleDraft, match="Draft version 0 is no longer current"):
        services.revert_draft(version=v0, to=v0, user=member)
    with pytest.raises(ValidationError, match="already the same as version 1"):
        services.revert_draft(version=v1, to=v1, user=member)
    round_one.tournament.teams.filter(tpn=7).update(withdrawn_from_round=1)
    compute(round_one, member)  # a new run from new input: its version 0 is current
    new_v0 = services.current_version(round_one)
    with pytest.raises(ValidationError, match="earlier pairing run"):
        services.revert_draft(version=new_v0, to=v1, user=member)
    for name in ("arbiter", "chief", "captain", "outsider"):
        with pytest.raises(PermissionDenied):
            services.revert_draft(version=new_v0, to=v0, user=committee_event.users[name])
    assert services.current_version(round_one) == new_v0


def test_the_api_returns_to_an_earlier_version_and_refuses_a_stale_one(committee_event, round_one):
    member = committee_event.member
    v0 = services.current_version(round_one)
    v1 = services.amend_draft(version=v0, operation="swap_colours", team_a=3, user=member)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=member).key}")
    url = f"/api/tournaments/{committee_event.tournament.slug}/rounds/1/reverts/"
    answer = client.post(url, {"version": v1.pk, "to": v0.pk}, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["number"] == 2 and answer.json()["operation"] == "revert"
    assert answer.json()["reverts_to"] == 0
    stale = client.post(url, {"version": v1.pk, "to": v0.pk}, format="json")
    assert stale.status_code == 409


def test_the_versions_table_offers_a_return_to_each_earlier_version_and_names_the_teams(
    committee_event, round_one, client
):
    member = committee_event.member
    v0 = services.current_version(round_one)
    v1 = services.amend_draft(version=v0, operation="swap_opponents", team_a=4, team_b=2, user=member)
    client.force_login(member)
    url = f"/committee/{committee_event.tournament.slug}/round/1/"
    page = client.get(url).content.decode()
    versions = page[page.index('id="versions"') :]
    assert "Return to version 0</button>" in versions and "Return to version 1</button>" not in versions
    assert "4 Team 4 ↔ 2 Team 2" in versions
    client.force_login(committee_event.arbiter)  # arbiters see the versions, do not amend
    assert "Return to version 0</button>" not in client.get(url).content.decode()

    client.force_login(member)
    answer = client.post(
        f"{url}revert/", {"version": v1.pk, "to": v0.pk}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "Draft version 2" in answer and "the draft is back to version 0" in answer
    assert f"back to version 0, by {member.username}" in answer
    oob = answer[answer.index('id="versions"') :]
    assert 'hx-swap-oob="true"' in oob[:60]
    assert "v2 (current)" in oob and "Return to version 0" in oob


# -- B: the draft panel, its versions and buttons, stay current ------------------------------------


def test_an_amendment_refreshes_the_versions_table_and_the_approve_button_with_the_draft_panel(
    committee_event, round_one, client
):
    member = committee_event.member
    v0 = services.current_version(round_one)
    client.force_login(member)
    url = f"/committee/{committee_event.tournament.slug}/round/1/"
    panel = client.post(
        f"{url}amend/",
        {"version": v0.pk, "operation": "swap_colours", "team_a": 3},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert 'id="versions" hx-swap-oob="true"' in panel
    assert "v1 (current)" in panel and "v0 (current)" not in panel
    assert "Approve version 1" in panel


def _stamp(page: str) -> str:
    """The stamp the page polls with (as the browser sends it)."""
    return unquote(re.search(r'id="draft-watch" hx-get="[^"?]+\?seen=([^"]+)"', page).group(1))


def test_the_polled_draft_panel_is_unchanged_until_another_member_approves(
    committee_event, round_one, client
):
    client.force_login(committee_event.member)
    url = f"/committee/{committee_event.tournament.slug}/round/1/"
    page = client.get(url).content.decode()
    assert 'hx-trigger="every 5s"' in page
    stamp = _stamp(page)
    assert client.get(f"{url}draft/", {"seen": stamp}, HTTP_HX_REQUEST="true").status_code == 204

    services.approve(version=services.current_version(round_one), user=committee_event.member2)
    answer = client.get(f"{url}draft/", {"seen": stamp}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    panel = answer.content.decode()
    assert committee_event.member2.username in panel[panel.index('id="approval"') :]
    assert 'id="publish"' in panel and 'id="approve"' not in panel
    assert 'id="round-state" hx-swap-oob="true">Pairing approved' in panel
    assert 'id="versions" hx-swap-oob="true"' in panel
    assert client.get(f"{url}draft/", {"seen": _stamp(panel)}, HTTP_HX_REQUEST="true").status_code == 204


def test_another_member_s_amendment_refreshes_the_panel_of_a_member_looking_at_the_old_version(
    committee_event, round_one, client
):
    client.force_login(committee_event.member)
    url = f"/committee/{committee_event.tournament.slug}/round/1/"
    stamp = _stamp(client.get(url).content.decode())
    v0 = services.current_version(round_one)
    v1 = services.amend_draft(version=v0, operation="swap_colours", team_a=3, user=committee_event.member2)
    panel = client.get(f"{url}draft/", {"seen": stamp}, HTTP_HX_REQUEST="true").content.decode()
    assert "Draft version 1" in panel
    assert f'name="version" value="{v1.pk}"' in panel and f'name="version" value="{v0.pk}"' not in panel
