"""Version tokens of what the public pages show: per tournament, and one for the site's lists.

A tournament has one for everything the public sees of it but its rounds' states
and its results; one for where its rounds stand and one per round, so that a
round going through the committee's cycle leaves the other rounds' pages as they
are; and one for its results and one per round's results, so that a result
entered leaves the pairings pages as they are. Each kind of page depends on the
names listed below (``tournament_names`` ...).
A version is a random token kept in the cache (no expiry), replaced by a write
that changes what the public sees, and again after its commit
(``public_http.receivers``).
Each token is joined to a site-wide epoch, which ``invalidate_all`` replaces
(after a restore, say), so every ETag and every shared copy made before it is
unreachable at once. A reader takes the version before it reads the
database, so content kept under a version is never older than that version.
Without a working cache every read gets a fresh token: nothing then matches,
nothing is served stale.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence

from django.core.cache import cache
from django.db import transaction

PREFIX = "public-http:v1"
EPOCH_KEY = f"{PREFIX}:epoch"
SITE_KEY = f"{PREFIX}:site"
READ_VERSION_SECONDS = 24 * 3600  # far longer than any copy kept under a version (minutes)


def tournament_key(slug: str) -> str:
    """Everything of the tournament the public sees (publications, rounds, teams, notes, settings)."""
    return f"{PREFIX}:t:{slug}"


def rounds_key(slug: str) -> str:
    """Where the tournament's rounds stand (their states and dates): the pages that list its rounds."""
    return f"{PREFIX}:s:{slug}"


def round_key(slug: str, number: int) -> str:
    """Where one round stands (its state and date): the pages of that round."""
    return f"{PREFIX}:s:{slug}:{number}"


def results_key(slug: str) -> str:
    """The tournament's results alone (boards, match points, confirmations)."""
    return f"{PREFIX}:r:{slug}"


def round_results_key(slug: str, number: int) -> str:
    """One round's results alone (its board pairings page)."""
    return f"{PREFIX}:r:{slug}:{number}"


def _token() -> str:
    return uuid.uuid4().hex[:12]


def current(*names: str) -> str:
    """The versions under ``names`` joined to the epoch (one cache read once they exist)."""
    keys = [EPOCH_KEY, *names]
    values = cache.get_many(keys)
    missing = [k for k in keys if k not in values]
    if missing:
        for k in missing:
            # A version first made by a reader expires (issue 18, item 1: a URL naming a tournament
            # or round that does not exist must not leave a key for ever); the epoch does not. An
            # expired version is a new token: the copies kept under the old one are simply not found.
            cache.add(k, _token(), timeout=None if k == EPOCH_KEY else READ_VERSION_SECONDS)
        values = cache.get_many(keys)
    return ".".join(values.get(k) or _token() for k in keys)


def current_and(names: Sequence[str], also: Sequence[str]) -> tuple[str, dict]:
    """``current(*names)`` and the values of the keys ``also``, in one cache read (a poll's check)."""
    values = cache.get_many([EPOCH_KEY, *names, *also])
    return _version_and_found(values, names, also)


def _version_and_found(values: dict, names: Sequence[str], also: Sequence[str]) -> tuple[str, dict]:
    """The version under ``names`` and the keys ``also`` found, from one cache read's ``values``; a
    version missing from it is made (``current``)."""
    found = {k: values[k] for k in also if k in values}
    keys = [EPOCH_KEY, *names]
    if any(k not in values for k in keys):
        return current(*names), found
    return ".".join(values[k] for k in keys), found


def site_version() -> str:
    return current(SITE_KEY)


# What each kind of public page shows, as the version names it depends on. A round's state changes
# four times while the committee pairs it (requested, computed, approved, published): that leaves
# the pages of the other rounds, and the teams, as they are.
def teams_names(slug: str) -> list[str]:
    """A page of the tournament that shows none of its rounds (its teams)."""
    return [tournament_key(slug)]


def tournament_names(slug: str) -> list[str]:
    """A page of the tournament that lists its rounds and where they stand, without results."""
    return [tournament_key(slug), rounds_key(slug)]


def round_names(slug: str, number: int) -> list[str]:
    """A page of one round without its results (its pairings)."""
    return [tournament_key(slug), round_key(slug, number)]


HELD_SECONDS = (
    300  # how long a tournament's round numbers are remembered (forgotten when one is added or deleted)
)


def held_key(slug: str) -> str:
    return f"{PREFIX}:held:{slug}"


def round_is_held(slug: str, number: int) -> bool:
    """Whether the tournament of ``slug`` holds a round ``number``, asked before any work whose cost grows
    with the number a client chose (the versions of every earlier round). The round numbers of a tournament
    that exists are remembered with the epoch (``forget_held``, ``invalidate_all``), so a public page's check
    and its proxy's revalidation cost no query; a slug that names no tournament is asked of the
    database each time (never kept, so junk slugs cannot fill the cache)."""
    values = cache.get_many([EPOCH_KEY, held_key(slug)])
    epoch, kept = values.get(EPOCH_KEY), values.get(held_key(slug))
    if kept is not None and epoch is not None and kept[0] == epoch:
        return number in kept[1]
    from tournaments.selectors import round_numbers

    held = round_numbers(slug)
    if held and epoch is not None:
        cache.set(held_key(slug), (epoch, held), HELD_SECONDS)
    return number in held


ROUNDS_READ_AT_ONCE = 64  # a round pairings page's versions are read with its check up to this number


def round_and_results_current(slug: str, number: int, also: Sequence[str] = ()) -> tuple[str, dict] | None:
    """``current_and(round_and_results_names(slug, number), also)`` when the tournament holds round
    ``number``, else None; in one cache read once the round numbers are remembered (the round pairings
    page and its proxy's revalidations, the most asked of the public answers, read the check and the
    versions together instead of one after the other)."""
    if number > ROUNDS_READ_AT_ONCE:  # no real event: its names are read only once the round is known
        return (
            current_and(round_and_results_names(slug, number), also) if round_is_held(slug, number) else None
        )
    names = round_and_results_names(slug, number)
    values = cache.get_many([EPOCH_KEY, *names, held_key(slug), *also])
    epoch, kept = values.get(EPOCH_KEY), values.get(held_key(slug))
    if kept is None or epoch is None or kept[0] != epoch:
        return current_and(names, also) if round_is_held(slug, number) else None
    if number not in kept[1]:
        return None
    return _version_and_found(values, names, also)


def forget_held(slug: str) -> None:
    cache.delete(held_key(slug))


def round_and_results_names(slug: str, number: int) -> list[str]:
    """A page of one round that shows its results and those of the rounds before it: the round
    pairings page, with each team's rank and match points before the round and each match's score
    (issue 20, item 4). A result of a later round, or a later round entering play, leaves it as it is."""
    earlier = [name for n in range(1, number) for name in (round_key(slug, n), round_results_key(slug, n))]
    return [tournament_key(slug), round_key(slug, number), round_results_key(slug, number), *earlier]


def results_names(slug: str) -> list[str]:
    """A page that shows the tournament's results (standings, crosstable): a round entering play
    changes them as a result does (``public_http.receivers``), the other states of the rounds do not."""
    return [tournament_key(slug), results_key(slug)]


def results_and_rounds_names(slug: str) -> list[str]:
    """A page that shows the results and every published round (the TRF export)."""
    return [tournament_key(slug), rounds_key(slug), results_key(slug)]


def round_results_names(slug: str, number: int) -> list[str]:
    """A page that shows one round's results (its board pairings)."""
    return [tournament_key(slug), round_key(slug, number), round_results_key(slug, number)]


def tournament_version(slug: str) -> str:
    """For a page that shows no results: any change but a result makes it out of date."""
    return current(*tournament_names(slug))


def results_version(slug: str) -> str:
    """For a page that shows results (standings): any change of the tournament or of its results."""
    return current(*results_names(slug))


def round_results_version(slug: str, number: int) -> str:
    """For a page that shows one round's results (its boards): a change of the tournament, of the
    round's state or of those results."""
    return current(*round_results_names(slug, number))


def _bump_now(names: Iterable[str]) -> None:
    values = {name: _token() for name in names}
    if values:
        cache.set_many(values, timeout=None)


def _keys(
    slugs: Iterable[str],
    site: bool,
    results_only: bool,
    rounds: Iterable[tuple[str, int]],
    states: Iterable[tuple[str, int]],
) -> set[str]:
    key = results_key if results_only else tournament_key
    names = {key(slug) for slug in slugs if slug}
    names |= {round_results_key(slug, number) for slug, number in rounds}
    for slug, number in states:
        names |= {rounds_key(slug), round_key(slug, number)}
    if site:
        names.add(SITE_KEY)
    return names


def bump(
    slugs: Iterable[str],
    *,
    site: bool = False,
    results_only: bool = False,
    rounds: Iterable[tuple[str, int]] = (),
    states: Iterable[tuple[str, int]] = (),
) -> None:
    """New versions for these tournaments (and the site's lists): now, and again after the commit.

    ``results_only``: a result changed, nothing else (the pages without results stay as they are);
    ``rounds``: (slug, number) of the rounds whose results changed; ``states``: (slug, number) of the
    rounds whose state or date changed (the pages listing the rounds and those rounds' own pages).
    The version taken after the commit is the one that counts: a reader who took
    the intermediate version may have read the database before the commit. The
    first bump makes the change visible at once to the writer's own connection
    (a test's transaction, which never commits). Within an atomic block each
    version is bumped once at once and once after the commit, however many
    rows change (a publication saves a match per pairing).
    """
    names = _keys(slugs, site, results_only, rounds, states)
    if not names:
        return
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        _bump_now(names)
        return
    state = connection.__dict__.get("public_http_state")
    if state is None or not any(func is state["flush"] for _, func, _ in connection.run_on_commit):
        # The first change of this transaction, or a rollback dropped the renewal registered before.
        state = _register(connection, state)
    # At once: once per version and atomic block (a service's savepoint within a test's transaction).
    block = _block(connection)
    new = {name for name in names if (block, name) not in state["seen"]}
    if new:
        _bump_now(new)
        state["seen"].update((block, name) for name in new)
    state["pending"] |= names


def _block(connection) -> str:
    """The innermost atomic block with a savepoint of its own ("": the transaction itself). A block
    without one (``atomic(savepoint=False)``, which Django records as None) is part of the block
    around it: None would make two services' blocks one, and the second's change not visible at once."""
    return next((sid for sid in reversed(connection.savepoint_ids) if sid), "")


def change_block() -> tuple | None:
    """Which atomic block of which transaction this connection's changes are in: equal for two writes
    of one block (a service's, without a savepoint between them), None outside one or before its first
    change. A write may reuse what an earlier write of the same block read for its versions."""
    connection = transaction.get_connection()
    state = connection.__dict__.get("public_http_state")
    if not connection.in_atomic_block or state is None:
        return None
    if not any(func is state["flush"] for _, func, _ in connection.run_on_commit):
        return None  # a rollback dropped the changes recorded
    return (state, _block(connection))


def uncommitted() -> bool:
    """Whether this connection has changed what the public sees and not committed it yet.

    What it reads then is not what the others read: nothing it computes is kept for them.
    """
    connection = transaction.get_connection()
    state = connection.__dict__.get("public_http_state")
    return bool(connection.in_atomic_block and state is not None and state["pending"])


def _register(connection, previous: dict | None) -> dict:
    state: dict = {"pending": set(previous["pending"]) if previous else set(), "seen": set()}

    def flush() -> None:
        if connection.__dict__.get("public_http_state") is state:
            del connection.__dict__["public_http_state"]
        _bump_now(state["pending"])

    state["flush"] = flush
    connection.__dict__["public_http_state"] = state
    transaction.on_commit(flush, robust=True)
    return state


def invalidate_all() -> None:
    """A new epoch: every version, ETag and shared copy before it is out of date."""
    cache.set(EPOCH_KEY, _token(), timeout=None)
