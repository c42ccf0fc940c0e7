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
    assert "| 4 | 4 | 6 |" in book  # constant balls as numbers (a formula in words, issue 24 item 7)
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
    "game-to-thirteen": [],  # game: its own source
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
    "oh-hell-a-point-a-trick": [],  # scoring: its own source
    "whist-no-honours": [],  # honours removed: the section is gone
    "klaverjas-1500": [],  # game: its own source
    "304-last-trick": [],  # scoring: its own source
    "euchre-stick-the-dealer": [],  # trumps: its own source
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
    if r.game.deals is not None:  # a game of a number of deals (Oh Hell's house rules): no target to open
        assert f"a game of {r.game.deals} deals, the highest total wins" in summary
    else:
        assert f"first team to {r.unit.verb} {r.unit.of(r.game.target)} wins" in summary  # (open 12 balls; score 5 points)
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


# -- the words come from the data (issue 23) and formulas in words (issue 24 item 7) --------------------------

NIGERIAN = (ROOT / "rulesets" / "nigerian-thuni.yaml").read_text(encoding="utf-8")


def own_ruleset(tmp_path, text: str):
    """A ruleset of its own (not an overlay of standard, whose file names a corner house)."""
    return compile_ruleset(load_ruleset_text(text, str(tmp_path / "own.yaml")))


def test_a_game_in_points_is_said_in_points(tmp_path):
    r = own_ruleset(tmp_path, NIGERIAN.replace("  corner_house: 15\n", "  corner_house: 15\n  unit: points\n"))
    book = render_rulebook(r)
    assert "- The first team to score 16 points wins." in book
    assert "the opponents score 3 points." in book
    from thunee_dsl.model.rulebook import generated_summary
    assert "first team to score 16 points wins" in generated_summary(r)
    assert "ball" not in book.replace(r.summary, "")  # (the file's own summary aside)


def test_a_unit_in_a_thunee_overlay_reaches_every_table(tmp_path):
    r = compile_text(tmp_path, """
        extends: standard
        name: chips
        game:
          target: 12
          unit: {singular: chip, plural: chips}
        """)
    book = render_rulebook(r)
    assert "Chips (to the caller's team on success, otherwise to the opponents):" in book
    assert "Chips (to the claimer's team on success, otherwise to the opponents):" in book
    assert "| when | who scores | chips | |" in book
    assert "the offender's opponents score 4 chips and the deal has no other score." in book
    assert "- The first team to score 12 chips wins. A team on 11 is on *corner house*." in book
    assert "decides the deal's chips on its own" in book
    assert not [line for line in book.split("## Players and cards")[1].splitlines()
                if " ball" in line and not line.startswith("*Source")]  # (the sources quote the text)


def test_a_game_without_a_corner_house_is_not_told_of_one(tmp_path):
    r = own_ruleset(tmp_path, NIGERIAN.replace("  corner_house: 15\n", ""))
    book = render_rulebook(r)
    assert "corner house" not in book.lower()
    assert "- The first team to open 16 balls wins.\n" in book
    # the same file naming its corner house keeps it
    assert "A team on 15 is on *corner house*." in render_rulebook(own_ruleset(tmp_path, NIGERIAN))


def test_a_game_without_calling_makes_trumps_without_calls(tmp_path):
    r = compile_text(tmp_path, """
        extends: standard
        name: no-calls
        sequence: [deal 1, make trumps, deal 2, undertakings, play]
        calling: null
        """)
    book = render_rulebook(r)
    assert "- The player to the dealer's right makes trumps.\n" in book
    assert "unless someone calls" not in book and "caller may use" not in book and "final caller" not in book


def test_a_bid_in_points_reads_as_a_bid_in_points(tmp_path):
    r = compile_text(tmp_path, """
        extends: nigerian-thuni
        name: three-oh-four
        deck:
          points: {J: 30, "9": 20, A: 11, T: 10, K: 3, Q: 2}
        bidding:
          lowest: 160
          highest: 304
        """)
    book = render_rulebook(r)
    assert "players bid the number of card points their team will take (see Bidding)" in book
    assert "bids a higher number of card points (160 to 304) or passes." in book
    assert "tricks (160" not in book and "160 to 304 tricks" not in book
    from thunee_dsl.model.rulebook import generated_summary
    assert "bidding for card points" in generated_summary(r)


def test_seats_are_numbered_from_one_as_playtest_names_them(standard_book):
    assert "- 4 players in 2 teams: Seats 1 and 3 against Seats 2 and 4." in standard_book
    assert "seats 0" not in standard_book
    six = render_rulebook(compile_ruleset(load_ruleset_source("six-player")))
    assert "Seats 1, 3 and 5 against Seats 2, 4 and 6" in six


def test_ball_tables_scoring_rows_and_the_dealers_rule_in_words(standard_book):
    # Double's ball formula in words, the formula in brackets for the author; no partner catch column where a
    # partner catch scores as any failure does
    assert ("| 4 if the claimer's team is the counting team, and the amount called to make trumps is more than 0, "
            "otherwise 2 (`if callers == counting and call > 0 then 4 else 2`) | 4 |") in standard_book
    double = standard_book.split("### Double")[1].split("###")[0]
    assert "partner catch" not in double
    thunee = standard_book.split("### Thunee")[1].split("## Play")[0]
    assert "| succeeds | fails | partner catch |" in thunee and "| 4 | 4 | 8 |" in thunee
    assert "| otherwise | the trump makers | 1 |" in standard_book
    assert "`true`" not in standard_book and "| makers |" not in standard_book
    assert ("passes to the player to the dealer's right when the score of the dealer's team is at least the score "
            "of the team that did not deal; otherwise the same dealer deals again.  \n  "
            "`dealers.balls >= others.balls`") in standard_book


@pytest.mark.parametrize("name", ["standard", "nigerian-thuni", "six-player", "two-player-open-face",
                                  "cats-at-cards", "blind-thunee", "royals"])
def test_without_formulas_the_rulebook_is_words_only(name):
    r = compile_ruleset(load_ruleset_source(name))
    book = render_rulebook(r, formulas=False)
    shown = re.findall(r"`([^`]*)`", book)
    # what stays in code marks: the verbs a player says (`thunee`, `jodie SUIT`, `marials`) and the command
    verbs = {x.verb for x in (*r.undertakings, *r.claims)} | {f"{d.verb} SUIT" for d in r.declarations} | {
        d.wrong_time.challenge for d in r.declarations if d.wrong_time} | {r.name, "thunee-dsl rules"}
    assert set(shown) <= verbs, set(shown) - verbs
    # the same sections as with formulas
    assert headings(book) == headings(render_rulebook(r))


def test_no_function_of_the_words_is_too_complex():
    """No function of the rulebook, diff or words above cyclomatic complexity 15 (ruff's C901, counted the
    same way: 1, plus one per branch, loop, handler, boolean operator and condition in a comprehension)."""
    import ast

    from thunee_dsl.model import diff, rulebook, words

    def complexity(fn) -> int:
        n = 1
        for node in ast.walk(fn):
            if node is not fn and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(node, (ast.If, ast.For, ast.While, ast.IfExp, ast.ExceptHandler, ast.With, ast.Assert)):
                n += 1
            elif isinstance(node, ast.BoolOp):
                n += len(node.values) - 1
            elif isinstance(node, ast.comprehension):
                n += 1 + len(node.ifs)
        return n

    for module in (rulebook, diff, words):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert complexity(fn) <= 15, (module.__name__, fn.name, complexity(fn))


def test_only_the_announcements_a_ruleset_has_decide_a_deal(tmp_path):
    no_undertakings = compile_text(tmp_path, """
        extends: standard
        name: claims-only
        sequence: [deal 1, make trumps, calling, deal 2, play]
        undertakings: null
        """)
    book = render_rulebook(no_undertakings, formulas=False)
    assert "A claim, when made, decides the deal's balls on its own (see above). Otherwise:" in book
    assert "undertaking or" not in book and "## Undertakings" not in book
    no_claims = compile_text(tmp_path, """
        extends: standard
        name: undertakings-only
        claims: null
        """)
    assert "An undertaking, when made, decides the deal's balls" in render_rulebook(no_claims)


from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=9).filter(
    lambda w: "ball" not in w and w not in ("open", "score"))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(singular=WORD, plural=WORD)
@example(singular='aaa', plural='false')  # found by hypothesis: unquoted, YAML read it as a yes/no value
def test_any_unit_is_the_only_unit_a_rulebook_and_diff_speak_of(tmp_path, singular, plural):
    from thunee_dsl import load_ruleset
    from thunee_dsl.model.diff import diff_rulesets
    r = compile_text(tmp_path, f"""
        extends: standard
        name: any-unit
        game:
          target: 12
          unit: {{singular: '{singular}', plural: '{plural}'}}  # quoted: 'false', 'null' are YAML's words
        penalties:
          balls: 1
        """)
    for formulas in (True, False):
        book = render_rulebook(r, formulas=formulas)
        read = [line for line in book.splitlines() if not line.startswith("*Source") and "`" not in line]
        assert not [line for line in read if "ball" in line.lower()], formulas
        assert f"- The first team to score 12 {plural} wins." in book
        assert f"the offender's opponents score 1 {singular} and" in book
    changes = [c.text for c in diff_rulesets(load_ruleset("standard"), r)]
    assert f"Penalty: 4 balls -> 1 {singular}" in changes


def test_an_undertakings_own_way_of_play_is_said():
    """Trips was said as 'The caller alone must win every trick; it fails when anyone else wins a trick' (its file:
    the three equal cards win the first three tricks, the fourth card stays unseen, and only the last trick
    decides); Royals' own ranking was not said at all."""
    six = render_rulebook(compile_ruleset(load_ruleset_source("six-player")), formulas=False)
    trips = six.split("### Trips")[1].split("###")[0]
    assert "- There are no trumps: the highest card of the suit led wins each trick." in trips
    assert "- The caller's leads win the first 3 tricks whatever is played to them." in trips
    assert "stay face down, unseen and unplayable, until the caller has won 3 tricks." in trips
    assert "- The caller must win the last trick; it fails only if anyone else wins the last trick." in trips
    assert "every trick" not in trips
    royals = render_rulebook(compile_ruleset(load_ruleset_source("royals")), formulas=False)
    assert "- In a deal with Royals the ranks are, highest first, Q K 10 A 9 J." in royals
