"""The regular expressions a run compiled, for the watch's runner to compile before its next
fork: the next run finds them in ``re``'s cache instead of compiling them again.

Each run imports the learner's step definitions anew, and their parsers compile their
patterns the first time a step is matched: some sixty patterns, several milliseconds of a
run at stage 1. A compiled pattern is made by its text and flags alone, so having it ready
changes nothing a run does; a pattern no longer written only takes a place in the cache,
which ``re`` keeps to its own size. ``re`` has no public way to list what it has compiled:
this reads its cache, and if a Python to come keeps none, nothing is learnt and each run
compiles its own, as before.
"""

from __future__ import annotations

import contextlib
import json
import os
import re

Key = tuple[str, int]
"""A pattern's text, and the flags it was compiled with."""


def patterns() -> set[Key]:
    """The text patterns this process has compiled, as far as ``re``'s cache remembers."""
    caches = [getattr(re, name, {}) for name in ("_cache", "_cache2")]  # 3.12 keeps two
    return {
        (key[1], key[2])
        for cache in caches
        for key in list(cache)
        if isinstance(key, tuple) and len(key) == 3 and key[0] is str
    }


def tell(out: int, before: set[Key]) -> None:
    """Write to ``out`` (and close it) the patterns compiled since ``before``."""
    with os.fdopen(out, "w", encoding="utf-8") as told:
        json.dump(sorted(patterns() - before), told)


def read(told: int) -> list[Key]:
    """What a run told (and close ``told``); nothing if it ended before it could tell it all."""
    with os.fdopen(told, encoding="utf-8") as text:
        said = text.read()
    with contextlib.suppress(ValueError, TypeError):
        keys = json.loads(said)
        return [(str(pattern), int(flags)) for pattern, flags in keys]
    return []


def compile_again(keys: list[Key]) -> None:
    """Compile each pattern, into this process's cache."""
    for pattern, flags in keys:
        with contextlib.suppress(re.error, ValueError):  # it compiled there; here, just in case
            re.compile(pattern, flags)
