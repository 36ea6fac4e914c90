"""A "system" that fails the way a bug would: the command line must exit 2 without a traceback."""


def pair(state):
    raise ZeroDivisionError("a bug in the system")


def violations(state, pairing):
    return []
