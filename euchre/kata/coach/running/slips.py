"""Slips in a feature that its parser passes over without a word, so that a scenario would
vanish from the run and its Rule seem to have no example: each said in one line, with where it
is, for the run to be amber instead."""

from __future__ import annotations

import difflib
import re

_NAMED = re.compile(r"^\s*(?:Scenario Outline|Scenario Template|Scenario|Example)\s*:\s*(.*?)\s*$")
_NO_COLON = re.compile(r"^\s*((?:Scenario Outline|Scenario Template|Scenario|Example)\s+(.+?))\s*$")
_STEP = re.compile(r"^\s*(?:Given|When|Then|And|But)\s")
_LABELLED = re.compile(r"^\s*([A-Za-z][A-Za-z ]*?)\s*:\s*(.*?)\s*$")
_STEPS_UNDER = ("Scenario Outline", "Scenario Template", "Scenario", "Example", "Background")


def first(path: str, lines: list[str]) -> str | None:
    """The first slip in the feature at ``path``, read as ``lines``, in one line; None if none."""
    return _misspelt(path, lines) or _no_colon(path, lines) or _shared_name(path, lines)


def _no_colon(path: str, lines: list[str]) -> str | None:
    """A scenario's first line without its colon, steps under it: Gherkin reads both as prose
    (a Rule's description), and the learner's example is not there."""
    for number, line in enumerate(lines, start=1):
        found = None if _NAMED.match(line) else _NO_COLON.match(line)
        after = next((text for text in lines[number:] if text.strip()), "")
        if found and _STEP.match(after):
            keyword = found.group(1)[: -len(found.group(2))].rstrip()
            return (
                f"{path}:{number}: “{found.group(1)}” has no colon, so Gherkin reads it and its"
                f" steps as prose: write “{keyword}: {found.group(2)}”"
            )
    return None


def _misspelt(path: str, lines: list[str]) -> str | None:
    """A keyword spelt nearly right, steps under it ("Exampel:"): prose too, to Gherkin."""
    keywords = {keyword.lower(): keyword for keyword in _STEPS_UNDER}
    for number, line in enumerate(lines, start=1):
        found = None if _NAMED.match(line) else _LABELLED.match(line)
        after = next((text for text in lines[number:] if text.strip()), "")
        if found and found.group(1) not in _STEPS_UNDER and _STEP.match(after):
            near = difflib.get_close_matches(found.group(1).lower(), keywords, n=1, cutoff=0.75)
            if near:
                return (
                    f"{path}:{number}: “{found.group(1)}:” is not a Gherkin keyword, so Gherkin"
                    f" reads it and its steps as prose: write “{keywords[near[0]]}:"
                    f" {found.group(2)}”"
                )
    return None


def _shared_name(path: str, lines: list[str]) -> str | None:
    """Two scenarios of one name: pytest-bdd keeps one scenario of each name, so the other
    would vanish from the run (and its Rule seem to have no example)."""
    seen: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        if found := _NAMED.match(line):
            name = found.group(1)
            if name in seen:
                return (
                    f'{path}: two scenarios share the name "{name}" (lines {seen[name]} and'
                    f" {number}): name each once"
                )
            seen[name] = number
    return None
