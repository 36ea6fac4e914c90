"""The pairing options as tournament settings: chosen by the chair before round 1, then frozen.

Generic over the systems' specs (``engine.options.specs``): the tests take
whatever options a system declares, so new options and new defaults are
covered without naming them.
"""

from __future__ import annotations

import html

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from committee import services
from committee.models import Decision, OptionsChange
from committee.services.options import change_options_by_decision, choose_options
from engine.options import UNSET, format_value, in_force, specs
from tournaments.models.membership import Role
from tournaments.pairing_options import options_frozen, site_specs, values_in_force
from tournaments.snapshot import engine_state

from .options_helpers import other_value

pytestmark = pytest.mark.django_db

SYSTEMS = [
    ("c0406", ""),
    ("olympiad", "2007"),
    ("olympiad", "1998"),
    ("dubov", ""),
    ("lim", ""),
]


def _chair_tournament(make_tournament, make_user, system, version):
    t = make_tournament(pairing_system=system, olympiad_version=version)
    chair = make_user(f"chair-{t.pk}", Role.COMMITTEE_CHAIR, t)
    return t, chair


def _text(value) -> str:
    return html.escape(format_value(value), quote=True)


@pytest.mark.parametrize(("system", "version"), SYSTEMS)
def test_the_options_page_offers_every_option_of_the_system_with_article_help_and_default(
    client, make_tournament, make_user, system, version
):
    t, chair = _chair_tournament(make_tournament, make_user, system, version)
    client.force_login(chair)
    page = client.get(f"/committee/{t.slug}/options/")
    assert page.status_code == 200
    body = page.content.decode()
    for spec in specs(system):
        block = f'id="option-{spec.key}"'
        if not spec.site:
            assert block not in body, f"{spec.key} is not a tournament setting"
            continue
        assert block in body
        part = body.split(block, 1)[1].split("</fieldset>", 1)[0]
        assert html.escape(spec.label) in part and html.escape(spec.article) in part
        assert html.escape(spec.help[1:40]) in part  # (capitalised on the page)
        if spec.choices:
            for choice in spec.choices:
                assert f'value="{_text(choice)}"' in part
            default = part.split(f'value="{_text(spec.default)}"', 1)[1].split("</label>", 1)[0]
            assert (
                "default" in default and " checked" in part.split(f'value="{_text(spec.default)}"', 1)[1][:9]
            )
        else:
            assert "default:" in part
        assert ("FIDE's tool" in part) == (spec.fide_tool is not UNSET)


def test_fide_tools_reading_is_marked_on_its_choice(client, committee_event):
    marked = [s for s in site_specs("c0406") if s.choices and s.fide_tool in s.choices]
    if not marked:
        pytest.skip("no C.04.6 option names FIDE's tool's reading")
    client.force_login(committee_event.chair)
    body = client.get(f"/committee/{committee_event.tournament.slug}/options/").content.decode()
    for spec in marked:
        part = body.split(f'id="option-{spec.key}"', 1)[1].split("</fieldset>", 1)[0]
        label = part.split(f'value="{_text(spec.fide_tool)}"', 1)[1].split("</label>", 1)[0]
        assert "reads it this way" in label


def test_the_chair_chooses_the_options_and_every_one_is_kept_explicitly_for_the_engine(committee_event):
    t = committee_event.tournament
    chosen = {s.key: other_value(s) for s in site_specs(t.pairing_system)}
    choose_options(
        tournament=t, user=committee_event.chair, values={k: format_value(v) for k, v in chosen.items()}
    )
    t.refresh_from_db()
    assert values_in_force(t) == chosen
    assert set(chosen) <= set(t.engine_options)
    state = engine_state(committee_event.round(1))
    used = in_force(t.pairing_system, state.options)
    assert {k: used[k] for k in chosen} == chosen


def test_an_option_left_at_its_default_is_kept_explicitly_too(committee_event):
    t = committee_event.tournament
    first = site_specs(t.pairing_system)[0]
    choose_options(tournament=t, user=committee_event.chair, values={first.key: other_value(first)})
    t.refresh_from_db()
    for spec in site_specs(t.pairing_system)[1:]:
        assert t.engine_options[spec.key] == spec.default


def test_the_chair_saves_the_options_on_the_page(client, committee_event):
    t = committee_event.tournament
    chosen = {s.key: other_value(s) for s in site_specs(t.pairing_system)}
    client.force_login(committee_event.chair)
    response = client.post(
        f"/committee/{t.slug}/options/", {k: format_value(v) for k, v in chosen.items()}, follow=True
    )
    assert response.status_code == 200
    assert "The pairing options are saved." in response.content.decode()
    t.refresh_from_db()
    assert values_in_force(t) == chosen


def test_a_bad_value_is_refused_with_a_message_naming_the_option_and_nothing_is_saved(
    client, committee_event
):
    t = committee_event.tournament
    choice = next(s for s in site_specs("c0406") if s.choices)
    other = next(s for s in site_specs("c0406") if s.key != choice.key)
    before = dict(t.engine_options)
    with pytest.raises(ValidationError) as err:
        choose_options(
            tournament=t,
            user=committee_event.chair,
            values={other.key: format_value(other_value(other)), choice.key: "no-such-reading"},
        )
    message = err.value.message_dict[choice.key][0]
    assert choice.label in message and choice.article in message and "no-such-reading" in message
    t.refresh_from_db()
    assert t.engine_options == before

    client.force_login(committee_event.chair)
    page = client.post(f"/committee/{t.slug}/options/", {choice.key: "no-such-reading"})
    assert page.status_code == 400
    assert "no-such-reading" in page.content.decode()
    t.refresh_from_db()
    assert t.engine_options == before


def test_a_number_option_out_of_range_or_not_a_number_is_refused_with_what_it_allows(
    make_tournament, make_user
):
    t, chair = _chair_tournament(make_tournament, make_user, "dubov", "")
    number = next((s for s in site_specs("dubov") if not s.choices), None)
    if number is None:
        pytest.skip("Dubov has no number option")
    for bad in ("abc", str((number.minimum or 0) - 1)):
        with pytest.raises(ValidationError) as err:
            choose_options(tournament=t, user=chair, values={number.key: bad})
        assert number.label in err.value.message_dict[number.key][0]
    if number.nullable:
        choose_options(tournament=t, user=chair, values={number.key: ""})
        t.refresh_from_db()
        assert t.engine_options[number.key] is None


def test_an_unknown_option_or_one_that_is_not_a_setting_is_refused(make_tournament, make_user):
    t, chair = _chair_tournament(make_tournament, make_user, "olympiad", "2007")
    with pytest.raises(ValidationError, match="has no option 'colour_by_moon'"):
        choose_options(tournament=t, user=chair, values={"colour_by_moon": True})
    hidden = next((s for s in specs("olympiad") if not s.site), None)
    if hidden is not None:
        with pytest.raises(ValidationError, match="not a tournament setting"):
            choose_options(tournament=t, user=chair, values={hidden.key: format_value(hidden.default)})


def test_only_the_chair_may_choose_the_options(committee_event):
    t = committee_event.tournament
    first = site_specs(t.pairing_system)[0]
    for role in ("member", "arbiter", "chief", "captain", "outsider"):
        with pytest.raises(PermissionDenied, match="may not edit options"):
            choose_options(
                tournament=t, user=committee_event.users[role], values={first.key: other_value(first)}
            )
    t.refresh_from_db()
    assert first.key not in t.engine_options


def test_round_1_publication_freezes_the_options_and_keeps_every_one_explicitly(committee_event, publish):
    t = committee_event.tournament
    assert not options_frozen(t)
    publish(committee_event.round(1), committee_event.member)
    t.refresh_from_db()
    assert options_frozen(t)
    assert {s.key for s in site_specs(t.pairing_system)} <= set(t.engine_options)
    first = site_specs(t.pairing_system)[0]
    with pytest.raises(ValidationError, match="frozen"):
        choose_options(tournament=t, user=committee_event.chair, values={first.key: other_value(first)})
    t.refresh_from_db()
    assert t.engine_options[first.key] == first.default


def test_once_frozen_the_page_shows_the_options_read_only_and_refuses_a_plain_change(
    client, committee_event, publish
):
    t = committee_event.tournament
    publish(committee_event.round(1), committee_event.member)
    client.force_login(committee_event.chair)
    body = client.get(f"/committee/{t.slug}/options/").content.decode()
    assert 'id="frozen"' in body and 'id="options-in-force"' in body
    assert 'id="save-options"' not in body and 'id="record-decision"' in body
    for spec in site_specs(t.pairing_system):
        assert f'id="in-force-{spec.key}"' in body
    first = site_specs(t.pairing_system)[0]
    response = client.post(f"/committee/{t.slug}/options/", {first.key: format_value(other_value(first))})
    assert response.status_code == 409
    t.refresh_from_db()
    assert t.engine_options[first.key] == first.default


def test_a_change_after_round_1_is_a_committee_decision_recording_who_when_why_and_both_values(
    committee_event, publish
):
    t = committee_event.tournament
    publish(committee_event.round(1), committee_event.member)
    spec = site_specs(t.pairing_system)[0]
    new = other_value(spec)
    change = change_options_by_decision(
        tournament=t,
        user=committee_event.chair,
        values={spec.key: format_value(new)},
        reason="The event's regulations read 1.5 the other way.",
    )
    t.refresh_from_db()
    assert values_in_force(t)[spec.key] == new
    d = change.decision
    assert d.author == committee_event.chair and d.created_at is not None
    assert d.round.number == 2  # round 1 is published: the change applies from round 2's pairing
    assert change.before[spec.key] == spec.default and change.after[spec.key] == new
    assert change.reason == "The event's regulations read 1.5 the other way."
    assert change.changed == [spec.key]
    assert spec.label in d.text and "regulations" in d.text
    assert OptionsChange.objects.filter(decision=d).exists()


def test_a_decision_without_a_reason_or_before_round_1_is_published_changes_nothing(committee_event, publish):
    t = committee_event.tournament
    spec = site_specs(t.pairing_system)[0]
    with pytest.raises(ValidationError, match="not published yet"):
        change_options_by_decision(
            tournament=t, user=committee_event.chair, values={spec.key: other_value(spec)}, reason="why not"
        )
    publish(committee_event.round(1), committee_event.member)
    decisions = Decision.objects.count()
    with pytest.raises(ValidationError, match="give its reason"):
        change_options_by_decision(
            tournament=t, user=committee_event.chair, values={spec.key: other_value(spec)}, reason=" "
        )
    with pytest.raises(ValidationError, match="nothing to change"):
        change_options_by_decision(
            tournament=t, user=committee_event.chair, values={spec.key: spec.default}, reason="same"
        )
    assert Decision.objects.count() == decisions
    t.refresh_from_db()
    assert values_in_force(t)[spec.key] == spec.default


def test_the_decision_is_recorded_from_the_page_and_listed_there(client, committee_event, publish):
    t = committee_event.tournament
    publish(committee_event.round(1), committee_event.member)
    spec = site_specs(t.pairing_system)[0]
    data = {s.key: format_value(s.default) for s in site_specs(t.pairing_system)}
    data[spec.key] = format_value(other_value(spec))
    client.force_login(committee_event.chair)
    refused = client.post(f"/committee/{t.slug}/options/decision/", data)
    assert refused.status_code == 400 and "This field is required" in refused.content.decode()
    response = client.post(
        f"/committee/{t.slug}/options/decision/",
        {**data, "decision_reason": "Agreed at the meeting."},
        follow=True,
    )
    body = response.content.decode()
    assert "recorded" in body and "Agreed at the meeting." in body
    assert html.escape(spec.label) in body.split('id="option-decisions"', 1)[1]
    t.refresh_from_db()
    assert values_in_force(t)[spec.key] == other_value(spec)


def test_a_draft_computed_with_earlier_options_is_not_approved_until_computed_again(
    committee_event, publish, play, compute
):
    t = committee_event.tournament
    play(publish(committee_event.round(1), committee_event.member).round)
    rnd = committee_event.round(2)
    compute(rnd, committee_event.member)
    spec = site_specs(t.pairing_system)[0]
    change_options_by_decision(
        tournament=t, user=committee_event.chair, values={spec.key: other_value(spec)}, reason="decided"
    )
    version = services.current_version(rnd)
    with pytest.raises(ValidationError, match="compute the pairing again"):
        services.approve(version=version, user=committee_event.member)
    rnd.refresh_from_db()
    compute(rnd, committee_event.member)
    version = services.current_version(rnd)
    assert in_force("c0406", version.run.input_snapshot["options"])[spec.key] == other_value(spec)
    services.approve(version=version, user=committee_event.member)
    assert services.publish(version=version, user=committee_event.member).number == 1


@pytest.mark.parametrize(("system", "version"), SYSTEMS)
def test_the_public_tournament_page_shows_the_pairing_rules_in_force_in_words_with_articles(
    client, make_tournament, make_user, system, version
):
    t, chair = _chair_tournament(make_tournament, make_user, system, version)
    chosen_spec = site_specs(system)[0] if site_specs(system) else None
    if chosen_spec is not None:
        choose_options(tournament=t, user=chair, values={chosen_spec.key: other_value(chosen_spec)})
    body = client.get(f"/t/{t.slug}/").content.decode()
    section = body.split('id="pairing-rules"', 1)[1].split("</section>", 1)[0]
    assert html.escape(t.system_label) in section
    for spec in specs(system):
        row = f'id="rule-{spec.key}"'
        if not spec.site:
            assert row not in section
            continue
        part = section.split(row, 1)[1].split("</tr>", 1)[0]
        value = other_value(spec) if spec is chosen_spec else spec.default
        words = spec.describe_value(value) if value is not None else "not set: as the rule says"
        assert html.escape(words[:1].upper() + words[1:]) in part
        assert html.escape(spec.article) in part


def test_a_change_of_options_withdraws_the_approval_of_a_draft_computed_with_the_old_ones(
    committee_event, publish, play, compute
):
    t = committee_event.tournament
    play(publish(committee_event.round(1), committee_event.member).round)
    rnd = committee_event.round(2)
    compute(rnd, committee_event.member)
    version = services.current_version(rnd)
    services.approve(version=version, user=committee_event.member)
    rnd.refresh_from_db()
    assert rnd.state == "approved"
    spec = site_specs(t.pairing_system)[0]
    change_options_by_decision(
        tournament=t, user=committee_event.chair, values={spec.key: other_value(spec)}, reason="decided"
    )
    rnd.refresh_from_db()
    assert rnd.state == "under_review"
    with pytest.raises(ValidationError, match="only an approved pairing is published"):
        services.publish(version=version, user=committee_event.member)
    run = compute(rnd, committee_event.member)
    assert run.pk != version.run_id


def test_the_admin_form_refuses_a_change_of_frozen_options(committee_event, publish):
    import json

    from django.forms.models import model_to_dict

    from tournaments.admin import TournamentAdminForm

    t = committee_event.tournament
    spec = site_specs(t.pairing_system)[0]

    def form_with(options):
        data = {k: v for k, v in model_to_dict(t).items() if v is not None}
        data.update(tiebreaks=json.dumps(t.tiebreaks), engine_options=json.dumps(options))
        return TournamentAdminForm(data=data, instance=t, initial=model_to_dict(t))

    assert form_with({spec.key: other_value(spec)}).is_valid()  # before round 1: allowed here too
    publish(committee_event.round(1), committee_event.member)
    t.refresh_from_db()
    form = form_with({**t.engine_options, spec.key: other_value(spec)})
    assert not form.is_valid() and "committee decision" in str(form.errors["engine_options"])
    assert form_with({**t.engine_options, "forbidden_pairs": [[1, 2]]}).is_valid()
