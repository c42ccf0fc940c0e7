"""`thunee-dsl validate`: every problem of a broken ruleset as one exact `file:line:column: message`
line on stderr, exit status 1, never a traceback.

The broken rulesets are short `extends: standard` overlays written to a temporary folder. Most cases
run the CLI in-process (``main([...])`` with the working directory set to that folder, so the file
names in the messages are the short relative names a user would type); a few run it as a real
subprocess (``python -m thunee_dsl``) to check what a user sees on the terminal, traceback included.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from thunee_dsl.cli.main import main
from thunee_dsl.loading import rulesets_dir, shipped_rulesets

REPO = Path(__file__).resolve().parents[2]
STANDARD = REPO / "rulesets" / "standard.yaml"

AROUND = "; one of them must extend a ruleset outside this circle"  # what to do about an extends cycle


# --- helpers ---------------------------------------------------------------------------------------


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    """Run ``main(args)`` in-process; return (exit code, stdout, stderr)."""
    capsys.readouterr()  # drop anything printed before
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_subprocess(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return subprocess.run(
        [sys.executable, "-m", "thunee_dsl", *args],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=120,
    )


def known_rulesets() -> str:
    """The tail of an 'unknown ruleset' message (other rulesets may be shipped beside standard)."""
    return ", ".join(shipped_rulesets())


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    """Work in tmp_path so that messages name files the way a user typed them."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- one broken file each: the exact stderr ----------------------------------------------------------

# (id, file text, expected stderr lines with {f} for the file name)
CASES = [
    (
        "yaml-syntax",
        """
        extends: standard
        name: house
        game:
          target: 12
           corner_house: 11
        """,
        # (issue 24: YAML's "mapping values are not allowed here" at 5:16 before; the stray space now)
        ["{f}:5:1: this line is indented one space more than the line above: indent it by 2 spaces, to line it up"],
    ),
    (
        "yaml-syntax-tab",
        "extends: standard\nname: house\ngame:\n\ttarget: 12\n",
        ["{f}:4:1: this line is indented with a tab: indent with spaces, not tabs (YAML counts only spaces); it "
         "belongs under 'game:': indent it by 2 spaces"],
    ),
    (
        "anchor-alias",
        """
        extends: standard
        name: house
        game:
          target: &goal 12
          corner_house: *goal
        """,
        ["{f}:4:11: anchors and aliases are not allowed in rulesets"],
    ),
    (
        "schema-wrong-type",
        """
        extends: standard
        name: house
        game:
          target: twelve
        """,
        ["{f}:4:11: game.target: expected a whole number, got the text 'twelve'"],
    ),
    (
        "schema-unknown-key",
        """
        extends: standard
        name: house
        game:
          target: 12
          bonus: 3
        """,
        ["{f}:5:3: unknown key 'bonus' in game; expected one of: target, corner_house, source, deuce, win_by, raised_target, unit, deals, start, transfer, keeps_excess, game_value, rubber"],
    ),
    (
        "schema-enum",
        """
        extends: standard
        name: house
        players:
          direction: sideways
        """,
        ["{f}:4:14: players.direction: 'sideways' is not one of: clockwise, counterclockwise"],
    ),
    (
        "schema-several",
        """
        extends: standard
        name: house
        game:
          target: twelve
          bonus: 3
        players:
          direction: sideways
        """,
        [
            "{f}:4:11: game.target: expected a whole number, got the text 'twelve'",
            "{f}:5:3: unknown key 'bonus' in game; expected one of: target, corner_house, source, deuce, win_by, raised_target, unit, deals, start, transfer, keeps_excess, game_value, rubber",
            "{f}:7:14: players.direction: 'sideways' is not one of: clockwise, counterclockwise",
        ],
    ),
    (
        "formula-syntax",
        """
        extends: standard
        name: house
        scoring:
          outcomes:
            - when: counting.count >= 105 )
              winner: counting
              balls: 2
        """,
        [
            "{f}:5:35: scoring.outcomes[0].when: unexpected ')'; expected end of formula",
            "    counting.count >= 105 )",
            "                          ^",
        ],
    ),
    (
        "formula-syntax-quoted",
        """
        extends: standard
        name: house
        scoring:
          outcomes:
            - when: "counting.count >> 105"
              winner: counting
              balls: 2
        """,
        [
            "{f}:5:30: scoring.outcomes[0].when: unexpected '>'; expected one of: a name, a number, "
            "a string, '(', '-', 'false', 'none', 'true'",
            "    counting.count >> 105",
            "                    ^",
        ],
    ),
    (
        "formula-unknown-name",
        """
        extends: standard
        name: house
        dealer:
          passes_if: dealers.bals >= others.balls
        """,
        [
            "{f}:4:14: dealer.passes_if: unknown name 'dealers.bals'; did you mean 'dealers.balls'?",
            "    dealers.bals >= others.balls",
            "    ^",
        ],
    ),
    (
        "formula-unknown-name-not-first",
        """
        extends: standard
        name: house
        dealer:
          passes_if: dealers.balls >= other.balls
        """,
        [
            "{f}:4:31: dealer.passes_if: unknown name 'other.balls'; did you mean 'others.balls'?",
            "    dealers.balls >= other.balls",
            "                     ^",
        ],
    ),
    (
        "formula-wrong-type",
        """
        extends: standard
        name: house
        scoring:
          outcomes:
            - when: true
              winner: counting
              balls: counting.count >= 3
        """,
        [
            "{f}:7:14: scoring.outcomes[0].balls: expected a number formula, got a boolean",
            "    counting.count >= 3",
            "    ^",
        ],
    ),
    (
        "deal-exceeds-deck",
        """
        extends: standard
        name: house
        deal:
          batches: [4, 4]
        """,
        ["{f}:4:12: the deal gives 8 cards to each of 4 players (32 cards) but the deck has only 24"],
    ),
    (
        "duplicate-rank",
        """
        extends: standard
        name: house
        deck:
          ranks: [J, "9", A, T, K, Q, K]
        """,
        ["{f}:4:31: 'K' is listed twice in deck.ranks"],
    ),
    (
        "points-rank-not-in-deck",
        """
        extends: standard
        name: house
        deck:
          points: {J: 30, "9": 20, A: 11, T: 10, K: 3, Q: 2, "8": 1}
        """,
        ["{f}:4:59: deck.points names rank '8', which is not in deck.ranks"],
    ),
    (
        "sequence-not-ending-in-play",
        """
        extends: standard
        name: house
        sequence: [deal 1, make trumps, calling, deal 2, play, undertakings]
        """,
        ["{f}:3:11: the sequence must end with a 'play' step"],
    ),
    (
        "sequence-missing-batch",
        """
        extends: standard
        name: house
        sequence: [deal 1, make trumps, calling, undertakings, play]
        """,
        [
            "{f}:3:11: the sequence must deal the 2 batches of deal.batches in order "
            "(deal 1 ... deal 2), found: deal 1"
        ],
    ),
    (
        "reserved-verb",
        """
        extends: standard
        name: house
        undertakings:
          thunee:
            verb: play
        """,
        ["{f}:5:11: verb 'play' is reserved for the engine (play, trump, call, pass, bid, concede, redeal)"],
    ),
    (
        "duplicate-verb",
        """
        extends: standard
        name: house
        claims:
          khanaak:
            verb: double
        """,
        ["{f}:5:11: verb 'double' is already used by claims.double"],
    ),
    (
        "corner-house-not-below-target",
        """
        extends: standard
        name: house
        game:
          target: 12
          corner_house: 12
        """,
        ["{f}:5:17: corner house (12) must be below the target (12)"],
    ),
    (
        "declaration-rank-not-in-deck",
        """
        extends: standard
        name: house
        declarations:
          jodie:
            combinations:
              - {ranks: [K, Q, "8"], trumps: 50, other: 30}
        """,
        ["{f}:6:24: rank '8' is not in deck.ranks"],
    ),
    (
        "missing-extends-file",
        """
        extends: base.yaml
        name: house
        """,
        ["{f}:1:10: cannot find the base ruleset 'base.yaml' (looked for base.yaml)"],
    ),
]


@pytest.mark.parametrize("text, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_validate_reports_exact_problems(here, capsys, text, expected):
    write(here, "house.yaml", text)
    code, out, err = run_cli(capsys, "validate", "house.yaml")
    assert err == "".join(line.format(f="house.yaml") + "\n" for line in expected)
    assert out == ""
    assert code == 1
    assert "Traceback" not in err


def test_formula_caret_column_points_at_the_offending_character(here, capsys):
    """The column of a one-line formula problem is that of the offending character in the file."""
    path = write(here, "house.yaml", """
        extends: standard
        name: house
        scoring:
          outcomes:
            - when: counting.count >= 105 )
              winner: counting
              balls: 2
        """)
    code, _, err = run_cli(capsys, "validate", "house.yaml")
    assert code == 1
    head, formula, caret = err.splitlines()
    file, line, column, _ = head.split(":", 3)
    assert file == "house.yaml"
    file_line = path.read_text(encoding="utf-8").splitlines()[int(line) - 1]
    assert file_line[int(column) - 1] == ")"
    # the caret line sits under the same character of the formula as printed
    assert caret.index("^") == formula.index(")")


def test_formula_caret_column_inside_quotes(here, capsys):
    path = write(here, "house.yaml", """
        extends: standard
        name: house
        dealer:
          passes_if: 'dealers.balls >= others.balls and and true'
        """)
    code, _, err = run_cli(capsys, "validate", "house.yaml")
    assert code == 1
    head, formula, caret = err.splitlines()
    _, line, column, _ = head.split(":", 3)
    file_line = path.read_text(encoding="utf-8").splitlines()[int(line) - 1]
    # the second 'and' is the unexpected token
    assert file_line[int(column) - 1:].startswith("and true'")
    assert formula.strip() == "dealers.balls >= others.balls and and true"
    assert formula[caret.index("^"):].startswith("and true")


def test_unknown_shipped_base_suggests_a_name(here, capsys):
    write(here, "house.yaml", """
        extends: standrd
        name: house
        """)
    code, out, err = run_cli(capsys, "validate", "house.yaml")
    assert err == (f"house.yaml:1:10: unknown ruleset 'standrd' (did you mean 'standard'?); "
                   f"known rulesets: {known_rulesets()}\n")
    assert (code, out) == (1, "")


def test_extends_cycle_between_two_files(here, capsys):
    write(here, "a.yaml", """
        extends: b.yaml
        name: a
        """)
    write(here, "b.yaml", """
        extends: a.yaml
        name: b
        """)
    code, out, err = run_cli(capsys, "validate", "a.yaml")
    assert err == f"b.yaml:1:10: extends cycle: a.yaml -> b.yaml -> a.yaml{AROUND}\n"
    assert (code, out) == (1, "")
    code, out, err = run_cli(capsys, "validate", "b.yaml")
    assert err == f"a.yaml:1:10: extends cycle: b.yaml -> a.yaml -> b.yaml{AROUND}\n"
    assert (code, out) == (1, "")


def test_file_that_does_not_exist(here, capsys):
    code, out, err = run_cli(capsys, "validate", "nothere.yaml")
    assert err == "nothere.yaml: file not found\n"
    assert (code, out) == (1, "")


def test_name_that_is_neither_a_file_nor_shipped(here, capsys):
    code, out, err = run_cli(capsys, "validate", "zzqxw")
    assert err == f"{rulesets_dir()}: unknown ruleset 'zzqxw'; known rulesets: {known_rulesets()}\n"
    assert (code, out) == (1, "")


def test_a_folder_is_not_a_ruleset(here, capsys):
    (here / "folder.yaml").mkdir()
    code, out, err = run_cli(capsys, "validate", "folder.yaml")
    assert err == "folder.yaml: is a folder, not a file\n"
    assert (code, out) == (1, "")


def test_problem_in_the_base_is_located_in_the_base(here, capsys):
    """An overlay that makes a base value wrong: the problem points at the value that won (the base's)."""
    write(here, "house.yaml", """
        extends: standard
        name: house
        game:
          target: 11
        """)
    code, _, err = run_cli(capsys, "validate", "house.yaml")
    base_line = next(i for i, line in enumerate(STANDARD.read_text(encoding="utf-8").splitlines(), 1)
                     if line.strip().startswith("corner_house:"))
    assert err == f"{STANDARD}:{base_line}:17: corner house (11) must be below the target (11)\n"
    assert code == 1


# --- good files --------------------------------------------------------------------------------------


def test_good_overlay_is_ok(here, capsys):
    write(here, "house.yaml", """
        extends: standard
        name: house
        title: Our house rules
        undertakings:
          thunee:
            balls:
              partner_catch: 6
        """)
    code, out, err = run_cli(capsys, "validate", "house.yaml")
    assert out == "house.yaml: ok (house: Our house rules)\n"
    assert (code, err) == (0, "")


def test_shipped_name_is_ok(capsys):
    code, out, err = run_cli(capsys, "validate", "standard")
    assert out == "standard: ok (standard: South African Thunee (four players))\n"
    assert (code, err) == (0, "")


def test_several_files_report_every_problem(here, capsys):
    write(here, "good.yaml", """
        extends: standard
        name: good
        title: Good
        """)
    write(here, "bad1.yaml", """
        extends: standard
        name: bad-one
        game:
          target: 12
          corner_house: 12
        deal:
          batches: [4, 4]
        """)
    write(here, "bad2.yaml", """
        extends: standard
        name: bad-two
        players:
          direction: sideways
        """)
    code, out, err = run_cli(capsys, "validate", "bad1.yaml", "good.yaml", "bad2.yaml", "nothere.yaml")
    assert out == "good.yaml: ok (good: Good)\n"
    assert err.splitlines() == [
        "bad1.yaml:5:17: corner house (12) must be below the target (12)",
        "bad1.yaml:7:12: the deal gives 8 cards to each of 4 players (32 cards) but the deck has only 24",
        "bad2.yaml:4:14: players.direction: 'sideways' is not one of: clockwise, counterclockwise",
        "nothere.yaml: file not found",
    ]
    assert code == 1


def test_all_good_files_exit_zero(here, capsys):
    write(here, "a.yaml", "extends: standard\nname: a\ntitle: A\n")
    write(here, "b.yaml", "extends: a.yaml\nname: b\ntitle: B\n")
    code, out, err = run_cli(capsys, "validate", "a.yaml", "b.yaml", "standard")
    assert out.splitlines() == ["a.yaml: ok (a: A)", "b.yaml: ok (b: B)",
                                "standard: ok (standard: South African Thunee (four players))"]
    assert (code, err) == (0, "")


# --- the same as a user sees it: a subprocess --------------------------------------------------------

SUBPROCESS_CASES = ["yaml-syntax", "anchor-alias", "schema-several", "formula-syntax", "formula-unknown-name",
                    "duplicate-verb"]


@pytest.mark.parametrize("case_id", SUBPROCESS_CASES)
def test_validate_subprocess(tmp_path, case_id):
    _, text, expected = next(c for c in CASES if c[0] == case_id)
    path = write(tmp_path, "house.yaml", text)
    proc = run_subprocess("validate", str(path))
    assert proc.stderr == "".join(line.format(f=path) + "\n" for line in expected)
    assert proc.stdout == ""
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr


def test_validate_subprocess_several_files_and_missing(tmp_path):
    good = write(tmp_path, "good.yaml", "extends: standard\nname: good\ntitle: Good\n")
    a = write(tmp_path, "a.yaml", "extends: b.yaml\nname: a\n")
    b = write(tmp_path, "b.yaml", "extends: a.yaml\nname: b\n")
    missing = tmp_path / "missing.yaml"
    proc = run_subprocess("validate", str(good), str(a), str(missing))
    assert proc.stdout == f"{good}: ok (good: Good)\n"
    assert proc.stderr.splitlines() == [
        f"{b}:1:10: extends cycle: a.yaml -> b.yaml -> a.yaml{AROUND}",
        f"{missing}: file not found",
    ]
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr


def test_validate_subprocess_ok(tmp_path):
    path = write(tmp_path, "house.yaml", "extends: standard\nname: house\ntitle: Our house rules\n")
    proc = run_subprocess("validate", str(path))
    assert proc.stdout == f"{path}: ok (house: Our house rules)\n"
    assert (proc.returncode, proc.stderr) == (0, "")


# --- bugs found --------------------------------------------------------------------------------------


def test_bad_team_value_name_is_one_problem(here, capsys):
    write(here, "house.yaml", """
        extends: standard
        name: house
        scoring:
          team_values:
            my-count:
              formula: team.cards
        claims:
          khanaak:
            verb: double
        """)
    code, _, err = run_cli(capsys, "validate", "house.yaml")
    assert err.splitlines() == [
        # located at the name itself (it was at the formula under it)
        "house.yaml:5:5: team value name 'my-count' must be a single word of the letters a-z, digits and _ "
        "(not starting with a digit)",
        "house.yaml:9:11: verb 'double' is already used by claims.double",
    ]
    assert code == 1


# --- issue 12: what validates plays; every bad input a located error ---------------------------------
# Each of these said "ok" (and then crashed or misbehaved in play) or reached the internal-error exit
# before; now each is one located line per problem.

PLAYS_CASES = [
    ("seats-written-4.0", "extends: standard\nname: house\nplayers: {seats: 4.0}\n",
     ["{f}:3:18: players.seats: expected a whole number, got 4.0 (a whole number is written without a "
      "decimal point)"]),
    ("three-teams", "extends: standard\nname: house\nplayers: {seats: 6, teams: 3}\ndeal: {batches: [2, 2]}\n",
     ["{f}:3:28: players.teams: 3 teams of 2 players are not played; give 2 (two teams of partners) or 6 (every "
      "player a side of one)"]),
    # (four teams of one, every player for themselves, are played: tests/game/test_sides_of_one.py)
    ("four-teams", "extends: standard\nname: house\nplayers: {seats: 8, teams: 4}\ndeal: {batches: [2, 1]}\n",
     ["{f}:3:28: players.teams: 4 teams of 2 players are not played; give 2 (two teams of partners) or 8 (every "
      "player a side of one)"]),
    ("play-before-trumps",
     "extends: standard\nname: house\nsequence: [deal 1, play, make trumps, calling, deal 2, undertakings, play]\n",
     ["{f}:3:26: step 'make trumps' comes after the first 'play': trumps are settled (made, called or bid for) "
      "before the first trick is led",
      "{f}:3:39: step 'calling' comes after the first 'play': trumps are settled (made, called or bid for) "
      "before the first trick is led"]),
    ("trumps-before-the-deal",
     "extends: standard\nname: house\nsequence: [make trumps, calling, deal 1, deal 2, undertakings, play]\n",
     ["{f}:3:12: step 'make trumps' comes before any cards are dealt: start the sequence with 'deal 1'",
      "{f}:3:25: step 'calling' comes before any cards are dealt: start the sequence with 'deal 1'"]),
    ("negative-partner-catch", "extends: standard\nname: house\nundertakings:\n  thunee:\n    balls: {partner_catch: -10}\n",
     ["{f}:5:28: undertakings.thunee.balls.partner_catch: balls cannot be negative (-10); balls are only ever "
      "opened, so give them to the other team instead"]),
    ("negative-ball-branch",
     "extends: standard\nname: house\nscoring:\n  outcomes:\n    - {when: true, winner: makers, balls: if call > 0 then 2 else -1}\n",
     ["{f}:5:43: scoring.outcomes[0].balls: balls cannot be negative (-1); balls are only ever opened, so give "
      "them to the other team instead"]),
    ("no-outcome-gives-balls",
     "extends: standard\nname: house\nsequence: [deal 1, make trumps, calling, deal 2, play]\nundertakings: null\n"
     "claims: null\nscoring:\n  outcomes:\n    - {when: true, winner: makers, balls: 0}\n",
     ["{f}:8:5: no outcome ever gives a ball, so no team can reach the target of 12"]),
    ("raised-target-not-raised", "extends: standard\nname: house\ngame:\n  raised_target: {after: [khanaak], target: 12}\n",
     ["{f}:4:45: the raised target (12) must be above the target (12)"]),
    ("win-by-beyond-target", "extends: standard\nname: house\ngame: {deuce: 11, win_by: 13}\n",
     ["{f}:3:27: game.win_by (13) is more than the target (12): after a deuce no team could get that far ahead"]),
    ("nested-abs-400", "extends: standard\nname: house\nscoring:\n  outcomes:\n    - when: true\n      winner: makers\n"
     "      balls: " + "abs(" * 400 + "1" + ")" * 400 + "\n",
     ["{f}:7:14: scoring.outcomes[0].balls: formula is too long: 2,001 characters (the limit is 1,000)",
      "    " + "abs(" * 15 + "...", "    ^"]),
    ("nested-too-deep", "extends: standard\nname: house\nscoring:\n  outcomes:\n    - when: true\n      winner: makers\n"
     "      balls: " + "abs(" * 40 + "1" + ")" * 40 + "\n",
     ["{f}:7:142: scoring.outcomes[0].balls: formula is nested too deeply (more than 32 levels)",
      "    " + "abs(" * 40 + "1" + ")" * 40, "    " + " " * 128 + "^"]),
    ("two-4000-digit-numbers", "extends: standard\nname: house\nscoring:\n  outcomes:\n    - when: true\n"
     "      winner: makers\n      balls: " + "9" * 400 + " * " + "9" * 400 + "\n",
     ["{f}:7:14: scoring.outcomes[0].balls: number too large (the limit is 1,000,000,000)",
      "    " + "9" * 400 + " * " + "9" * 400, "    ^"]),
    ("a-number-too-large", "extends: standard\nname: house\ngame: {target: " + "9" * 4300 + "}\n",
     ["{f}:3:16: number 999999999999... (4300 characters) is too large (the limit is 1,000,000,000)"]),
    ("thousand-suits", "extends: standard\nname: house\ndeck:\n  suits: ["
     + ", ".join(chr(0x4E00 + i) for i in range(1000)) + "]\n",
     ["{f}:4:10: deck.suits: expected at most 8 items, got 1000"]),
    ("extends-nul", 'extends: "base\\0.yaml"\nname: house\n',
     ["{f}:1:10: extends: a ruleset name or file path cannot contain the control character U+0000"]),
    ("extends-300-chars", "extends: " + "a" * 300 + ".yaml\nname: house\n",
     ["{f}:1:10: extends: a file name is at most 255 characters long; 'aaaaaaaaaaaaaaaaaaaa...' has 305"]),
    ("extends-300-char-name", "extends: " + "a" * 300 + "\nname: house\n",
     ["{f}:1:10: extends: a file name is at most 255 characters long; 'aaaaaaaaaaaaaaaaaaaa...' has 300"]),
    ("unknown-key-and-formula-together",
     "extends: standard\nname: house\ngame: {targt: 13}\nscoring:\n  outcomes:\n"
     "    - {when: counting.cnt >= 105, winner: counting, balls: 1}\n",
     ["{f}:3:8: unknown key 'targt' in game; expected one of: target, corner_house, source, deuce, win_by, "
      "raised_target, unit, deals, start, transfer, keeps_excess, game_value, rubber",
      "{f}:6:14: scoring.outcomes[0].when: unknown name 'counting.cnt'; did you mean 'counting.count'?",
      "    counting.cnt >= 105", "    ^"]),
    ("wrong-type-and-formula-together",
     "extends: standard\nname: house\nplayers: {seats: four}\nundertakings:\n  thunee:\n    allowed_if: seat.suit_held >= 2\n",
     ["{f}:3:18: players.seats: expected a whole number, got the text 'four'",
      "{f}:6:17: undertakings.thunee.allowed_if: unknown name 'seat.suit_held'; did you mean 'seat.suits_held'?",
      "    seat.suit_held >= 2", "    ^"]),
]


@pytest.mark.parametrize("text, expected", [c[1:] for c in PLAYS_CASES], ids=[c[0] for c in PLAYS_CASES])
def test_what_validates_plays_and_every_problem_is_located(here, capsys, text, expected):
    path = here / "house.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli(capsys, "validate", "house.yaml")
    assert err.splitlines() == [line.format(f="house.yaml") for line in expected]
    assert (code, out) == (1, "")


def test_an_extends_symlink_loop_is_a_located_problem(here, capsys):
    (here / "loop1.yaml").symlink_to("loop2.yaml")
    (here / "loop2.yaml").symlink_to("loop1.yaml")
    write(here, "house.yaml", "extends: loop1.yaml\nname: house\n")
    code, out, err = run_cli(capsys, "validate", "house.yaml")
    assert err == "house.yaml:1:10: cannot read the base ruleset 'loop1.yaml': its symbolic links go round in a loop\n"
    assert code == 1


def test_a_ruleset_path_with_a_nul_is_a_problem_not_a_crash(capsys):
    from thunee_dsl import load_ruleset
    from thunee_dsl.errors import RulesetError
    with pytest.raises(RulesetError) as caught:
        load_ruleset("x\0.yaml")
    assert str(caught.value) == "x\\0.yaml: a file name cannot contain a NUL character"


TRANSCRIPT_HEAD = """\
ruleset: standard
deals:
  - hands:
      0: [9H, AH, TH, KH, QH, QS]
      1: [9D, AD, TD, KD, QD, TS]
      2: [JS, 9S, AS, JH, JD, JC]
      3: [9C, AC, TC, KC, QC, KS]
    actions:
      - 1 trump 9D
      - 2 play JS
"""

REPLAY_CASES = [
    ("ruleset-nul", TRANSCRIPT_HEAD.replace("ruleset: standard", 'ruleset: "x\\0.yaml"'),
     "t.yaml:1:10: ruleset: a ruleset name or file path cannot contain the control character U+0000"),
    ("play-a-suit", TRANSCRIPT_HEAD + "      - 3 play H\n",
     't.yaml: deal 1, action 3 "3 play H": \'H\' is not a card of this deck (cards are rank then suit, e.g. JS; '
     "ranks J 9 A T K Q, suits S H D C)"),
    ("play-nothing", TRANSCRIPT_HEAD + "      - 3 play\n",
     't.yaml: deal 1, action 3 "3 play": \'play\' needs a card, e.g. "3 play JS"'),
    ("superscript-seat", TRANSCRIPT_HEAD.replace("      0: [9H", '      "²": [9H'),
     "t.yaml:4:7: deal 1: no cards for seat 0\nt.yaml:4:12: '²' is not a seat (0 to 3)"),
    ("score-4300-digits", TRANSCRIPT_HEAD.replace("deals:", "score: [" + "9" * 4300 + ", 0]\ndeals:"),
     "t.yaml:2:9: number 999999999999... (4300 characters) is too large (the limit is 1,000,000,000)"),
    ("score-past-the-target", TRANSCRIPT_HEAD.replace("deals:", "score: [100, 0]\ndeals:"),
     "t.yaml:2:9: score: team 0 has 100 balls, but 12 wins the game: a game still being played has fewer"),
]


@pytest.mark.parametrize("text, expected", [c[1:] for c in REPLAY_CASES], ids=[c[0] for c in REPLAY_CASES])
def test_replay_of_a_bad_transcript_is_a_located_error(here, capsys, text, expected):
    (here / "t.yaml").write_text(text, encoding="utf-8")
    code, out, err = run_cli(capsys, "replay", "t.yaml")
    assert err == expected + "\n"
    assert (code, out) == (2, "")


# --- a value of the wrong kind is named for what it is, not "a string" ----------------------------------

@pytest.mark.parametrize("written, said", [
    (".nan", "got .nan (not a number, which no rule can use)"),
    (".inf", "got .inf (infinity, which no rule can use)"),
    ("-.Inf", "got -.Inf (minus infinity, which no rule can use)"),
    ("0x0C", "got the text '0x0C' (a number is written with the digits 0 to 9 only: no '0x', '_' or ':')"),
    ("1_2", "got the text '1_2' (a number is written with the digits 0 to 9 only: no '0x', '_' or ':')"),
    ("'12'", "got the text '12' (in quotes, so not a number: write it without quotes)"),
    ("true", "got true (a yes/no value)"),
    ("12.5", "got 12.5 (a number with a fraction)"),
    ("twelve", "got the text 'twelve'"),
    ("''", "got an empty string"),
])
def test_a_number_written_wrong_says_what_was_written(here, capsys, written, said):
    write(here, "house.yaml", f"extends: standard\nname: house\ngame:\n  target: {written}\n")
    code, _, err = run_cli(capsys, "validate", "house.yaml")
    assert (code, err) == (1, f"house.yaml:4:11: game.target: expected a whole number, {said}\n")


@pytest.mark.parametrize("written, said", [
    ("seats: -4", "players.seats: must be at least 2, got -4"),
    ("seats: 99999999999", "number 99999999999 is too large (the limit is 1,000,000,000)"),
    ("seats: 1e400", "number 1e400 is too large (the limit is 1,000,000,000)"),
    ("teams: false", "players.teams: expected a whole number, got false (a yes/no value)"),
])
def test_extreme_counts_and_booleans_are_named(here, capsys, written, said):
    write(here, "house.yaml", f"extends: standard\nname: house\nplayers:\n  {written}\n")
    code, _, err = run_cli(capsys, "validate", "house.yaml")
    assert code == 1 and err.startswith("house.yaml:4:") and said in err.splitlines()[0], err


def test_standard_input_has_one_name_in_ok_and_in_errors(monkeypatch, capsys):
    """`validate -` said "-: ok" while its errors said "<stdin>:2:1: ...": one name for both."""
    import io

    from thunee_dsl.cli.main import main
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"extends: standard\nname: house\ntitle: Ours\n")))
    assert main(["validate", "-"]) == 0
    assert capsys.readouterr().out == "<stdin>: ok (house: Ours)\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"extends: standard\nname: [\n")))
    assert main(["validate", "-"]) == 1
    assert capsys.readouterr().err.startswith("<stdin>:")
