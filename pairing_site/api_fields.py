"""Input fields of the API that take only the JSON type the schema names (issue 18, item 4).

DRF's ``BooleanField`` also takes ``0``, ``"no"`` or ``"off"`` and its ``CharField`` takes a number
(``{"text": 0}`` saved the note "0"): a request the schema calls invalid was accepted. These
refuse it with 400 naming the field, as the schema says.
"""

from __future__ import annotations

from rest_framework import serializers


class BooleanField(serializers.BooleanField):
    """``true`` or ``false``, nothing else."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class CharField(serializers.CharField):
    """A JSON string, nothing else."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)
