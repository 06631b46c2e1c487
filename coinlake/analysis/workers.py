"""Worker processes for batch runs (:func:`coinlake.analysis.evaluate`, ``coinlake
simulate``): a pool whose workers start with the library already imported.

Where the platform has a fork server (Linux, macOS), workers are forked from it, and it
imports coinlake once, the first time a pool is made in the program: a later pool starts
its workers in milliseconds instead of importing the library again in each one. Elsewhere
they are spawned. Either way nothing is inherited from the calling process but what is
sent to the task, so results never depend on the start method.
"""

from __future__ import annotations

import gc
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

PRELOAD = ("coinlake", "coinlake.analysis.evaluate", "coinlake.simulate")
"""What the fork server imports before it forks a worker."""


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes (see the module docstring)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(jobs, mp_context=context, initializer=_worker_started)
    server = multiprocessing.get_context("forkserver")
    server.set_forkserver_preload(list(PRELOAD))  # read when the fork server starts
    return ProcessPoolExecutor(jobs, mp_context=server, initializer=_worker_started)


def _worker_started() -> None:
    """A worker's start: the library it imported is kept out of every garbage collection
    (a worker is the pool's own process: nothing else in it to collect)."""
    for name in PRELOAD:
        __import__(name)
    gc.freeze()
