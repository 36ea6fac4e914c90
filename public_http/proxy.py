"""The caching proxy's view of the site: which paths it may cache, on which query parameters (issue 21).

``manage.py proxy_config`` writes ``deploy/nginx/public_http.conf`` from this module: nginx ``map``
blocks that give, for a request's path,

- ``$public_view``: the name of the public view that answers it (``PUBLIC_VIEWS`` and the live
  fragments, ``LIVE_VIEWS``), empty for every other path (never cached by the proxy);
- ``$public_args``: the query parameters that view reads (``QUERY_PARAMETERS``, and the live
  fragments' ``v``), each normalised as the view reads it; the proxy keys its copy on the path and
  these alone and passes the site these alone, so ``?junk=1``, ``?junk=2``, ... are one entry, and
  a repeated parameter (``?round=1&round=2``) cannot make the site render another page than the
  one stored under the key.

The file is in the repository (docker-compose.yml mounts it); tests/public_http/test_proxy.py checks
it is what this module writes today, so a view added to ``PUBLIC_VIEWS`` or a parameter added to
``QUERY_PARAMETERS`` fails the tests until the file is written again.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.urls import URLPattern, URLResolver, get_resolver

from public_http.middleware import PUBLIC_VIEWS, QUERY_PARAMETERS, _match_or_boards, _number

# The fragments a public page polls while a round is in play (operations.views.live): shared by
# every anonymous visitor and marked for a shared cache for one second (micro-caching).
LIVE_VIEWS: dict[str, dict] = {
    "ops-board-pairings-live": {"v": str},
    "ops-standings-live": {"v": str},
}

HEADER = """\
# Written by `manage.py proxy_config` from public_http/middleware.py (PUBLIC_VIEWS,
# QUERY_PARAMETERS) and public_http/proxy.py (LIVE_VIEWS): do not edit, write it again.
# Included by deploy/nginx/site.conf.template (http context).
"""


def _nginx_regex(django_regex: str) -> str:
    """A URL pattern's regular expression as an nginx (PCRE) ``map`` source for ``$uri``."""
    body = django_regex.replace(r"\Z", "$")
    body = re.sub(r"\(\?P<\w+>", "(?:", body)  # no named captures: they would become nginx variables
    return "~^/" + body


def _patterns(patterns, prefix: str = "") -> Iterator[tuple[str, str]]:
    for pattern in patterns:
        regex = pattern.pattern.regex.pattern.lstrip("^")
        if isinstance(pattern, URLResolver):
            yield from _patterns(pattern.url_patterns, prefix + regex)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield pattern.name, prefix + regex


def cached_views() -> dict[str, dict]:
    """Every view the proxy may cache, with the query parameters it reads."""
    views = {name: QUERY_PARAMETERS.get(name, {}) for name in PUBLIC_VIEWS}
    views.update(LIVE_VIEWS)
    return views


def _argument_map(name: str, normal) -> list[str]:
    """``$public_arg_<name>``: ``&name=value`` as the view reads it, or empty."""
    lines = [f"map $arg_{name} $public_arg_{name} {{", '    "" "";']
    if normal is _number:  # "01" and "1" are one page (the view reads a number)
        lines.append(f'    "~^0*(?<public_number_{name}>[0-9]{{1,6}})$" "&{name}=$public_number_{name}";')
        lines.append(f'    default "&{name}=$arg_{name}";')
    elif normal is _match_or_boards:  # any other value is the board list, as without it
        lines.append(f'    match "&{name}=match";')
        lines.append('    default "";')
    elif normal is str:
        lines.append(f'    default "&{name}=$arg_{name}";')
    else:
        raise ValueError(f"public_http.proxy does not know how {normal!r} reads the parameter {name!r}")
    return [*lines, "}"]


def nginx_maps() -> str:
    """The text of deploy/nginx/public_http.conf."""
    views = cached_views()
    regexes: dict[str, list[str]] = {}
    for name, regex in _patterns(get_resolver().url_patterns):
        if name in views:
            regexes.setdefault(name, []).append(_nginx_regex(regex))
    missing = sorted(set(views) - set(regexes))
    if missing:
        raise ValueError(f"no URL pattern for the cached views {missing}")
    normals: dict[str, object] = {}
    for parameters in views.values():
        for parameter, normal in parameters.items():
            if normals.setdefault(parameter, normal) is not normal:
                raise ValueError(f"the parameter {parameter!r} is read two ways by the public views")
    out = [HEADER]
    out.append("# The public view that answers a path (empty: not cached by the proxy).")
    out.append("map $uri $public_view {")
    out.append('    default "";')
    for name in sorted(regexes):
        for regex in regexes[name]:
            out.append(f'    "{regex}" {name};')
    out.append("}\n")
    out.append("# The query parameters each view reads, normalised; the rest are left out.")
    for parameter in sorted(normals):
        out.extend(_argument_map(parameter, normals[parameter]))
    out.append("")
    out.append("map $public_view $public_args {")
    out.append('    default "";')
    for name in sorted(views):
        read = "".join(f"$public_arg_{p}" for p in sorted(views[name]))
        if read:
            out.append(f'    {name} "{read}";')
    out.append("}\n")
    out.extend(_visitor_maps())
    return "\n".join(out) + "\n"


def _visitor_maps() -> list[str]:
    """Who asks (``$public_private``) and in which language (``$public_language``), from the settings."""
    session, messages = settings.SESSION_COOKIE_NAME, CookieStorage.cookie_name
    codes = "|".join(re.escape(code) for code, _ in settings.LANGUAGES)
    return [
        "# A request is private (passed to the site uncached, with its cookies) with a session",
        f"# (SESSION_COOKIE_NAME {session!r}), an API token, or a message waiting for this visitor",
        f"# ({messages!r}, django.contrib.messages). The CSRF and language cookies alone are not private.",
        f'map "$cookie_{session}$http_authorization$cookie_{messages}" $public_private {{',
        '    "" 0;',
        "    default 1;",
        "}",
        "# Signed in (a session or an API token): the staff pool's gunicorn workers.",
        f'map "$cookie_{session}$http_authorization" $public_signed_in {{',
        '    "" 0;',
        "    default 1;",
        "}\n",
        "# The language LocaleMiddleware would choose (LANGUAGES): the language cookie",
        f"# ({settings.LANGUAGE_COOKIE_NAME!r}), else the first language of Accept-Language the site has,",
        "# else LANGUAGE_CODE. The site is passed this alone, so the key's language is the page's.",
        f"map $cookie_{settings.LANGUAGE_COOKIE_NAME} $public_language_cookie {{",
        f'    "~^({codes})$" $1;',
        '    default "";',
        "}",
        "map $http_accept_language $public_language_header {",
        f'    "~*(?:^|,)\\s*({codes})(?:[-;,\\s]|$)" $1;',
        f"    default {settings.LANGUAGE_CODE};",
        "}",
        "map $public_language_cookie $public_language {",
        '    "" $public_language_header;',
        "    default $public_language_cookie;",
        "}",
    ]
