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
    assert "- Succeeds when `callers.tricks == tricks and caller.won_last_trick`." in standard_book
    assert "- Forbidden (penalised) when `callers.balls == corner_house`." in standard_book
    assert "by a player for whom `seat.suits_held >= 2`." in standard_book


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
