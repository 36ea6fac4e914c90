"""System-neutral pieces the pairing systems share.

Each module holds one concept that the texts of several systems state in
the same way (the absolute checks of a pairing, colour histories, score
groups, table order); every system words its own explanation and cites its
own article around them.
"""
