"""Sides of one in the rulebook's and diff's words (issue 25, item 7a): no team, no partner where every player
is for themselves; each player's score; a change of players.teams and scoring.each_player said as rules."""

from __future__ import annotations

from pathlib import Path

from thunee_dsl import load_ruleset, shipped_ruleset
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook

SIDES = Path(__file__).resolve().parents[1] / "game" / "rulesets" / "sides-of-one.yaml"


def test_the_rulebook_of_sides_of_one_names_no_team_and_no_partner():
    book = render_rulebook(load_ruleset(str(SIDES)), formulas=False)
    assert "- 4 players, each on their own." in book
    assert "Each player scores 10 plus the bid of the player if the number of tricks won by the player is the bid of " \
           "the player, otherwise 0." in book
    assert "- Every bid is its bidder's own *contract*.\n" in book
    assert "after the last, the highest total wins. Equal totals at the top are a tie." in book
    assert "team" not in book.lower() and "partner" not in book.lower()


def test_two_teams_keep_their_words():
    book = render_rulebook(shipped_ruleset("standard"), formulas=False)
    assert "- 4 players in 2 teams: Seats 1 and 3 against Seats 2 and 4." in book
    assert "- 2 players, each on their own." in render_rulebook(shipped_ruleset("two-player"), formulas=False)


def test_a_score_per_player_for_partners_adds_up_for_their_team(tmp_path):
    path = tmp_path / "partners.yaml"
    path.write_text(SIDES.read_text().replace("teams: 4", "teams: 2"), encoding="utf-8")
    book = render_rulebook(load_ruleset(str(path)), formulas=True)
    assert "Each player scores for their team (partners' scores add up) 10 plus the bid" in book
    assert "  `if seat.tricks == seat.bid then 10 + seat.bid else 0`" in book


def test_diff_says_the_sides_and_the_score_per_player(tmp_path):
    path = tmp_path / "teams.yaml"
    path.write_text(f"extends: {SIDES}\nname: teams\nplayers:\n  teams: 2\nscoring:\n  each_player: null\n"
                    "  each_team: team.exact_bids\n", encoding="utf-8")
    said = [change.text for change in diff_rulesets(load_ruleset(str(SIDES)), load_ruleset(str(path)))]
    assert "Number of sides (2: teams of partners; one a player: each for themselves): 4 -> 2" in said
    assert "Removes What each player scores" in said
