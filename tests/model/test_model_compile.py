"""The compiled rule model: derived tables of the standard ruleset, the calling ladder, seat
references, formula contexts, immutability, and the doctests of the card and action modules."""

from __future__ import annotations

import dataclasses
import doctest
import re
import textwrap

import pytest

import thunee_dsl.game.actions
import thunee_dsl.model.cards
from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.formula import Formula
from thunee_dsl.loading import load_ruleset_source, load_ruleset_text
from thunee_dsl.model import Deck, Ruleset, compile_ruleset
from thunee_dsl.model.cards import beats_table, iter_cards, normalise_rank
from thunee_dsl.model.quantities import CONTEXTS, symbol_table
from thunee_dsl.model.ruleset import (
    ENGINE_VERBS, BallTable, CallingRules, Claim, Combination, Declaration, GameRules, Outcome, SeatRef,
)


@pytest.fixture(scope="module")
def standard() -> Ruleset:
    return compile_ruleset(load_ruleset_source("standard"))


def compile_text(tmp_path, text: str) -> Ruleset:
    path = tmp_path / "house.yaml"
    text = textwrap.dedent(text).lstrip("\n")
    path.write_text(text, encoding="utf-8")
    return compile_ruleset(load_ruleset_text(text, str(path)))


def problems(tmp_path, text: str) -> list[str]:
    with pytest.raises(RulesetError) as excinfo:
        compile_text(tmp_path, text)
    return [str(p) for p in excinfo.value.problems]


# --- the standard ruleset ------------------------------------------------------------------------------


def test_standard_sizes(standard):
    assert standard.name == "standard"
    assert standard.title == "South African Thunee (four players)"
    assert standard.aliases == ("thunee", "south-african", "sa-thunee")
    assert (standard.seats, standard.teams, standard.direction) == (4, 2, "counterclockwise")
    assert standard.deck.size == 24
    assert standard.deck.total_points == 304
    assert standard.batches == (4, 2)
    assert standard.hand_size == 6
    assert standard.tricks_per_deal == 6
    assert standard.hand_size * standard.seats == standard.deck.size
    assert standard.no_trump == 4
    assert len(standard.beats) == 5  # one row per trump suit and one without trumps
    assert all(len(row) == 24 for row in standard.beats)


def test_standard_deck(standard):
    d = standard.deck
    assert d.suits == ("S", "H", "D", "C")
    assert d.ranks == ("J", "9", "A", "T", "K", "Q")
    assert d.rank_points == (30, 20, 11, 10, 3, 2)
    assert d.names[:6] == ("JS", "9S", "AS", "TS", "KS", "QS")
    assert d.card("JS") == 0 and d.card("QC") == 23
    assert d.card("10h") == d.card("TH") == 9
    assert d.points[d.card("9D")] == 20
    assert d.suit("h") == 1
    assert d.names_of(d.suit_masks[d.suit("D")]) == ("JD", "9D", "AD", "TD", "KD", "QD")
    assert d.full_mask == (1 << 24) - 1
    assert sum(d.points[c] for c in iter_cards(d.suit_masks[0])) == 76
    with pytest.raises(ValueError):
        d.card("8H")
    with pytest.raises(ValueError):
        d.suit("X")


def test_normalise_rank():
    assert normalise_rank(10) == normalise_rank("10") == "T"
    assert normalise_rank(9) == "9"
    assert normalise_rank(" q ") == "Q"


def beats(r: Ruleset, trump: str | None, card: str, winning: str) -> bool:
    """Does ``card`` beat ``winning`` (the card now winning the trick) with ``trump`` as trumps?"""
    d = r.deck
    row = r.beats[r.no_trump if trump is None else d.suit(trump)]
    return bool(row[d.card(winning)] >> d.card(card) & 1)


@pytest.mark.parametrize("trump, card, winning, expected", [
    ("H", "QH", "JS", True),    # the lowest trump beats the best card of another suit
    ("H", "TS", "JS", False),   # the Jack is the highest card
    ("H", "AS", "TS", True),    # the Ace ranks above the Ten
    ("H", "9S", "AS", True),    # the Nine ranks above the Ace
    ("H", "JH", "9H", True),
    ("H", "9H", "JH", False),
    ("H", "JD", "QS", False),   # another non-trump suit never beats
    ("H", "KS", "QS", True),
    ("H", "QS", "KS", False),
    ("H", "JS", "JS", False),   # a card does not beat itself
    ("S", "QH", "JS", False),   # spades trumps: hearts cannot beat a spade
    ("S", "QS", "JH", True),
    (None, "QH", "JS", False),  # no trumps: only a higher card of the suit
    (None, "9S", "AS", True),
])
def test_beats_tables(standard, trump, card, winning, expected):
    assert beats(standard, trump, card, winning) is expected


def test_beats_table_counts(standard):
    d = standard.deck
    hearts = d.suit("H")
    row = standard.beats[hearts]
    # a non-trump card is beaten by the higher cards of its suit and by every trump
    assert bin(row[d.card("QS")]).count("1") == 5 + 6
    assert bin(row[d.card("JS")]).count("1") == 6
    assert row[d.card("JH")] == 0  # the Jack of trumps is never beaten
    assert standard.beats[standard.no_trump][d.card("JS")] == 0


def test_beats_table_with_another_order():
    deck = Deck(("S", "H"), ("A", "K"), (4, 3))
    normal = beats_table(deck, None)
    reversed_ = beats_table(deck, None, order=(1, 0))
    assert normal[deck.card("KS")] == 1 << deck.card("AS")
    assert reversed_[deck.card("AS")] == 1 << deck.card("KS")
    assert reversed_[deck.card("KS")] == 0


def test_standard_sections(standard):
    assert standard.sequence == ("deal 1", "make trumps", "calling", "deal 2", "undertakings", "play")
    assert standard.first_receiver == SeatRef("dealer", 1)
    assert standard.trumps.chooser == SeatRef("dealer", 1)
    assert standard.trumps.ways == ("card", "last card")
    assert standard.trumps.caller_ways == ("card",)
    assert standard.play.first_leader == SeatRef("trump_maker", 1)
    assert standard.play.follow_suit is True
    assert standard.play.undercut_only_with_all_trumps is True
    assert standard.game == GameRules(12, 11, standard.game.source)
    assert standard.penalties.balls == 4
    assert standard.penalties.offences == frozenset({"revoke", "out of turn", "false declaration", "forbidden claim"})
    assert standard.cancellation.same_dealer is True
    assert standard.cancellation.cancel_if.text == "counting.trumps_dealt == 0"
    assert standard.dealer.passes_to == SeatRef("dealer", 1)
    assert [tv.name for tv in standard.team_values] == ["count"]
    assert [(o.winner, o.when.text) for o in standard.outcomes] == [
        ("counting", "counting.count >= 105"), ("makers", "true")]


def test_standard_announcements(standard):
    (thunee,) = standard.undertakings
    assert (thunee.name, thunee.verb, thunee.title, thunee.after_batch) == ("thunee", "thunee", "Thunee", 2)
    assert (thunee.leader, thunee.trump, thunee.caught) == ("caller", "first lead", "when beaten")
    assert [f.text for f in (thunee.balls.success, thunee.balls.failure, thunee.balls.partner_catch)] == ["4", "4", "8"]
    assert standard.undertaking_by_verb("thunee") is thunee
    assert standard.undertaking_by_verb("royals") is None

    (jodie,) = standard.declarations
    d = standard.deck
    k, q, j = (d.ranks.index(r) for r in "KQJ")
    assert jodie.combinations == (Combination((k, q, j), 50, 30), Combination((k, q), 40, 20))
    assert jodie.after_team_trick == frozenset({1, 3})
    assert jodie.suit_hidden_for == frozenset({30})
    assert standard.declaration_by_verb("jodie") is jodie

    assert [c.verb for c in standard.claims] == ["double", "khanaak"]
    assert standard.claim_by_verb("khanaak").balls.partner_catch.text == "4"
    assert standard.claim_by_verb("pass") is None


def test_seats_and_teams(standard):
    assert [standard.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert standard.partners_of(1) == (3,)
    assert standard.opponents_of(0) == (1, 3)


# --- the calling ladder --------------------------------------------------------------------------------


@pytest.mark.parametrize("current, expected", [
    (0, (10, 20)), (10, (20, 30)), (90, (100, 104)), (100, (104,)), (104, ()), (500, ()),
])
def test_next_amounts(standard, current, expected):
    assert standard.calling.next_amounts(current) == expected


def test_next_amounts_without_simultaneous_extra():
    calling = CallingRules((10, 20, 30), "anyone", "anyone", 0)
    assert calling.next_amounts(0) == (10,)
    assert calling.next_amounts(20) == (30,)
    assert calling.next_amounts(30) == ()


# --- seat references -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text, anchor, offset", [
    ("dealer", "dealer", 0), ("dealer+1", "dealer", 1), ("trump_maker+3", "trump_maker", 3), ("caller+0", "caller", 0),
])
def test_seat_ref_parse(text, anchor, offset):
    ref = SeatRef.parse(text)
    assert (ref.anchor, ref.offset) == (anchor, offset)
    assert ref == SeatRef(anchor, offset)


def test_seat_ref_str_round_trip():
    assert str(SeatRef.parse("dealer+1")) == "dealer+1"
    assert str(SeatRef.parse("trump_maker")) == "trump_maker"
    assert str(SeatRef("dealer", 0)) == "dealer"


def test_seat_ref_resolve_wraps_around():
    ref = SeatRef.parse("dealer+1")
    assert [ref.resolve(4, dealer=d) for d in range(4)] == [1, 2, 3, 0]
    assert SeatRef.parse("trump_maker+3").resolve(4, dealer=0, trump_maker=2) == 1
    assert SeatRef.parse("dealer").resolve(6, dealer=5) == 5
    assert SeatRef.parse("dealer+1").resolve(2, dealer=1) == 0


# --- formula contexts ----------------------------------------------------------------------------------


def test_outcome_rejects_a_claim_name(tmp_path):
    assert problems(tmp_path, """
        extends: standard
        name: house
        scoring:
          outcomes:
            - when: caller.won_last_trick
              winner: counting
              balls: 2
        """) == [
        f"{tmp_path / 'house.yaml'}:5:13: scoring.outcomes[0].when: unknown name 'caller.won_last_trick'; "
        "did you mean 'dealer.won_last_trick'?\n"
        "    caller.won_last_trick\n"
        "    ^"
    ]


@pytest.mark.parametrize("section, name, where, suggestion", [
    ("dealer:\n  passes_if: callers.balls >= 0", "callers.balls", "dealer.passes_if", "dealers.balls"),
    ("cancellation:\n  cancel_if: seat.suits_held == 0", "seat.suits_held", "cancellation.cancel_if",
     "dealer.suits_held"),
    ("claims:\n  double:\n    succeeds_if: team.tricks == tricks", "team.tricks", "claims.double.succeeds_if",
     "seat.tricks"),
    ("declarations:\n  jodie:\n    allowed_if: caller.won_last_trick", "caller.won_last_trick",
     "declarations.jodie.allowed_if", "callers.won_last_trick"),
    ("scoring:\n  team_values:\n    count:\n      formula: counting.count + 1", "counting.count",
     "scoring.team_values.count.formula", "counting.contract"),
])
def test_names_of_another_context_are_errors(tmp_path, section, name, where, suggestion):
    (problem,) = problems(tmp_path, "extends: standard\nname: house\n" + section + "\n")
    head = problem.splitlines()[0]
    assert head.endswith(f": {where}: unknown name '{name}'; did you mean '{suggestion}'?")


def test_names_of_the_right_context_compile(tmp_path):
    r = compile_text(tmp_path, """
        extends: standard
        name: house
        dealer:
          passes_if: dealers.balls >= others.balls and not counting.won_last_trick
        claims:
          double:
            succeeds_if: callers.tricks == tricks and caller.won_last_trick and seat == caller
        """)
    assert r.dealer.passes_if.names == frozenset({"dealers.balls", "others.balls", "counting.won_last_trick"})
    assert r.claim_by_verb("double").succeeds_if.type == "boolean"


def test_symbol_tables_by_context():
    tables = {ctx: symbol_table(ctx, tricks=6, team_values=("count",),
                                team_value_getter=lambda env, team, name: 0)
              for ctx in CONTEXTS}
    assert "caller.won_last_trick" in tables["claim"]
    assert "caller.won_last_trick" not in tables["outcome"]
    assert "callers.tricks" not in tables["outcome"]
    assert "seat.suits_held" in tables["undertaking"]
    assert "seat.suits_held" not in tables["undertaking balls"]
    assert "caller.tricks" in tables["undertaking balls"]
    assert "team.cards" in tables["team value"] and "team.cards" not in tables["outcome"]
    assert "counting.count" in tables["outcome"]
    assert "counting.count" not in tables["team value"]  # a team value cannot read team values
    assert "dealers.balls" in tables["dealer"] and "dealers.balls" not in tables["claim"]
    for table in tables.values():
        assert {"call", "tricks", "target", "corner_house", "undertaking", "claim"} <= set(table)


def test_formula_types_are_checked(tmp_path):
    (problem,) = problems(tmp_path, """
        extends: standard
        name: house
        cancellation:
          cancel_if: counting.trumps_dealt
        """)
    assert problem == (f"{tmp_path / 'house.yaml'}:4:14: cancellation.cancel_if: expected a boolean formula, "
                       "got a number\n    counting.trumps_dealt\n    ^")


# --- other semantic checks -----------------------------------------------------------------------------


def test_semantic_problems_are_all_reported(tmp_path):
    f = tmp_path / "house.yaml"
    assert problems(tmp_path, """
        extends: standard
        name: house
        deal:
          batches: [4, 4]
        game:
          target: 12
          corner_house: 12
        undertakings:
          thunee:
            verb: call
        """) == [
        f"{f}:4:12: the deal gives 8 cards to each of 4 players (32 cards) but the deck has only 24",
        f"{f}:7:17: corner house (12) must be below the target (12)",
        f"{f}:10:11: verb 'call' is reserved for the engine ({', '.join(ENGINE_VERBS)})",
    ]


def test_overlay_has_its_own_name_and_no_base_aliases(tmp_path):
    r = compile_text(tmp_path, """
        extends: standard
        name: house
        calling:
          amounts: [10, 20, 30]
        """)
    assert r.name == "house"
    assert r.aliases == ()
    assert r.title == "South African Thunee (four players)"  # inherited
    assert r.calling.amounts == (10, 20, 30)
    assert r.calling.next_amounts(20) == (30,)


def test_ten_written_as_10_in_ranks(tmp_path):
    r = compile_text(tmp_path, """
        extends: standard
        name: house
        deck:
          ranks: [J, "9", A, 10, K, Q]
        """)
    assert r.deck.ranks == ("J", "9", "A", "T", "K", "Q")
    assert r.deck.total_points == 304


# --- immutability --------------------------------------------------------------------------------------


def test_ruleset_and_parts_are_frozen(standard):
    parts = [
        (standard, "name"), (standard.deck, "suits"), (standard.first_receiver, "offset"),
        (standard.trumps, "ways"), (standard.calling, "amounts"), (standard.undertakings[0], "verb"),
        (standard.undertakings[0].balls, "success"), (standard.play, "follow_suit"),
        (standard.cancellation, "same_dealer"), (standard.declarations[0], "combinations"),
        (standard.declarations[0].combinations[0], "trumps"), (standard.claims[0], "verb"),
        (standard.team_values[0], "name"), (standard.outcomes[0], "winner"), (standard.penalties, "balls"),
        (standard.game, "target"), (standard.dealer, "passes_if"), (standard.outcomes[0].when, "text"),
    ]
    for obj, attr in parts:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, attr, getattr(obj, attr))


def _mutable_values(obj, path="ruleset", seen=None):
    """Lists, dicts and sets reachable through the compiled model's dataclass fields and tuples."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, (list, dict, set, bytearray)):
        yield path, type(obj).__name__
        return
    if isinstance(obj, (tuple, frozenset)):
        for i, item in enumerate(obj):
            yield from _mutable_values(item, f"{path}[{i}]", seen)
        return
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        if isinstance(obj, Formula):
            return  # a compiled formula: its closures and private tree are its own business
        for f in dataclasses.fields(obj):
            if isinstance(obj, Ruleset) and f.name in ("data", "engine_cache"):
                continue  # the merged source (for the rulebook) and the engine's own cache
            if isinstance(obj, Deck) and f.name == "_by_name":
                continue  # private lookup table
            yield from _mutable_values(getattr(obj, f.name), f"{path}.{f.name}", seen)


def test_ruleset_holds_no_mutable_containers(standard):
    assert list(_mutable_values(standard)) == []


def test_part_types(standard):
    assert isinstance(standard.undertakings[0].balls, BallTable)
    assert isinstance(standard.claims[0], Claim)
    assert isinstance(standard.declarations[0], Declaration)
    assert isinstance(standard.outcomes[0], Outcome)
    assert isinstance(standard.outcomes[0].balls, Formula)


# --- doctests ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("module", [thunee_dsl.model.cards, thunee_dsl.game.actions], ids=lambda m: m.__name__)
def test_module_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


# --- issue 12: a ruleset that validates can be played ----------------------------------------------

@pytest.mark.parametrize("balls, negative", [
    ("4", None),
    ("-4", -4),
    ("2 - 12", -10),
    ("if call > 0 then 2 else -1", -1),
    ("if call > 0 then (0 - 3) else 1", -3),
    ("min(call, -2)", -2),
    ("if call > 0 then call else 1", None),
    ("max(call, -2)", None),  # cannot be told without a deal: not refused
    ("abs(0 - 5)", None),
])
def test_a_ball_value_written_negative_is_refused(tmp_path, balls, negative):
    text = f"extends: standard\nname: house\nscoring:\n  outcomes:\n    - {{when: true, winner: makers, balls: \"{balls}\"}}\n"
    if negative is None:
        compile_text(tmp_path, text)
        return
    with pytest.raises(RulesetError) as caught:
        compile_text(tmp_path, text)
    [problem] = caught.value.problems
    assert problem.message.startswith(f"scoring.outcomes[0].balls: balls cannot be negative ({negative})")
    assert problem.location.line == 5


def test_keep_going_compiles_the_rest_of_a_file_the_schema_refused(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: standard\nname: house\nplayers: {seats: 4.0}\ndealer: {passes_if: dealers.bals > 0}\n")
    with pytest.raises(RulesetError) as strict:
        load_ruleset_source(path)
    assert len(strict.value.problems) == 1  # the schema's problem only
    source = load_ruleset_source(path, keep_going=True)
    assert source.data["players"]["seats"] == 4  # the base's value stands in for the one refused
    with pytest.raises(RulesetError) as caught:
        compile_ruleset(source)
    assert [(p.location.line, p.message.split(";")[0]) for p in caught.value.problems] == [
        (3, "players.seats: expected a whole number, got 4.0 (a whole number is written without a decimal point)"),
        (4, "dealer.passes_if: unknown name 'dealers.bals'"),
    ]


def test_a_half_typed_formula_in_an_outcome_missing_keys_is_reported_with_the_missing_keys(tmp_path):
    # the outcome lacks 'balls' and 'winner' (the schema's problems) and its 'when' is half typed (the formula's):
    # all three, each located; so is the half-typed claim formula further down, past the outcome that stops short
    path = tmp_path / "house.yaml"
    path.write_text("extends: standard\nname: house\nscoring:\n  outcomes:\n    - when: counting.count >=\n"
                    "      says: half typed\n    - {when: true, winner: makers, balls: 1 +}\n"
                    "claims:\n  double:\n    allowed_if: undertaking ==\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    assert [(p.location.line, p.location.column, p.message.split(";")[0]) for p in caught.value.problems] == [
        (5, 7, "scoring.outcomes[0]: missing required key 'balls'"),
        (5, 7, "scoring.outcomes[0]: missing required key 'winner'"),
        (5, 30, "scoring.outcomes[0].when: unexpected end of formula"),
        (7, 46, "scoring.outcomes[1].balls: unexpected end of formula"),
        (10, 31, "claims.double.allowed_if: unexpected end of formula"),
    ]


def test_every_message_names_a_place_in_one_style_dots_for_keys_and_brackets_for_list_items(tmp_path):
    # the schema (scoring.outcomes[1]) and the compiler (formulas, balls) used to write scoring.outcomes.1.when
    path = tmp_path / "house.yaml"
    path.write_text("extends: standard\nname: house\nscoring:\n  outcomes:\n"
                    "    - {when: true, winner: makers, balls: -1}\n    - {when: counting.cnt > 1, winner: counting}\n"
                    "deck:\n  ranks: [J, '9', A, T, K, QQ]\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    places = [p.message.split(":")[0].split(" ")[0] for p in caught.value.problems]
    assert "scoring.outcomes[1]" in places and "scoring.outcomes[1].when" in places
    assert "scoring.outcomes[0].balls" in places
    assert not [p for p in caught.value.problems if re.search(r"\.\d", p.message.split("\n")[0])], \
        [p.message for p in caught.value.problems]


@pytest.mark.parametrize("name, said", [
    ("cards", "team value name 'cards' is already a quantity of every team (counting.cards, team.cards ...): "
              "choose another name"),
    ("balls", "team value name 'balls' is already a quantity of every team (counting.balls, team.balls ...): "
              "choose another name"),
    ("won_last_trick", "team value name 'won_last_trick' is already a quantity of every team "
                       "(counting.won_last_trick, team.won_last_trick ...): choose another name"),
    ("if", "team value name 'if' is a word of the formula language (and, else, false, if, mod, none, not, or, then, true)"),
    ("é", "team value name 'é' must be a single word of the letters a-z, digits and _ (not starting with a digit)"),
    ("9x", "team value name '9x' must be a single word of the letters a-z, digits and _ (not starting with a digit)"),
])
def test_a_team_value_may_not_take_a_name_formulas_already_give_a_meaning(tmp_path, name, said):
    # 'cards' used to shadow counting.cards silently (the team value won in formulas); 'if' and 'é' reached an
    # internal "cannot compile ruleset" at 1:1
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: standard\nname: house\nscoring:\n  team_values:\n    {name}:\n"
                    "      formula: team.cards * 2\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    assert [(p.location.line, p.location.column, p.message) for p in caught.value.problems] == [(5, 5, said)]
