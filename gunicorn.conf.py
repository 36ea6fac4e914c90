"""gunicorn's settings for the site: read from the project folder by every way the site is served.

``./scripts/start --full`` (Procfile), the Docker image and compose file, and the load benchmarks
(``bench/season.py``, ``bench/load_pairings.py``) all start gunicorn in this folder, where it reads
this file, so what is measured is what is run. Each setting can be changed from the environment.

Why these values (measured with ``bench/season.py``, docs/hosting-a-season.md): a public page served
from the shared copy costs a few milliseconds, a page rendered after a new result some tens. With
few processes and many threads, the quick answers queue behind the renders for the one interpreter
lock of their process (the p95 of the crowd went past 100 ms); with twice as many processes as
cores (plus two) and two threads each, the system's scheduler shares the cores between them and a
quick answer stays quick. Threads (``gthread``) keep a visitor's connection open between requests
(``keepalive``), as a browser or a proxy in front expects.
"""

import multiprocessing
import os

bind = os.environ.get("WEB_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_WORKERS", multiprocessing.cpu_count() * 2 + 2))
# gthread, its heartbeat written once a second instead of on every request (pairing_site/gunicorn_worker.py)
worker_class = os.environ.get("WEB_WORKER_CLASS", "pairing_site.gunicorn_worker.ThreadWorker")
threads = int(os.environ.get("WEB_THREADS", 2))
keepalive = int(os.environ.get("WEB_KEEPALIVE", 5))  # seconds; longer than a reader's pause
# A worker tells the arbiter it is alive by touching a file in its loop: in memory, not on a disk that
# may block (gunicorn's advice for containers).
worker_tmp_dir = os.environ.get("WEB_WORKER_TMP_DIR", "/dev/shm" if os.path.isdir("/dev/shm") else None)

# Python's cyclic garbage collector, per worker: "a,b,c" for gc.set_threshold (Python's default is
# 700,10,10; "" keeps it). A render of a 180-team page makes tens of thousands of objects; with a
# larger first threshold fewer of them live long enough to be moved to the older generations, whose
# full collections stop every thread of the process for up to a second under load. Measured with
# bench/season.py (docs/hosting-a-season.md): less CPU in the web processes, a shorter slowest request.
gc_threshold = os.environ.get("WEB_GC_THRESHOLD", "20000,20,20")


def post_worker_init(worker):
    """The collector's thresholds in each worker, once the site is loaded (``WEB_GC_THRESHOLD``)."""
    import gc

    if gc_threshold:
        gc.set_threshold(*(int(v) for v in gc_threshold.split(",")))
