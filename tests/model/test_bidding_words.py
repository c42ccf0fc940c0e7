"""Issue 25, item 1: the bidding's new rules in the rulebook's and the diff's words (bids of card points in
steps, one bid each, every bid its bidder's contract, the hook, a later bidding that takes trumps over)."""

from pathlib import Path

from thunee_dsl import load_ruleset
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook

ROOT = Path(__file__).resolve().parents[2]
EXACT = str(ROOT / "tests" / "game" / "rulesets" / "exact-bids.yaml")
POINTS = str(ROOT / "tests" / "game" / "rulesets" / "points-bidding.yaml")


def overlay(tmp_path, base: str, text: str):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {base}\nname: house\n" + text)
    return load_ruleset(str(path))


def test_one_bid_each_and_the_hook_in_words():
    book = render_rulebook(load_ruleset(EXACT), formulas=False)
    assert "3. **Bidding**: players bid the number of tricks they will take, each once (see Bidding)." in book
    assert ("- The player to the dealer's left bids first; then each player in turn bids once, the number of tricks "
            "they will take (0 to 5). Nobody passes.") in book
    assert "- Every bid is its bidder's own *contract*; a team's contract is its players' bids added up." in book
    assert "(The *hook*: the dealer, bidding last, may not make the bids add up to the tricks of the deal" in book
    assert "passes" not in book.split("## Bidding")[1].split("##")[0].replace("Nobody passes", "")
    # the dealer names trumps here (not the highest bidder): the section on making trumps says so
    assert "2. **Make trumps**: the dealer makes trumps by naming the trump suit." in book


def test_the_hook_with_its_formula_for_the_author():
    book = render_rulebook(load_ruleset(EXACT), formulas=True)
    assert "`seat == dealer and bids.total + bid == tricks`" in book


def test_bids_of_points_in_tens_and_bidding_again_in_words():
    book = render_rulebook(load_ruleset(POINTS), formulas=False)
    assert "2. **Bidding**: players bid the number of card points their team will take (see Bidding)." in book
    assert "5. **Bidding again**: on these cards, higher than the highest bid so far (see Bidding again)." in book
    assert "bids a higher number of card points (160 to 300 in steps of 10) or passes." in book
    assert "- A player may make a bid only when the bid is at least 200" in book
    assert "- Instead of bidding, a player who has not yet bid or passed may say *partner*: the partner bids or " \
           "passes in that turn for the team (once a team), and the bidding goes on from the player who asked." in book
    again = book.split("### Bidding again")[1].split("##")[0]
    assert "the trump maker bids first; then each player in turn, once, bids higher (250 to 300 card points in " \
           "steps of 10) or passes. If everyone passes, the highest bid stands." in again
    assert "- A new highest bidder makes trumps instead: the trump maker takes the trump card back into the hand." \
        in again


def test_nigerian_thuni_reads_as_before():
    book = render_rulebook(load_ruleset("nigerian-thuni"), formulas=False)
    assert "- The player to the dealer's left bids first; then each player in turn bids a higher number of tricks " \
           "(1 to 8) or passes.\n- A player who passed may not bid again; bidding ends when all but one have passed." \
        in book
    assert "steps of" not in book and "Bidding again" not in book and "hook" not in book


def test_the_diff_names_the_bidding_changes(tmp_path):
    house = overlay(tmp_path, POINTS, "bidding:\n  step: 20\n  again:\n    lowest: 260\n    takes_over: false\n")
    said = [c.text for c in diff_rulesets(load_ruleset(POINTS), house)]
    assert said == ["Bid step: 10 -> 20", "Lowest bid in the later bidding: 250 -> 260",
                    "A new highest bidder in the later bidding makes trumps: yes -> no"]
    alone = overlay(tmp_path, POINTS, "bidding:\n  partner_bid: false\n")
    assert [c.text for c in diff_rulesets(load_ruleset(POINTS), alone)] == \
        ["A player may ask the partner to bid (partner): yes -> no"]
    hookless = overlay(tmp_path, EXACT, "bidding:\n  forbidden_if: null\n")
    assert [c.text for c in diff_rulesets(load_ruleset(EXACT), hookless)] == ["Removes Bids not allowed (the hook)"]


def test_the_formula_explorer_knows_the_bidding_names():
    from thunee_dsl.editor.formulas import try_formula
    trial = try_formula(load_ruleset(EXACT), "bids.total + bid", "bidding", seed=1)
    assert trial.ok, trial.failure
    deal = trial.sample.deal
    who = deal.trump_maker  # (the player judged: the trump maker, weighing the bid it made)
    assert trial.value == sum(deal.bids.values()) + deal.bids[who]
    assert "bids.total" in trial.names and "partner.is_high_bidder" in trial.names


def test_exact_bids_scored_in_words():
    book = render_rulebook(load_ruleset(EXACT), formulas=False)
    assert ("Each team scores 10 times the number of players of the team who took exactly the tricks they bid plus "
            "the bids of the players of the team who took exactly the tricks they bid, added up.") in book
    assert "- The first team to score 100 points wins." in book  # (the ruleset's own unit: points)
