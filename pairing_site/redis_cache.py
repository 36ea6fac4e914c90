"""Django's Redis cache, keeping one Redis client per connection pool.

Django's ``RedisCacheClient`` builds a new ``redis.Redis`` for every cache
call, and redis-py's constructor fills its table of response callbacks each
time (about a tenth of a millisecond): a public page served from the shared
cache makes two or three calls, so that was a third of its cost. A client on
a connection pool is safe to share between threads (redis-py's own
guarantee), so this backend keeps one per pool; everything else is Django's.
``CACHES`` names it when ``REDIS_URL`` is set (``pairing_site.settings``).
"""

from __future__ import annotations

from django.core.cache.backends import redis as django_redis


class RedisCacheClient(django_redis.RedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class RedisCache(django_redis.RedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
