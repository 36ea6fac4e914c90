"""Playing the demo's rounds: lineups, board games and their results, round after round.

Each round is published (``demo.publication``), its lineups submitted and
locked, its boards posted and its games played: who plays is the roster in
board order, one player resting at times; each game's result is drawn from
the rating difference (White's edge included), with a rare forfeit. The last
round of the Olympiad section keeps one game adjourned, so the next round is
paired under rule 11 (the unfinished game a draw for pairing).
"""

from __future__ import annotations

import math
import random

from django.utils import timezone

from tournaments.models import Lineup, LineupEntry, Player, Round, Team, Tournament
from tournaments.models import RoundState as S
from tournaments.services import create_board_games, recompute_match, record_board_results

from .publication import publish_round, walk


def lineup_players(team: Team, boards: int, rng: random.Random) -> list[Player]:
    return lineup_from(list(team.players.order_by("board_order")), boards, rng)


def lineup_from(roster: list, boards: int, rng: random.Random) -> list:
    """The players of ``roster`` (board order) who play: the first ``boards``, one of them resting at times."""
    if len(roster) > boards and rng.random() < 0.3:
        rest = rng.randrange(len(roster))  # one player rests; board order is kept
        roster = roster[:rest] + roster[rest + 1 :]
    return roster[:boards]


def submit_lineup(team: Team, rnd: Round, players: list[Player], when) -> None:
    lineup = Lineup.objects.create(team=team, round=rnd, submitted_at=when)
    LineupEntry.objects.bulk_create(
        LineupEntry(lineup=lineup, board=i, player=p) for i, p in enumerate(players, 1)
    )


def game_result(white: Player | None, black: Player | None, rng: random.Random) -> str:
    rw = (white.rating if white else None) or 1800
    rb = (black.rating if black else None) or 1800
    expected = 1 / (1 + math.pow(10, (rb - rw - 35) / 400))
    draw = 0.18 + 0.30 * (1 - abs(expected - 0.5) * 2)
    x = rng.random()
    if x < 0.004:
        return "+-" if rng.random() < 0.5 else "-+"
    if x < expected - draw / 2:
        return "1-0"
    if x < expected + draw / 2:
        return "1/2-1/2"
    return "0-1"


def play_rounds(
    t: Tournament, rounds: int, rng: random.Random, log, users: dict, unfinished_in_last: bool = False
) -> None:
    now = timezone.now()
    for number in range(1, rounds + 1):
        rnd, matches = publish_round(t.rounds.get(number=number), log, users)
        rnd = walk(rnd, S.LINEUPS_OPEN)
        lineups = {}
        for m in matches:
            for team in m.teams():
                lineups[team.pk] = lineup_players(team, t.boards, rng)
                submit_lineup(team, rnd, lineups[team.pk], now)
        rnd = walk(rnd, S.LINEUPS_CLOSED)
        Lineup.objects.filter(round=rnd).update(locked=True)
        rnd = walk(rnd, S.BOARD_PAIRINGS_POSTED, S.IN_PLAY)
        last = number == rounds
        adjourned = unfinished_in_last and last
        for i, m in enumerate(matches):
            if m.is_bye:
                recompute_match(m)
                continue
            games = create_board_games(m, lineups[m.white_team.pk], lineups[m.black_team.pk])
            results = [game_result(g.white, g.black, rng) for g in games]
            if adjourned and i == 0:
                results[-1] = "*"  # one adjourned game: a draw for pairing (rule 11)
            record_board_results(m, results)
        if adjourned:  # the round stays in play until the adjourned game ends
            log(f"  round {number}: {len(matches)} matches played, one game adjourned")
            continue
        walk(rnd, S.COMPLETE)
        log(f"  round {number}: {len(matches)} matches played")


def open_next_round(t: Tournament, rng: random.Random, log, users: dict) -> None:
    """Pair the next round and open its lineups; about half the captains have submitted.

    The previous round may still be in play (its adjourned game): the committee then
    pairs under rule 11, the unfinished game counted as a draw.
    """
    rnd = t.rounds.filter(state=S.AWAITING_RESULTS).order_by("number").first()
    if rnd is None:
        return
    previous = t.rounds.filter(number=rnd.number - 1).first()
    rule_11 = previous is not None and previous.state == S.IN_PLAY
    rnd, matches = publish_round(rnd, log, users, unfinished_as_draws=rule_11)
    rnd = walk(rnd, S.LINEUPS_OPEN)
    now = timezone.now()
    for m in matches:
        for team in m.teams():
            if team.tpn != 1 and rng.random() < 0.5:  # TPN 1 is left for the demo captain
                submit_lineup(team, rnd, lineup_players(team, t.boards, rng), now)
    log(f"  round {rnd.number}: paired and published, lineups open")
