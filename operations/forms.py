"""Forms of the operations pages (they only parse input; services decide)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from operations.domain.match_scoring import GAME_POINTS

RESULT_CHOICES = [
    ("", "—"),
    ("1-0", "1-0"),
    ("1/2-1/2", "½-½"),
    ("0-1", "0-1"),
    ("+-", _("+/− (Black forfeits)")),
    ("-+", _("−/+ (White forfeits)")),
    ("--", _("−/− double forfeit")),
    ("*", _("unfinished")),
]
assert {c for c, _label in RESULT_CHOICES} == set(GAME_POINTS)


class LineupForm(forms.Form):
    """One select per board, choices = the roster (blank = empty board)."""

    override_reason = forms.CharField(required=False, max_length=300, label=_("Late override: reason"))
    # The boards the captain confirms are left empty (lost by forfeit), as "3,4": the checkbox the
    # page shows after a first submission with empty boards (issue 18, item 6).
    confirm_empty_boards = forms.CharField(required=False, max_length=200)

    def __init__(self, *args, roster, boards: int, initial_ids=None, allow_override=False, **kw):
        super().__init__(*args, **kw)
        choices = [("", _("— empty board —"))] + [
            (
                str(p.pk),
                (_("%(order)s. %(name)s (withdrawn)") if p.is_withdrawn else "%(order)s. %(name)s")
                % {"order": p.board_order, "name": p.name},
            )
            for p in roster
        ]
        for b in range(1, boards + 1):
            initial = initial_ids[b - 1] if initial_ids and b <= len(initial_ids) else None
            self.fields[f"board_{b}"] = forms.ChoiceField(
                choices=choices,
                required=False,
                label=_("Board %(board)s") % {"board": b},
                initial=str(initial) if initial else "",
            )
        self.boards = boards
        if not allow_override:
            del self.fields["override_reason"]

    def board_fields(self):
        return [self[f"board_{b}"] for b in range(1, self.boards + 1)]

    def confirmed_empty_boards(self) -> list[int]:
        """The board numbers of the confirmation checkbox (none when it is not ticked)."""
        raw = self.cleaned_data.get("confirm_empty_boards") or ""
        return [int(b) for b in raw.split(",") if b.strip().isascii() and b.strip().isdigit()]

    def player_ids(self) -> list[int | None]:
        return [
            int(v) if (v := self.cleaned_data.get(f"board_{b}")) else None for b in range(1, self.boards + 1)
        ]


class TrfImportForm(forms.Form):
    file = forms.FileField(label=_("TRF-2026 file (team, or individual: 001 records only)"))
    name = forms.CharField(max_length=200, required=False, help_text=_("Blank: the file's 012 name."))
    slug = forms.SlugField(max_length=100, required=False, help_text=_("Blank: made from the name."))
