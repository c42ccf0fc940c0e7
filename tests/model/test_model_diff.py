"""`thunee-dsl diff`: the rules that differ between two rulesets, in plain words, with where they came from."""

from __future__ import annotations

import json
from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.cli.main import main
from thunee_dsl.model.diff import diff_rulesets

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_ruleset_does_not_differ_from_itself():
    assert diff_rulesets(load_ruleset("standard"), load_ruleset("standard")) == []


def test_partner_catch_six_reads_as_one_rule_change():
    changes = diff_rulesets(load_ruleset("standard"), load_ruleset(str(ROOT / "examples" / "partner-catch-six.yaml")))
    assert [c.text for c in changes] == ["Thunee partner catch: 8 balls -> 6 balls"]
    (change,) = changes
    assert change.path == ("undertakings", "thunee", "balls", "partner_catch")
    assert (change.before, change.after, change.kind) == (8, 6, "changed")
    assert change.where_after.endswith("examples/partner-catch-six.yaml:8:28")
    assert "rulesets/standard.yaml:" in change.where_before


def test_added_removed_and_changed_rules(tmp_path):
    house = write(tmp_path, """\
extends: standard
name: house
title: Our house rules
calling:
  simultaneous_extra: 0
game:
  target: 13
  corner_house: 12
undertakings:
  royals:
    verb: royals
    title: Royals
    balls: {success: 4, failure: 4}
claims:
  khanaak: null
""")
    texts = [c.text for c in diff_rulesets(load_ruleset("standard"), load_ruleset(str(house)))]
    assert texts == [
        "Extra for simultaneous calls: 10 -> 0",
        "Adds the Royals call (royals)",
        "Removes the Khanaak call",
        "Balls to win: 12 -> 13",
        "Corner house: 11 -> 12",
    ]
    # the other direction reads the other way round
    back = [c.text for c in diff_rulesets(load_ruleset(str(house)), load_ruleset("standard"))]
    assert "Balls to win: 13 -> 12" in back and "Removes the Royals call" in back and "Adds the Khanaak call (khanaak)" in back


def test_titles_and_descriptions_are_not_rule_changes(tmp_path):
    house = write(tmp_path, "extends: standard\nname: renamed\ntitle: Another title\nsummary: words\n")
    assert diff_rulesets(load_ruleset("standard"), load_ruleset(str(house))) == []


def test_cli_diff_text_and_json(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)  # the table names the file the way it is reached from here
    overlay = str(ROOT / "examples" / "partner-catch-six.yaml")
    assert main(["diff", "standard", overlay]) == 0
    out = capsys.readouterr().out.splitlines()
    row = "Thunee partner catch: 8 balls -> 6 balls   examples/partner-catch-six.yaml:8:28"
    assert out == ["partner-catch-six differs from standard:",
                   "Rule change                                Where (partner-catch-six)", "-" * len(row), row]
    assert main(["diff", "standard", overlay, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["from"] == "standard" and data["to"] == "partner-catch-six"
    assert data["changes"][0]["path"] == "undertakings.thunee.balls.partner_catch"
    assert data["changes"][0]["to"].endswith("partner-catch-six.yaml:8:28")
    assert main(["diff", "standard", "standard"]) == 0
    assert capsys.readouterr().out.strip() == "standard and standard play the same rules"


def test_diff_says_the_rulesets_own_unit_and_seats(tmp_path):
    """The unit of score is each ruleset's own (issue 23); a seat is said as a player, not 'dealer+1'."""
    house = write(tmp_path, """\
extends: standard
name: chips
game:
  target: 13
  corner_house: 12
  unit: chips
undertakings:
  thunee:
    balls: {partner_catch: 6}
penalties:
  balls_for: {out of turn: 2}
play:
  first_leader: trump_maker
""")
    texts = [c.text for c in diff_rulesets(load_ruleset("standard"), load_ruleset(str(house)))]
    assert "Thunee partner catch: 8 balls -> 6 chips" in texts  # each side in its own unit
    assert "Game won at: 12 balls -> 13 chips" in texts  # (the target in each side's own unit, as the catch)
    assert "Adds Unit of score: chips" in texts
    assert "Adds Penalty for: out of turn 2 chips" in texts
    assert "First leader: the player to the trump maker's right -> the trump maker" in texts


def test_a_concession_reads_in_the_unit():
    texts = [c.text for c in diff_rulesets(load_ruleset("standard"), load_ruleset("nigerian-thuni"))]
    assert "Adds Concede: 3 balls" in texts
    assert "Adds Bidding: first bidder the player to the dealer's left, lowest 1, highest 8, all pass dealer bids " \
           "lowest, passer trick cap 1" in texts
