"""Property: moving any one line of a shipped ruleset left or right gives a message located at that line (or a
neighbour), in words, and never an internal error (issue 24, item 6).

A move can leave a ruleset that still reads and plays the same rules (the only key under its heading, a line of a
folded summary): then there is nothing to say. What does not load says where; nothing changes the rules silently.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunee_dsl.editor.checking import check_text

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "rulesets").glob("*.yaml"))
TEXTS = {path: path.read_text(encoding="utf-8").split("\n") for path in SHIPPED}


def _rules(data):
    """The data without its notes, and each text's spacing as one space."""
    if isinstance(data, dict):
        return {k: _rules(v) for k, v in data.items() if k not in ("summary", "source")}
    if isinstance(data, list):
        return [_rules(v) for v in data]
    return " ".join(data.split()) if isinstance(data, str) else data


ORIGINAL = {path: check_text("\n".join(lines), filename=str(path), base_dir=path.parent).source.data
            for path, lines in TEXTS.items()}


def _lines(path: Path) -> list[int]:
    return [i for i, line in enumerate(TEXTS[path]) if line.strip() and not line.lstrip().startswith("#")]


@st.composite
def moved_lines(draw):
    path = draw(st.sampled_from(SHIPPED))
    i = draw(st.sampled_from(_lines(path)))
    line = TEXTS[path][i]
    indent = len(line) - len(line.lstrip(" "))
    by = draw(st.sampled_from([b for b in (-2, -1, 1, 2) if indent + b >= 0]))
    lines = list(TEXTS[path])
    lines[i] = " " * (indent + by) + line.lstrip(" ")
    return path, i + 1, by, "\n".join(lines)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moved_lines())
def test_a_moved_line_is_said_at_that_line_and_never_as_an_internal_error(moved):
    path, n, by, text = moved
    check = check_text(text, filename=str(path), base_dir=path.parent)
    assert not [p for p in check.problems if "internal error" in p.message], check.problems
    if check.ok:  # it still reads and plays: the same rules (a note's or a summary's spacing may change)
        assert _rules(check.source.data) == _rules(ORIGINAL[path]), f"{path.name}: line {n} moved {by}: silently"
        return
    near = [p for p in check.problems if p.in_text and abs(p.line - n) <= 1]
    assert near, (f"{path.name}: line {n} moved {by}: " + "; ".join(map(str, check.problems[:3])))
    assert not [p for p in near if "<block" in p.message or "<scalar>" in p.message], near  # the parser's words
