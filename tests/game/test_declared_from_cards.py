"""Issue 25 item 7: declarations counted from the cards themselves, declared automatically (game/declarations.py).
Roem: the combinations in each trick's cards (a run in deck.sequence_order, four of a rank, the King and Queen of
trumps besides), scored for the trick's winners, and the playing team's contract written with the scoring
formulas (more than half, or "nat"; a "pit"). Honours: the A K Q J of trumps as dealt, pooled between partners,
not for a side at 4, scored after the tricks. The deals of docs/rules/klaverjas.md and whist.md replayed card by
card (the arithmetic in the transcripts' comments), the shapes worked by hand, a property of every random deal,
the words, and the refusals located."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.declarations import Declarations, longest_run, trick_combinations
from thunee_dsl.game.transcript import replay_file, replay_text
from thunee_dsl.model.diff import diff_rulesets
from thunee_dsl.model.rulebook import render_rulebook

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ROOT / "tests" / "game" / "rulesets"
TRANSCRIPTS = ROOT / "tests" / "transcripts" / "cards"
ROEM = RULESETS / "roem.yaml"
HONOURS = RULESETS / "honours.yaml"


@pytest.fixture(scope="module")
def roem():
    return load_ruleset(str(ROEM))


@pytest.fixture(scope="module")
def honours():
    return load_ruleset(str(HONOURS))


def counted(report) -> list[tuple]:
    return list(report.deals[0].deal.counted)


# -- roem: docs/rules/klaverjas.md's deals -------------------------------------------------------------------


def test_roem_of_a_run_of_three_with_the_stuk_and_a_run_of_four_each_for_the_trick_winners():
    report = replay_file(TRANSCRIPTS / "roem-1.yaml")
    # trick 2 (J Q K of spades, spades trumps): three in sequence 20 and the stuk 20, won by seat 3 (team 1);
    # trick 7 (10 J Q K of hearts, not trumps): four in sequence 50, won by seat 0 (team 0)
    assert counted(report) == [(1, "roem", "three in sequence", 20, 2), (1, "roem", "stuk", 20, 2),
                               (0, "roem", "four in sequence", 50, 7)]
    deal = report.deals[0]
    assert deal.declared == (50, 40) and deal.card_points == (43, 109)
    # made: 149 > 103, each team its own card points, last trick and roem
    assert deal.balls == (43 + 10 + 50, 109 + 40) == (103, 149)
    assert report.score == (103, 149)


def test_nat_the_opponents_score_162_and_every_roem():
    report = replay_file(TRANSCRIPTS / "roem-2.yaml")
    assert counted(report) == [(0, "roem", "four in sequence", 50, 7)]  # 10 J Q K of clubs, won by seat 2
    deal = report.deals[0]
    assert deal.card_points == (62, 90)  # + the last trick's 10: 72 and 90, 162
    # the makers (team 1) have 90, not more than 72 + 50 = 122: nat, team 0 scores 162 + 0 + 50
    assert deal.balls == (212, 0)


def test_the_last_tricks_roem_counts_before_the_deal_is_scored(roem):
    # the last trick ends the deal without a window after it: its roem is counted when the deal is scored
    report = replay_file(TRANSCRIPTS / "roem-1.yaml")
    deal = report.deals[0].deal
    assert deal.tricks_counted == 8 and sum(v for _, _, _, v, _ in deal.counted) == sum(deal.team_declared) == 90


def test_the_shapes_worked_by_hand(roem):
    deck = roem.deck
    decl = roem.declarations[0]
    hearts, spades = deck.suit("H"), deck.suit("S")

    def found(cards: str, trump):
        return trick_combinations(deck, decl, [deck.card(c) for c in cards.split()], trump)

    # a run of four of trumps that holds the King and Queen: 50 and the stuk 20 (70)
    assert found("KH QH JH TH", hearts) == [("four in sequence", 50), ("stuk", 20)]
    # the same cards not trumps: the run only; K Q of trumps alone: the stuk alone
    assert found("KH QH JH TH", spades) == [("four in sequence", 50)]
    assert found("KS QS 7H 8D", spades) == [("stuk", 20)]
    # runs are read 7 8 9 10 J Q K A, not in the trump order (J 9 A 10 K Q 8 7): 9 10 J of trumps is a run,
    # J 9 A is not
    assert found("9S TS JS 7H", spades) == [("three in sequence", 20)]
    assert found("JS 9S AS 7H", spades) == []
    # four Jacks 200, not also four of a kind; four Queens 100 (and with Q of trumps but no King: no stuk)
    assert found("JS JH JD JC", spades) == [("four Jacks", 200)]
    assert found("QS QH QD QC", spades) == [("four of a kind", 100)]
    assert found("9S 9H 9D 9C", spades) == []  # four Nines are not in the table
    # a run across suits is no run
    assert found("7S 8H 9D TC", spades) == []
    assert longest_run(deck, {deck.ranks.index(r) for r in "7 8 9 T J Q K A".split()}) == 8


def test_a_pit_scores_100_more_and_every_random_deal_adds_up(roem):
    # a property from the rules as written in the test ruleset: whatever the play, the two teams score
    # 162 (card points and the last trick) + all roem + 100 if one team won every trick (made: each its own;
    # nat: the opponents all of it)
    for seed in range(40):
        rng = random.Random(seed)
        game = GameState(roem, seed=seed)
        while not game.deals or game.deals[0].result is None:
            game.apply(rng.choice(game.legal_actions()))
        result = game.deals[0].result
        deal = result.deal
        pit = 100 if max(deal.team_tricks) == 8 else 0
        assert sum(result.balls) == 162 + sum(deal.team_declared) + pit, seed
        assert sum(deal.team_declared) == sum(value for _, _, _, value, _ in deal.counted)
        for team, _verb, _what, _value, number in deal.counted:
            assert deal.team_of[deal.tricks[number - 1][2]] == team  # scored for the trick's winners


@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(st.lists(st.sampled_from("7 8 9 T J Q K A".split()), min_size=1, max_size=8, unique=True))
def test_a_run_is_the_longest_stretch_of_the_sequence_order(roem, ranks):
    deck = roem.deck
    order = "7 8 9 T J Q K A".split()
    held = sorted(order.index(r) for r in ranks)
    longest = run = 1
    for a, b in zip(held, held[1:]):
        run = run + 1 if b == a + 1 else 1
        longest = max(longest, run)
    assert longest_run(deck, {deck.ranks.index(r) for r in ranks}) == longest


def test_roem_is_nobody_s_action(roem):
    # declared automatically: no verb a player says, refused as any word the ruleset does not know
    assert Declarations.verbs(roem) == ()
    game = GameState(roem, seed=1)
    seat = game.deal.pending.seat
    reason = game.explain_illegal(Action(seat, "roem", "S"))
    assert reason is not None and "roem" in reason


# -- honours: docs/rules/whist.md's deals ---------------------------------------------------------------------


def test_honours_held_by_both_partners_are_pooled_and_scored_after_the_tricks():
    report = replay_file(TRANSCRIPTS / "honours-1.yaml")
    # hearts: AH KH (seat 1) and JH (seat 3) three honours for team 1, 2; QH alone (seat 0) nothing
    assert counted(report) == [(1, "honours", "3 honours", 2, 0)]
    deal = report.deals[0]
    assert deal.tricks == (5, 8)
    assert deal.balls == (0, 8 - 6 + 2) == (0, 4)
    assert [s.path for s in deal.steps][-1] == "declarations.honours"
    assert deal.declared == (0, 0)  # scored after the tricks: not in team.declared


def test_a_side_at_four_does_not_count_its_honours():
    report = replay_file(TRANSCRIPTS / "honours-2.yaml")
    # diamonds: QD (seat 1), JD and AD (seat 3): three for team 1, but team 1 was at 4; KD alone for team 0
    assert counted(report) == []
    assert report.deals[0].balls == (0, 4) and report.score == (2, 5) and report.winner == 1


def test_every_random_deal_counts_the_partners_honours_together(honours):
    # worked independently of the engine's tables: the A K Q J of trumps among the two partners' cards as
    # dealt; all four 4, three 2, else nothing (the game starts at 0 - 0: nobody is at 4)
    deck = honours.deck
    for seed in range(30):
        rng = random.Random(seed)
        game = GameState(honours, seed=seed)
        while not game.deals or game.deals[0].result is None:  # (the first deal: the score is 0 - 0)
            game.apply(rng.choice(game.legal_actions()))
        deal = game.deals[0].result.deal
        trump = deck.suits[deal.trump]
        want = []
        for team in (0, 1):
            held = sum(deck.card(rank + trump) in [c for s in (team, team + 2) for c in range(deck.size)
                                                   if deal.dealt[s] >> c & 1] for rank in "AKQJ")
            value = {4: 4, 3: 2}.get(held, 0)
            if value:
                want.append((team, "honours", f"{held} honours", value, 0))
        assert list(deal.counted) == want, seed


def with_score(score: str, ruleset: str = "../../game/rulesets/honours.yaml") -> str:
    text = (TRANSCRIPTS / "honours-1.yaml").read_text(encoding="utf-8")
    return text.replace("ruleset: ../../game/rulesets/honours.yaml\n", f"ruleset: {ruleset}\nscore: {score}\n")


def test_a_game_won_by_tricks_is_won_before_honours_count():
    # from 0 - 3: team 1's two odd tricks make 5, the game; its three honours (2) are not scored
    report = replay_text(with_score("[0, 3]"), base_dir=TRANSCRIPTS)
    assert report.deals[0].balls == (0, 2) and report.score == (0, 5) and report.winner == 1
    assert report.deals[0].explanation[-1].endswith("does not score them: the game was won by tricks first")
    # from 0 - 2: tricks make 4, the honours then 6, points over 5 not kept: the game by honours
    report = replay_text(with_score("[0, 2]"), base_dir=TRANSCRIPTS)
    assert report.deals[0].balls == (0, 4) and report.score == (0, 5) and report.winner == 1
    # from 3 - 0: team 0 is at 3 but makes no odd trick; team 1 counts 2 + 2
    report = replay_text(with_score("[3, 0]"), base_dir=TRANSCRIPTS)
    assert report.deals[0].balls == (0, 4) and report.winner is None


def test_honours_with_the_tricks_are_in_team_declared_and_of_each_player_when_not_pooled(tmp_path):
    base = HONOURS.read_text(encoding="utf-8")
    (tmp_path / "with.yaml").write_text(
        base.replace("scored: after tricks", "scored: with tricks")
            .replace("each_team: max(0, team.tricks - 6)", "each_team: max(0, team.tricks - 6) + team.declared"),
        encoding="utf-8")
    (tmp_path / "seat.yaml").write_text(base.replace("pooled: team ", "pooled: seat "), encoding="utf-8")
    text = (TRANSCRIPTS / "honours-1.yaml").read_text(encoding="utf-8")
    # from 0 - 3 counted with the tricks: 2 + 2 = 4 in one formula (the game is not won before honours)
    report = replay_text(text.replace("ruleset: ../../game/rulesets/honours.yaml\n",
                                      f"ruleset: {tmp_path / 'with.yaml'}\nscore: [0, 3]\n"), base_dir=TRANSCRIPTS)
    assert report.deals[0].declared == (0, 2) and report.deals[0].balls == (0, 4)
    # each player's own: seat 1 holds two (AH KH), seat 3 one: no three anywhere
    report = replay_text(text.replace("ruleset: ../../game/rulesets/honours.yaml\n",
                                      f"ruleset: {tmp_path / 'seat.yaml'}\n"), base_dir=TRANSCRIPTS)
    assert counted(report) == [] and report.deals[0].balls == (0, 2)


# -- the words ----------------------------------------------------------------------------------------------


def test_the_deal_story_says_what_the_cards_scored():
    lines = replay_file(TRANSCRIPTS / "roem-1.yaml").deals[0].explanation
    assert lines[:2] == ("Roem, trick 2, for team 1 (seats 1, 3): three in sequence 20, stuk 20",
                         "Roem, trick 7, for team 0 (seats 0, 2): four in sequence 50")
    lines = replay_file(TRANSCRIPTS / "honours-1.yaml").deals[0].explanation
    assert lines[0] == "Honours as dealt, team 1 (seats 1, 3): 3 honours, 2 (counted after the tricks)"
    assert lines[-1] == "Honours, after the tricks: team 1 (seats 1, 3) scores 2 points"


def test_rulebook_words(roem, honours):
    book = render_rulebook(roem)
    assert "- Cards in sequence (runs) are read in the order, lowest first, 7 8 9 10 J Q K A, in every suit." in book
    assert "### Roem\n" in book and "| four in sequence: 4 cards in sequence in one suit | 50 |" in book
    assert "| stuk: K Q of one suit, of trumps (as well) | 20 |" in book
    assert "`roem SUIT`" not in book  # nobody says it
    book = render_rulebook(honours)
    assert "the A K Q J of trumps as dealt, the two partners' cards together." in book
    assert "| 4 of them | 4 |" in book and "| 3 of them | 2 |" in book
    assert "- Scored after the tricks: a side that reaches 5 points by tricks has won the game before these count." \
        in book
    assert "the score of the side it counts for before this deal is less than 4" in book


def test_diff_words(tmp_path, roem, honours):
    house = HONOURS.read_text(encoding="utf-8").replace("pooled: team ", "pooled: seat ") \
        .replace("scored: after tricks", "scored: with tricks")
    (tmp_path / "h.yaml").write_text(house, encoding="utf-8")
    said = [c.text for c in diff_rulesets(honours, load_ruleset(str(tmp_path / "h.yaml")))]
    assert said == ["Honours whose cards count together: team -> seat",
                    "Honours scored (with the tricks, or after them): after tricks -> with tricks"]
    other = ROEM.read_text(encoding="utf-8").replace('sequence_order: ["7", "8", "9", T, J, Q, K, A]',
                                                     'sequence_order: [A, "7", "8", "9", T, J, Q, K]')
    (tmp_path / "r.yaml").write_text(other, encoding="utf-8")
    said = [c.text for c in diff_rulesets(roem, load_ruleset(str(tmp_path / "r.yaml")))]
    assert said == ["Order of cards in sequence (lowest first): 7, 8, 9, T, J, Q, K, A -> A, 7, 8, 9, T, J, Q, K"]


# -- what is refused, located ---------------------------------------------------------------------------------


def problems(tmp_path, base: Path, old: str, new: str) -> list[str]:
    text = base.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / base.name
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(RulesetError) as refused:
        load_ruleset(str(path))
    return [f"{p.location.line}:{p.location.column}: {p.message}" for p in refused.value.problems]


def line_of(base: Path, text: str) -> int:
    return next(i for i, line in enumerate(base.read_text(encoding="utf-8").splitlines(), 1) if text in line)


REFUSED = [
    (ROEM, "{name: four in sequence, sequence: 4, value: 50}",
     "{name: four in sequence, sequence: 4, same_rank: 4, value: 50}",
     "declarations.roem.combinations[2]: a combination of a trick's cards gives one shape ('same_rank: 4', "
     "'sequence: 3' or 'cards: [K, Q]') and its 'value' (it gives 'same_rank' and 'sequence')"),
    (ROEM, "{name: three in sequence, sequence: 3, value: 20}", "{name: three in sequence, sequence: 3}",
     "declarations.roem.combinations[3]: a combination of a trick's cards gives one shape ('same_rank: 4', "
     "'sequence: 3' or 'cards: [K, Q]') and its 'value'"),
    (ROEM, "cards: [K, Q], trumps_only", "cards: [K, C], trumps_only",
     "declarations.roem.combinations[4].cards: rank 'C' is not in deck.ranks (A T K Q J 9 8 7)"),
    (ROEM, "{name: four in sequence, sequence: 4, value: 50}", "{name: four in sequence, sequence: 9, value: 50}",
     "declarations.roem.combinations[2].sequence: a run of 9, but a suit has 8 cards"),
    (ROEM, "    declared: automatically\n", "    declared: automatically\n    after_team_trick: [1]\n",
     "declarations.roem.after_team_trick: is for a declaration a player makes from the hand; one from a trick "
     "counts by itself"),
    (ROEM, 'sequence_order: ["7", "8", "9", T, J, Q, K, A]', 'sequence_order: ["7", "8", "9", T, J, Q, K]',
     "deck.sequence_order leaves out A: list every rank of the deck once, lowest first"),
    (HONOURS, "      - {held: 4, value: 4}", "      - {held: 5, value: 4}",
     "declarations.honours.combinations[0].held: 5 of 4 cards can never be held"),
    (HONOURS, "      - {held: 3, value: 2}", "      - {held: 3, value: 2, sequence: 3}",
     "declarations.honours.combinations[1]: a combination of the hands as dealt gives 'held' (how many of the "
     "cards) and 'value'; 'sequence' is not one of its keys"),
    (HONOURS, "    from: hands as dealt\n", "",
     "declarations.honours.cards: is for a declaration from a trick or from the hands as dealt (give 'from: "
     "trick' or 'from: hands as dealt'), not one declared from the hand"),
]


@pytest.mark.parametrize("base, old, new, message", REFUSED, ids=range(len(REFUSED)))
def test_refused_with_the_place_and_what_was_expected(tmp_path, base, old, new, message):
    found = problems(tmp_path, base, old, new)
    assert any(p.split(": ", 1)[1] == message for p in found), found
    assert all(p.split(":")[0].isdigit() and int(p.split(":")[0]) > 0 for p in found), found


def test_schema_refusals_are_located(tmp_path):
    found = problems(tmp_path, ROEM, "declared: automatically", "declared: when claimed")
    assert found[0].startswith(f"{line_of(ROEM, 'declared: automatically')}:") and "automatically" in found[0]
    found = problems(tmp_path, ROEM, "from: trick ", "from: tricks ")
    assert found[0].startswith(f"{line_of(ROEM, 'from: trick ')}:") and "hand, trick, hands as dealt" in found[0]
    found = problems(tmp_path, HONOURS, "pooled: team ", "pooled: partners ")
    assert found[0].startswith(f"{line_of(HONOURS, 'pooled: team ')}:")


def test_a_declaration_from_the_hand_still_needs_its_tricks_and_ranks(tmp_path):
    text = textwrap.dedent("""\
        extends: {base}
        name: jodie-house
        declarations:
          roem: null
          jodie:
            verb: jodie
            combinations:
              - {{ranks: [K, Q], trumps: 40}}
        """).format(base=ROEM)
    path = tmp_path / "j.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as refused:
        load_ruleset(str(path))
    said = [p.message for p in refused.value.problems]
    assert said == ["declarations.jodie: give 'after_team_trick' (after which of its tricks the team may declare it), "
                    "or 'from: trick' / 'from: hands as dealt' for combinations counted without a player declaring "
                    "them"]


# -- coverage -------------------------------------------------------------------------------------------------


def test_coverage_labels_fire_where_the_cards_scored(roem, honours):
    from thunee_dsl.simulation.analysis import fired, rules
    from thunee_dsl.simulation.play import deal_row

    labels = {rule.key: rule.label for rule in rules(roem)}
    assert labels["declarations.roem"] == "Roem scored (from a trick's cards)"
    assert {rule.key: rule.label for rule in rules(honours)}["declarations.honours"] == \
        "Honours scored (from the hands as dealt)"
    report = replay_file(TRANSCRIPTS / "roem-1.yaml")
    assert "declarations.roem" in fired(deal_row(report.game))
    report = replay_file(TRANSCRIPTS / "roem-2.yaml")
    assert "declarations.roem" in fired(deal_row(report.game))  # the nat deal's roem, for the opponents
    # a side at 4 held three honours: nothing scored, nothing fired
    assert "declarations.honours" not in fired(deal_row(replay_file(TRANSCRIPTS / "honours-2.yaml").game))
    assert "declarations.honours" in fired(deal_row(replay_file(TRANSCRIPTS / "honours-1.yaml").game))


def test_the_tables_deal_story_and_the_text_replay_tell_it():
    from thunee_dsl.editor.table import TableWords, team_values
    from thunee_dsl.game.view import seat_view

    report = replay_file(TRANSCRIPTS / "roem-1.yaml")
    result, game = report.deals[0], report.game
    words = TableWords(game.ruleset, me=0)
    story = words.deal_story(result, seat_view(game, 0), team_values(game.ruleset, result.deal))
    assert story.startswith("They score roem in trick 2: three in sequence 20, stuk 20. Your team scores roem in "
                            "trick 7: four in sequence 50.")
    report = replay_text(with_score("[0, 3]"), base_dir=TRANSCRIPTS)
    result, game = report.deals[0], report.game
    story = TableWords(game.ruleset, me=0).deal_story(result, seat_view(game, 0))
    assert story.startswith("They hold honours as dealt: 3 honours (2).")
    assert story.endswith("They do not score honours: the game was won by tricks first.")
