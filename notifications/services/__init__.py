"""Services of the notices app.

- ``outbox``: record one notice per (event, recipient) and send each exactly once;
- ``events``: what each event tells whom (publication, lineup window, reminder, failed run);
- ``preferences``: a user's switches.
"""
