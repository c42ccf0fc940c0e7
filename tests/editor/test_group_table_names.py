"""The group table names the players by their names where it names a seat: a button's help ("Amara (the right
opponent) takes the 10♠"), the reason a move is refused ("Priya (the right opponent) is to order up ..."), never
the engine's seat numbers."""

from __future__ import annotations

import re

import pytest

from thunee_dsl.editor.group_table import GroupTables, TableError
from thunee_dsl.editor.table import TableWords
from thunee_dsl.game.actions import Action
from thunee_dsl.loading import shipped_rulesets
from thunee_dsl import shipped_ruleset

NAMES = ["Amara", "Priya", "Chetan", "Dev"]


@pytest.fixture
def euchre_table(tmp_path):
    tables = GroupTables(tmp_path / "tables.sqlite3", clock=lambda: 1_000_000.0)
    opened = tables.open(shipped_rulesets()["euchre"].read_text(encoding="utf-8"), label="euchre", seed=3)
    secrets = {s: tables.join(opened.code, s, NAMES[s]) for s in range(4)}
    tables.deal(opened.code, host=opened.host_secret)
    return tables, opened.code, secrets


def to_decide(tables, code, secrets):
    for seat, secret in secrets.items():
        page = tables.page(code, seat, secret)
        if page.view is not None and page.view.legal:
            return seat, page
    raise AssertionError("nobody is asked")


def test_the_buttons_help_names_the_dealer_by_name(euchre_table):
    tables, code, secrets = euchre_table
    seat, page = to_decide(tables, code, secrets)
    dealer = page.view.dealer
    assert dealer != seat  # (seed 3: the dealer's left is asked first)
    words = page.words()
    helps = {a.verb: words.say_help(a, page.view) for a in page.view.legal}
    chair = TableWords(page.ruleset, seat).who(dealer)  # "the right opponent"
    assert f"{NAMES[dealer]} ({chair}) takes the" in helps["order"]
    assert helps["pass"].endswith(f"and {NAMES[dealer]} ({chair}) last.")


def test_a_move_out_of_turn_is_refused_naming_the_player_asked(euchre_table):
    tables, code, secrets = euchre_table
    seat, page = to_decide(tables, code, secrets)
    other = next(s for s in secrets if s != seat)
    hand = tables.page(code, other, secrets[other]).view.hand
    with pytest.raises(TableError) as refused:
        tables.act(code, other, secrets[other], Action(other, "play", hand[0]))
    said = str(refused.value)
    assert said.startswith("No card may be played now: ") and said.endswith(".")
    assert f"{NAMES[seat]} (" in said
    assert not re.search(r"\bseat \d", said, re.I)


def test_a_seat_without_a_name_is_named_from_the_chair_alone():
    words = TableWords(shipped_ruleset("standard"), 0, {1: "Priya", 2: None})
    assert words.who(1) == "Priya (the right opponent)" and words.who(2) == "your partner" and words.who(0) == "you"
    assert words.short(1) == "right opponent"  # (a table's cell: the chair only)
    assert words.from_chair("it is seat 1's turn") == "it is Priya's turn (right opponent)"  # (the chair after the thing)
