"""DRF fields for lists and maps a client sends, refused when too long before any item is checked.

DRF's ``ListField(max_length=...)`` checks the length after validating every item, so a list of
200,000 items is validated item by item before it is refused (issue 18, item 1). These check first.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers


class BoundedListField(serializers.ListField):
    def to_internal_value(self, data):
        if isinstance(data, list) and self.max_length is not None and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return super().to_internal_value(data)


class BoundedDictField(serializers.DictField):
    default_error_messages = {"max_length": _("Ensure this field has no more than {max_length} entries.")}

    def __init__(self, *args, max_length: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.max_length = max_length

    def to_internal_value(self, data):
        if isinstance(data, dict) and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return super().to_internal_value(data)
