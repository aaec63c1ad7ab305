"""Whatever `euchre replay` is given, it answers in lines, never a traceback, and its exit
status is one of the documented ones."""

from __future__ import annotations

import io
import json
import os
import tempfile
from contextlib import redirect_stderr
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.cli import main
from tests.examples import at_most
from tests.history.records import EXAMPLE

DOCUMENTED = {0, 1, 2}  # and 130 (Ctrl-C) and 141 (closed output), tested on their own

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
# Records close to real ones: the example with any field replaced by any JSON value.
NEAR_RECORDS = st.builds(
    lambda key, value: {**EXAMPLE, key: value},
    st.sampled_from([*EXAMPLE, "kitty", "alone", "rules", "lone_defender", "played_at"]),
    JSON_VALUES,
)


def replay_bytes(content: bytes, *args: str) -> tuple[int, str, str]:
    descriptor, name = tempfile.mkstemp(suffix=".json")
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(content)
        out, err = io.StringIO(), io.StringIO()
        with redirect_stderr(err):
            status = main(["replay", *args, name], stdout=out)
    finally:
        os.unlink(name)
    return status, out.getvalue(), err.getvalue()


def check(status: int, out: str, err: str, as_json: bool) -> None:
    assert status in DOCUMENTED
    assert "Traceback" not in out + err
    assert len(err.splitlines()) <= 1
    if as_json:
        for line in out.splitlines():
            assert isinstance(json.loads(line), dict)
    if status == 0:
        assert "error" not in out


@pytest.mark.usefixtures("uncovered")  # a property: other tests cover its lines
@at_most(400)  # each example is a whole `euchre replay` of a file
@given(st.binary(max_size=300), st.booleans())
def test_any_bytes_at_all(content: bytes, as_json: bool) -> None:
    check(*replay_bytes(content, *(["--json"] if as_json else [])), as_json)


@pytest.mark.usefixtures("uncovered")  # a property: other tests cover its lines
@at_most(400)  # each example is a whole `euchre replay` of a file
@given(st.lists(JSON_VALUES | NEAR_RECORDS, max_size=4), st.booleans(), st.booleans())
def test_any_json_values_as_a_document_or_as_json_lines(
    values: list[Any], lines: bool, as_json: bool
) -> None:
    text = "\n".join(map(json.dumps, values)) if lines else json.dumps(values[0] if values else {})
    status, out, err = replay_bytes(text.encode(), *(["--json"] if as_json else []))
    check(status, out, err, as_json)
    assert status != 2


@pytest.mark.usefixtures("uncovered")  # a property: other tests cover its lines
@at_most(400)  # each example is a whole `euchre replay` of a file
@given(NEAR_RECORDS)
def test_a_record_near_a_real_one_is_legal_or_one_error_in_the_domains_words(
    record: dict[str, Any],
) -> None:
    status, out, err = replay_bytes(json.dumps(record).encode(), "--json")
    check(status, out, err, True)
    [line] = out.splitlines()
    result = json.loads(line)
    assert ("error" in result) == (status == 1)
    assert "NoneType" not in line
    assert "object has no" not in line
