"""The stage order has one home, `euchre.kata.coach.stages`; everything else follows it."""

from __future__ import annotations

import tomllib

from euchre.kata.coach.record.stages import STAGES
from tests.paths import ROOT


def test_the_readme_tables_list_every_stage_in_order() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [
        f"| {stage.number} | [{stage.name}]({stage.feature_path}) | {stage.summary} |"
        for stage in STAGES
    ]
    positions = [readme.find(row) for row in rows]
    assert -1 not in positions, [row for row, at in zip(rows, positions, strict=True) if at < 0]
    assert positions == sorted(positions)


def test_every_stage_has_its_feature_its_step_module_and_a_registered_marker() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    markers = {line.split(":")[0] for line in config["tool"]["pytest"]["ini_options"]["markers"]}
    features = {path.name for path in (ROOT / "features").glob("*.feature")}
    assert features == {stage.feature for stage in STAGES}
    for stage in STAGES:
        assert (ROOT / stage.steps).is_file(), stage.steps
        assert stage.stem in markers, stage.stem
        first = (ROOT / stage.feature_path).read_text(encoding="utf-8").splitlines()[0]
        assert first == f"@{stage.stem}", stage.feature


def test_the_workspace_template_declares_the_same_markers() -> None:
    root = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    template = tomllib.loads(
        (ROOT / "euchre" / "kata" / "workspace_files" / "pyproject.toml").read_text(
            encoding="utf-8"
        )
    )
    assert (
        template["tool"]["pytest"]["ini_options"]["markers"]
        == root["tool"]["pytest"]["ini_options"]["markers"]
    )
