"""The explanation section (N) of the 1998 text: the 14th round of the 1988 Olympiad.

The text gives the scoregroups, the Buchholz order inside them and the
meetings that invalidate combinations (1)-(5); the full crosstable is not
in the text, so the teams below are built with those facts: scores in game
points, Extended Buchholz values giving the printed order, and the meetings
the text names. The rest of the field (twelve lower teams) only places the
median below the 30.5 group, as in a 28-team field the median is there.
"""

from engine.olympiad.options import parse_options
from engine.olympiad.search import GroupSearch

from .builders import met, pairs_of, search, tv


def olympiad_1988_round_14():
    teams = [
        tv(1, 35.5, name="URS", eb=500),
        tv(7, 35.5, name="CSR", eb=480),
        tv(2, 34, name="ENG", eb=490),
        tv(5, 34, name="NED", eb=470),
        tv(3, 33, name="USA", eb=485),
        tv(4, 33, name="HUN", eb=475),
        tv(30, 31.5, name="PHI", eb=440),
        tv(6, 31, name="YUG", eb=450),
        tv(8, 31, name="ISR", eb=430),
        # Section N 8: initial numbers SWE 09, ARG 14, DEN 19, IND 21, CHI 27.
        tv(9, 30.5, name="SWE", eb=460),
        tv(27, 30.5, name="CHI", eb=455),
        tv(19, 30.5, name="DEN", eb=445),
        tv(14, 30.5, name="ARG", eb=420),
        tv(21, 30.5, name="IND", eb=410),
    ]
    teams += [tv(40 + i, 29 if i < 6 else 27, eb=300 - i) for i in range(12)]
    return met(teams, ("DEN", "ISR"), ("CHI", "ISR"), ("ISR", "ARG"))


def test_olympiad_1998_section_n_round_14_first_three_pairings_forced():
    pairs, _ = search(olympiad_1988_round_14(), section_j=True)
    assert pairs_of(("URS", "CSR"), ("ENG", "NED"), ("USA", "HUN")) <= pairs


def test_olympiad_1998_section_n_round_14_phi_floats_and_yug_phi_is_paired_and_isr_floats():
    """N 6-7: group YUG, PHI, ISR; YUG-ISR (combination 1) would float PHI, a floater."""
    pairs, gs = search(olympiad_1988_round_14(), section_j=True)
    assert frozenset(("YUG", "PHI")) in pairs
    text = "\n".join(s.message for s in gs.steps)
    assert (
        "combination (1) [YUG (6) x ISR (8) ...] not valid: PHI (30) is a floater from another scoregroup (Olympiad 1998 rule 48)"
        in text
    )
    assert (
        "combination (2) of the order of Olympiad 1998 rule 49: YUG (6) x PHI (30), ISR (8) floater" in text
    )


def test_olympiad_1998_section_n_round_14_buchholz_order_and_combination_6():
    """N 13-15: SWE, CHI, DEN, ISR, ARG, IND; (1)-(5) invalid; (6) SWE-ARG, CHI-DEN, ISR-IND."""
    pairs, gs = search(olympiad_1988_round_14(), section_j=True)
    assert pairs_of(("SWE", "ARG"), ("CHI", "DEN"), ("ISR", "IND")) <= pairs
    text = "\n".join(s.message for s in gs.steps)
    assert (
        "1. SWE (9) (EB 460), 2. CHI (27) (EB 455), 3. DEN (19) (EB 445), 4. ISR (8) (EB 430), 5. ARG (14) (EB 420), 6. IND (21) (EB 410)"
        in text
    )
    assert (
        "combination (6) of the order of Olympiad 1998 rule 47: SWE (9) x ARG (14), CHI (27) x DEN (19), ISR (8) x IND (21)"
        in text
    )


def test_olympiad_1998_section_n_round_14_the_earlier_combinations_fail_for_the_meetings_the_text_lists():
    _, gs = search(olympiad_1988_round_14(), section_j=True)
    notes = [s.message for s in gs.steps if s.topic == "combination" and "SWE" in s.message]
    # (1)-(3) start SWE x IND; then ISR has met CHI, DEN and ARG: the subgroup cannot be paired.
    assert notes[0].startswith("combination (1)-(3) [SWE (9) x IND (21)")
    assert "cannot all be paired" in notes[0]
    # (4): SWE x ARG, CHI x IND leave DEN-ISR, who have played; (5): CHI-ISR have played.
    assert (
        "combination (4) [SWE (9) x ARG (14), CHI (27) x IND (21) ...] not valid: DEN (19) and ISR (8) have already played (Olympiad 1998 rule 14(a))"
        in notes
    )
    assert (
        "combination (5) [SWE (9) x ARG (14), CHI (27) x ISR (8) ...] not valid: CHI (27) and ISR (8) have already played (Olympiad 1998 rule 14(a))"
        in notes
    )


def test_olympiad_1998_section_n_old_rules_would_pair_by_initial_numbers_sweden_against_israel():
    """N 8-9: under Section I order (pairing numbers) ISR, floated in, meets SWE, the strongest."""
    teams = olympiad_1988_round_14()
    gs = GroupSearch(teams, parse_options({"version": "1998"}), False)
    pairs = {frozenset((a.name or a.tpn, b.name or b.tpn)) for a, b in gs.run()}
    assert frozenset(("ISR", "SWE")) in pairs


def olympiad_1988_state():
    """The same facts as a TournamentState after 13 rounds (the engine computes the Buchholz).

    Each team's rounds against teams of the example are the meetings the text
    names; its other rounds are against a team of its own ("filler", absent
    from round 14) whose score gives the team its Buchholz. Board-1 colours
    alternate, so rule 17 plays no part.
    """
    from engine.state import Colour, Outcome, Participant, RoundRecord, ScoreKind, Scoring, TournamentState

    views = olympiad_1988_round_14()
    meetings = {v.tpn: sorted(v.met) for v in views}
    history: dict[int, list] = {}
    fillers: list[Participant] = []
    for v in views:
        n_met = len(meetings[v.tpn])
        per_game = (v.score - 2 * n_met) / (13 - n_met)
        filler_score = (
            v.eb - v.score - sum(next(w.score for w in views if w.tpn == o) for o in meetings[v.tpn])
        ) / (13 - n_met)
        filler = 1000 + v.tpn
        opponents = meetings[v.tpn] + [filler] * (13 - n_met)
        recs = []
        for r, opp in enumerate(opponents, 1):
            gp = 2.0 if opp < 1000 else per_game
            colour = Colour.WHITE if r % 2 else Colour.BLACK
            recs.append(RoundRecord(r, Outcome.PLAYED, opp, colour, 1.0, gp))
        history[v.tpn] = recs
        fillers.append(
            Participant(
                tpn=filler,
                name=f"F{v.tpn}",
                history=tuple(
                    RoundRecord(r, Outcome.PLAYED, v.tpn, None, 1.0, filler_score / 13) for r in range(1, 14)
                ),
            )
        )
    teams = tuple(
        Participant(tpn=v.tpn, name=v.name or f"L{v.tpn}", history=tuple(history[v.tpn])) for v in views
    )
    return TournamentState(
        participants=teams + tuple(fillers),
        system="olympiad",
        rounds_total=14,
        scoring=Scoring(primary=ScoreKind.GAME_POINTS),
        options={"version": "1998"},
        unavailable=frozenset(f.tpn for f in fillers),
    )


def test_olympiad_1998_section_n_round_14_from_a_tournament_state_end_to_end():
    from engine import api

    state = olympiad_1988_state()
    pairing = api.pair(state)
    name = {p.tpn: p.name for p in state.participants}
    pairs = {frozenset((name[p.white], name[p.black])) for p in pairing.pairs}
    assert pairs_of(("URS", "CSR"), ("ENG", "NED"), ("USA", "HUN"), ("YUG", "PHI")) <= pairs
    assert pairs_of(("SWE", "ARG"), ("CHI", "DEN"), ("ISR", "IND")) <= pairs
    text = pairing.explanation_text()
    assert (
        "combination (2) of the order of Olympiad 1998 rule 49: YUG (6) x PHI (30), ISR (8) floater" in text
    )
    assert (
        "combination (6) of the order of Olympiad 1998 rule 47: SWE (9) x ARG (14), CHI (27) x DEN (19), ISR (8) x IND (21)"
        in text
    )
