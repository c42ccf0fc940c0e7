"""Every shipped ruleset validates, renders a rulebook, compares with standard, and has golden transcripts."""

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.cli.main import main
from thunee_dsl.game.transcript import replay_file
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook

TRANSCRIPTS = Path(__file__).resolve().parent / "transcripts"
NAMES = sorted(shipped_rulesets())


def test_the_seed_rulesets_are_shipped():
    assert {"standard", "royals", "blind-thunee", "thirteen-point", "two-to-clear", "six-player", "two-player",
            "nigerian-thuni", "cats-at-cards"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_ruleset_validates(name, capsys):
    assert main(["validate", name]) == 0
    assert capsys.readouterr().out.startswith(f"{name}: ok")


@pytest.mark.parametrize("name", NAMES)
def test_ruleset_renders_a_rulebook(name):
    rules = load_ruleset(name)
    book = render_rulebook(rules)
    assert book.startswith(f"# {rules.title}\n")
    for heading in ("## Players and cards", "## A deal, step by step", "## Play", "## Scoring a deal", "## Winning the game"):
        assert heading in book
    assert "*Source:" in book  # every ruleset cites the rule text


@pytest.mark.parametrize("name", NAMES)
def test_ruleset_differs_from_standard_in_words(name):
    changes = diff_rulesets(load_ruleset("standard"), load_ruleset(name))
    assert (changes == []) == (name == "standard")
    assert all(c.text and (c.where_before or c.where_after) for c in changes)


@pytest.mark.parametrize("name", NAMES)
def test_ruleset_has_golden_transcripts_that_replay(name):
    files = sorted((TRANSCRIPTS / name).glob("*.yaml"))
    golden = [f for f in files if not f.name.startswith("error_")]
    assert golden, f"tests/transcripts/{name}/ has no golden transcript"
    for path in golden:
        report = replay_file(path)
        assert report.ruleset == name and report.deals
