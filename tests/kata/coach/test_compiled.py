"""What a run compiled, told to the watch's runner and compiled there (compiled.py)."""

from __future__ import annotations

import json
import os
import re

from euchre.kata.coach import compiled


def test_what_a_process_compiled_since_a_moment_is_told_and_compiled_again() -> None:
    before = compiled.patterns()
    re.compile("a pattern of this test", re.IGNORECASE)
    told, telling = os.pipe()
    compiled.tell(telling, before)
    learnt = compiled.read(told)
    assert learnt == [("a pattern of this test", re.IGNORECASE.value)]
    re.purge()
    assert ("a pattern of this test", re.IGNORECASE.value) not in compiled.patterns()
    compiled.compile_again(learnt)
    assert ("a pattern of this test", re.IGNORECASE.value) in compiled.patterns()


def test_a_run_that_ended_before_it_told_it_all_teaches_nothing() -> None:
    told, telling = os.pipe()
    os.write(telling, json.dumps([["cut", 0], ["short", 0]]).encode()[:-4])
    os.close(telling)
    assert compiled.read(told) == []


def test_a_pattern_that_does_not_compile_here_is_passed_over() -> None:
    compiled.compile_again([("(unclosed", 0), ("closed", 0)])
    assert ("closed", 0) in compiled.patterns()
