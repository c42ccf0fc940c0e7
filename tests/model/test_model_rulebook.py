"""The Markdown rulebook rendered from a compiled ruleset."""

from __future__ import annotations

import re
import textwrap

import pytest

from thunee_dsl.loading import load_ruleset_source, load_ruleset_text
from thunee_dsl.model import compile_ruleset
from thunee_dsl.model.rulebook import render_rulebook, seat_phrase
from thunee_dsl.model.ruleset import SeatRef

SECTIONS = [
    "# South African Thunee (four players)",
    "## Players and cards",
    "## A deal, step by step",
    "## Making trumps",
    "## Calling",
    "## Undertakings",
    "### Thunee (`thunee`)",
    "## Play",
    "## Cancelled deals",
    "## Declarations",
    "### Jodie (`jodie SUIT`)",
    "## Claims on the last trick",
    "### Double (`double`)",
    "### Khanaak (`khanaak`)",
    "## Scoring a deal",
    "## Penalties",
    "## Winning the game",
]


@pytest.fixture(scope="module")
def standard_book() -> str:
    return render_rulebook(compile_ruleset(load_ruleset_source("standard")))


def compile_text(tmp_path, text: str):
    text = textwrap.dedent(text).lstrip("\n")
    return compile_ruleset(load_ruleset_text(text, str(tmp_path / "house.yaml")))


def headings(book: str) -> list[str]:
    return [line for line in book.splitlines() if line.startswith("#")]


def test_every_section_present_in_order(standard_book):
    assert headings(standard_book) == SECTIONS


def test_rulebook_is_markdown_text(standard_book):
    assert standard_book.endswith("\n") and not standard_book.endswith("\n\n")
    assert "None" not in standard_book
    # every table row has the same number of cells as its header, and a |---| line follows the header
    tables: list[list[str]] = []
    previous = ""
    for line in standard_book.splitlines():
        if line.startswith("|"):
            if not previous.startswith("|"):
                tables.append([])
            tables[-1].append(line)
        previous = line
    assert len(tables) == 5  # balls of Thunee, Double, Khanaak; the Jodie combinations; the outcomes
    for table in tables:
        header, rule, *rows = table
        assert set(rule) <= {"|", "-"}
        assert rows
        for line in table:
            assert line.endswith("|")
            assert line.count("|") == header.count("|")


def test_steps_are_numbered_in_sequence_order(standard_book):
    steps = re.findall(r"^(\d+)\. \*\*(.+?)\*\*", standard_book, flags=re.M)
    assert steps == [("1", "Deal batch 1"), ("2", "Make trumps"), ("3", "Calling"), ("4", "Deal batch 2"),
                     ("5", "Undertakings"), ("6", "Play")]


def test_sources_are_quoted(standard_book):
    assert '*Source: Calling Thunee; Scoring ("Thunee 4 balls / 4 balls / 8 balls")*' in standard_book
    assert "*Source: Double; Scoring; Corner House*" in standard_book


def test_formulas_are_shown_as_written(standard_book):
    assert ("`team.cards + team.declared - other.declared + (if team.won_last_trick then 10 else -10) "
            "+ (if team == counting then call else -call)`") in standard_book
    # conditions: in words first, the formula as written on the line under them
    assert ("- Succeeds when the number of tricks won by the claimer's team is 6 (every trick of the deal), and the "
            "claimer won the last trick.  \n  `callers.tricks == tricks and caller.won_last_trick`") in standard_book
    assert ("- Forbidden (penalised) when the score of the claimer's team before this deal is the corner-house "
            "score.  \n  `callers.balls == corner_house`") in standard_book
    assert ("when the number of suits the player holds is at least 2.  \n  `seat.suits_held >= 2`"
            in standard_book)


def test_sections_follow_the_data(tmp_path):
    """A ruleset without calling, undertakings, declarations, claims, penalties or cancellation has none
    of those sections."""
    r = compile_text(tmp_path, """
        extends: standard
        name: plain
        title: Plain
        sequence: [deal 1, make trumps, deal 2, play]
        calling: null
        undertakings: null
        declarations: null
        claims: null
        penalties: null
        cancellation: null
        """)
    book = render_rulebook(r)
    assert headings(book) == ["# Plain", "## Players and cards", "## A deal, step by step", "## Making trumps",
                              "## Play", "## Scoring a deal", "## Winning the game"]
    assert "An undertaking or a claim" not in book
    assert "Ruleset `plain`. Generated" in book


def test_house_numbers_are_rendered(tmp_path):
    r = compile_text(tmp_path, """
        extends: standard
        name: house
        players:
          direction: clockwise
        game:
          target: 13
          corner_house: 12
        undertakings:
          thunee:
            balls:
              partner_catch: 6
        """)
    book = render_rulebook(r)
    assert "| `4` | `4` | `6` |" in book
    assert "- The first team to open 13 balls wins. A team on 12 is on *corner house*." in book
    assert "- Deal and play go clockwise; seat numbers follow the direction of play." in book
    assert "starting with the player to the dealer's left." in book


# --- seat_phrase ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("ref, direction, phrase", [
    ("dealer+1", "counterclockwise", "the player to the dealer's right"),
    ("dealer+1", "clockwise", "the player to the dealer's left"),
    ("dealer", "counterclockwise", "the dealer"),
    ("dealer", "clockwise", "the dealer"),
    ("dealer+2", "counterclockwise", "the player 2 places to the dealer's right"),
    ("dealer+3", "clockwise", "the player 3 places to the dealer's left"),
    ("trump_maker+1", "counterclockwise", "the player to the trump maker's right"),
    ("trump_maker+1", "clockwise", "the player to the trump maker's left"),
    ("trump_maker", "clockwise", "the trump maker"),
    ("chooser", "counterclockwise", "the trump chooser"),
    ("caller", "counterclockwise", "the caller"),
    ("caller+1", "clockwise", "the player to the caller's left"),
])
def test_seat_phrase(ref, direction, phrase):
    assert seat_phrase(SeatRef.parse(ref), direction) == phrase


@pytest.mark.parametrize("direction", ["counterclockwise", "clockwise"])
def test_seat_phrase_chooser_is_good_english(direction):
    phrase = seat_phrase(SeatRef.parse("chooser+1"), direction)
    assert "trumps's" not in phrase


def test_rulebook_states_two_to_clear_and_a_raised_target():
    from thunee_dsl import load_ruleset
    from thunee_dsl.model.rulebook import render_rulebook
    from pathlib import Path
    book = render_rulebook(load_ruleset("two-to-clear"))
    assert "Two to clear: at 11-11 both teams go back to zero, and then a team must lead by 2 balls to win." in book
    house = Path(__file__).resolve().parents[2] / "examples" / "house" / "thirteen-after-khanaak.yaml"
    book = render_rulebook(load_ruleset(str(house)))
    assert "Once khanaak has been called in a game, 13 balls are needed to win, and corner house is 12." in book


# -- an overlay's summary and sources follow its own rules (issue 11) ---------------------------------
from pathlib import Path  # noqa: E402

from thunee_dsl.model.rulebook import ruleset_summary  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
HOUSE = sorted((ROOT / "examples" / "house").glob("*.yaml"))
STANDARD_SUMMARY = compile_ruleset(load_ruleset_source("standard")).summary

# Each house overlay -> the sections whose rules it changes without citing a source of its own
# (read off the files by hand): their inherited source note must say the overlay changed them.
CHANGED_WITHOUT_SOURCE = {
    "ball-cut-three": ["A deal, step by step"],
    "blind-thunee-eight": ["Blind Thunee"],
    "friendly-table": [],  # penalties removed: the section is gone
    "jodie-any-time": ["Jodie"],
    "khanaak-simple": ["Khanaak"],
    "khanaak-without-call": ["Khanaak"],
    "loser-deals-again": [],  # dealer: its own source
    "low-hand-redeal": [],  # redeal: its own source
    "older-partner-catch": ["Thunee"],
    "out-of-turn-two": ["Penalties"],
    "partner-catch-four": ["Thunee"],
    "simultaneous-plus-ten": [],  # calling: its own source
    "thirteen-after-khanaak": [],  # game.raised_target: its own source
    "thirteen-two-to-clear": [],  # game: its own source
    "trips-partner-catch-six": ["Trips"],
    "only-dealers-team-calls": [],  # calling: its own source
    "thunee-names-trumps": [],  # thunee: its own source
    "calling-after-last-cards": [],  # sequence: the deal's section keeps its source (the steps are listed)
}


def _sections_with_changed_source(book: str) -> list[str]:
    """The heading (last seen) above each 'changed by' source note."""
    out, heading = [], ""
    for line in book.splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip().split(" (`")[0]
        elif line.startswith("*Source: changed by"):
            out.append(heading)
    return out


def test_the_hand_checked_table_covers_every_house_overlay():
    assert sorted(CHANGED_WITHOUT_SOURCE) == [p.stem for p in HOUSE]


@pytest.mark.parametrize("path", HOUSE, ids=lambda p: p.stem)
def test_a_house_overlays_summary_and_sources_follow_its_rules(path):
    r = compile_ruleset(load_ruleset_source(str(path)))
    book = render_rulebook(r)
    summary = ruleset_summary(r)
    assert book.splitlines()[2] == summary
    # every house overlay changes a rule and writes no summary: the base's is not shown as its own
    assert STANDARD_SUMMARY not in book and summary.startswith("A variant of ")
    assert f"first team to open {r.game.target} balls wins" in summary
    assert ("no penalties" in summary) == (r.penalties is None)
    changed = _sections_with_changed_source(book)
    assert changed == CHANGED_WITHOUT_SOURCE[path.stem]
    for line in book.splitlines():
        if line.startswith("*Source: changed by"):
            assert line.startswith(f"*Source: changed by {r.name}; the rule it replaces, from ")


def test_thirteen_balls_overlay_no_longer_says_twelve(tmp_path):
    r = compile_text(tmp_path, """
        extends: standard
        name: our-table
        undertakings:
          thunee:
            balls: {partner_catch: 6}
        game:
          target: 13
          corner_house: 12
        penalties: null
        """)
    book = render_rulebook(r)
    assert "12 balls" not in book.split("## Players and cards")[0]
    assert ruleset_summary(r) == ("A variant of South African Thunee (four players): 4 players, 24 cards ranked "
                                  "J 9 A 10 K Q; calling to make trumps; Thunee, Jodies, Double and Khanaak; "
                                  "first team to open 13 balls wins; no penalties.")
    assert _sections_with_changed_source(book) == ["Thunee", "Winning the game"]
    assert "- The first team to open 13 balls wins. A team on 12 is on *corner house*." in book


def test_own_summary_and_sources_are_shown_as_written(tmp_path):
    r = compile_text(tmp_path, """
        extends: standard
        name: our-table
        summary: Standard, but to 13.
        game:
          target: 13
          corner_house: 12
          source: our club's house rules
        """)
    book = render_rulebook(r)
    assert book.splitlines()[2] == "Standard, but to 13."
    assert "*Source: our club's house rules*" in book and "changed by" not in book


def test_an_overlay_that_changes_only_notes_keeps_the_base_summary(tmp_path):
    r = compile_text(tmp_path, """
        extends: standard
        name: same-rules
        title: Standard under another name
        """)
    assert ruleset_summary(r) == STANDARD_SUMMARY
    assert "changed by" not in render_rulebook(r)


def test_shipped_rulesets_keep_their_own_summary():
    for name in ("standard", "royals", "thirteen-point", "two-to-clear"):
        r = compile_ruleset(load_ruleset_source(name))
        assert ruleset_summary(r) == r.summary
