"""tests/golden/ is the repository's copy of shared/golden/, the checked hands kept beside the
rule books: the rules tests read the copy, so a clone with nothing beside it tests alone.
Where shared/ does sit beside the repository (a developer's machine, CI), every line of its
golden files must also be in the copy, so a hand added there reaches the tests."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
COPY = REPO / "tests" / "golden"
SHARED_GOLDEN = (REPO / ".." / "shared" / "golden").resolve()


def lines_of(path: Path) -> set[str]:
    return {line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}


def test_the_copy_holds_the_three_golden_files() -> None:
    names = sorted(path.name for path in COPY.glob("*.tsv"))
    assert names == ["mahjongg.tsv", "mahjongg_changes.tsv", "scoring.tsv"]


@pytest.mark.skipif(not SHARED_GOLDEN.is_dir(), reason="no shared/ beside the repository")
@pytest.mark.parametrize(
    "name",
    sorted(path.name for path in SHARED_GOLDEN.glob("*.tsv")) if SHARED_GOLDEN.is_dir() else [],
)
def test_every_line_of_shared_golden_is_in_the_copy(name: str) -> None:
    copy = COPY / name
    assert copy.exists(), f"shared/golden/{name} has no copy: cp it to tests/golden/"
    missing = sorted(lines_of(SHARED_GOLDEN / name) - lines_of(copy))
    assert not missing, (
        f"{len(missing)} line(s) of shared/golden/{name} are not in tests/golden/{name} "
        f"(copy the file again): {missing[:3]}"
    )
