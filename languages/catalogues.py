"""The site's message catalogues (``locale/<lang>/LC_MESSAGES/django.po``) and their compilation to ``.mo``.

Compiled with Babel, in pure Python: no gettext tools are needed to run the site or its
tests (``makemessages``, which extracts the strings, does need GNU gettext's ``xgettext``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings

DOMAINS = ("django", "djangojs")


@dataclass(frozen=True)
class Catalogue:
    language: str
    po: Path

    @property
    def mo(self) -> Path:
        return self.po.with_suffix(".mo")

    def is_stale(self) -> bool:
        return not self.mo.exists() or self.mo.stat().st_mtime < self.po.stat().st_mtime


def catalogues(languages: list[str] | None = None) -> list[Catalogue]:
    """Every ``.po`` file under ``LOCALE_PATHS`` (of ``languages`` only, when given)."""
    found = []
    for base in map(Path, settings.LOCALE_PATHS):
        for po in sorted(base.glob("*/LC_MESSAGES/*.po")):
            language = po.parent.parent.name
            if po.stem in DOMAINS and (not languages or language in languages):
                found.append(Catalogue(language, po))
    return found


def read(path: Path):
    with path.open("rb") as f:
        return read_po(f, abort_invalid=True)


def problems(catalogue) -> list[str]:
    """What a translator got wrong: a placeholder missing or added (python-format), a bad plural."""
    out = []
    for message, errors in catalogue.check():
        for error in errors:
            out.append(f"line {message.lineno}: {message.id!r}: {error}")
    return out


def compile_catalogue(cat: Catalogue) -> list[str]:
    """Write ``cat``'s ``.mo`` (fuzzy entries left out, as msgfmt does); the problems found (then nothing is written)."""
    try:
        catalogue = read(cat.po)
    except Exception as exc:  # a syntax error in the .po (Babel's PoFileError names the line)
        return [str(exc)]
    found = problems(catalogue)
    if found:
        return found
    tmp = cat.mo.with_suffix(".mo.tmp")
    with tmp.open("wb") as f:
        write_mo(f, catalogue, use_fuzzy=False)
    tmp.replace(cat.mo)
    return []


def compile_stale(languages: list[str] | None = None, *, force: bool = False) -> tuple[list[Catalogue], dict]:
    """Compile the catalogues whose ``.mo`` is missing or older than the ``.po``; (compiled, {po: problems})."""
    compiled, failed = [], {}
    for cat in catalogues(languages):
        if not (force or cat.is_stale()):
            continue
        found = compile_catalogue(cat)
        if found:
            failed[cat.po] = found
        else:
            compiled.append(cat)
    return compiled, failed
