"""Klaverjas in its own words (issue 25): the rulebook, the diff, the replay's story and simulate's coverage say
points, roem, the trump makers' opponents, the suit named aloud; never balls, calls, Jodie, Thunee or a counting
team, which the ruleset does not have."""

import re

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook
from thunee_dsl.simulation import simulate

THUNEE_WORDS = re.compile(r"\bballs?\b|\bcalls?\b|\bcalling\b|corner house|jodie|thunee|khanaak|counting team",
                          re.IGNORECASE)


@pytest.fixture(scope="module")
def klaverjas():
    return load_ruleset("klaverjas")


@pytest.mark.parametrize("name", ["klaverjas", "klaverjas-amsterdam"])
@pytest.mark.parametrize("formulas", [False, True])
def test_the_rulebook_speaks_of_points_and_roem_never_of_thunee(name, formulas):
    book = render_rulebook(load_ruleset(name), formulas=formulas)
    assert not THUNEE_WORDS.findall(book.replace("thunee-dsl", "")), THUNEE_WORDS.findall(book)
    assert "### Roem" in book and "| stuk: K Q of one suit, of trumps (as well) | 20 |" in book


def test_trumps_are_a_suit_named_aloud_not_a_card_shown(klaverjas):
    book = render_rulebook(klaverjas, formulas=False)
    assert "- The trump maker may name any suit." in book
    assert "- The trump suit is named aloud, to everyone at once." in book
    assert "trump card" not in book


def test_the_deal_is_scored_in_the_makers_and_their_opponents_words_with_its_source(klaverjas):
    book = render_rulebook(klaverjas, formulas=False)
    scoring = book.split("## Scoring a deal")[1].split("## Winning the game")[0]
    assert ("if the total of the trump makers' team is more than the total of the trump makers' opponents, "
            "otherwise 0 if the team is the trump makers' team, otherwise 162 plus the roem of the trump makers' "
            "team plus the roem of the trump makers' opponents") in scoring
    assert '*Source: spelpunt rule 11 ("The team starting the gameturn must have accumulated more than half' in scoring


def test_thunee_keeps_its_counting_team_and_its_jodie(klaverjas):
    standard = load_ruleset("standard")
    book = render_rulebook(standard)
    assert "the counting team" in book and "Jodie" in book and "trump card is shown to everyone" in book


def test_the_diff_says_roem_is_counted_from_a_tricks_cards_not_called(klaverjas):
    standard = load_ruleset("standard")
    added = [c.text for c in diff_rulesets(standard, klaverjas) if c.path == ("declarations", "roem")]
    assert added == ["Adds Roem, counted from the cards of each trick for the team that wins it"]
    removed = [c.text for c in diff_rulesets(klaverjas, standard) if c.path == ("declarations", "roem")]
    assert removed == ["Removes Roem (counted from the cards of each trick for the team that wins it)"]
    jodie = [c.text for c in diff_rulesets(klaverjas, standard) if c.path == ("declarations", "jodie")]
    assert jodie == ["Adds the Jodie call (jodie)"]


def test_simulate_counts_roem_scored_and_never_a_dealer_who_deals_again(klaverjas):
    result = simulate([klaverjas], games=1, bots="random", seed=3).rulesets[0]
    rules = {c.rule for c in result.coverage}
    assert "dealer.passes" in rules and "dealer.stays" not in rules  # the deal always passes on
    roem = result.statistic("declaration.roem")
    assert roem is not None and roem.label == "Roem scored per deal"


def test_the_replays_story_names_the_makers_opponents_and_their_roem(capsys):
    from pathlib import Path

    from thunee_dsl.cli.main import main
    nat = Path(__file__).resolve().parents[1] / "transcripts" / "klaverjas" / "nat.yaml"
    assert main(["replay", "--format", "text", str(nat)]) == 0
    out = capsys.readouterr().out
    # worked in nat.yaml: team 0 (Seats 1 and 3) 62 + 10 + 50 roem; the makers 90: nat, 162 + 50 to team 0
    assert "  Seats 1 and 3 (opponents): 62 card points in tricks, 50 roem; total 122" in out
    assert "  Seats 2 and 4 (trump makers): 90 card points in tricks, 0 roem; total 90" in out
    assert not THUNEE_WORDS.findall(out.replace("thunee-dsl", ""))
