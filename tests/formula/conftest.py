"""A small symbol table in the shape the model layer will give: dotted names read from a dict env."""

from operator import itemgetter

import pytest

from thunee_dsl.formula import Symbol

TABLE = {
    "counting.cards": "number",
    "counting.jodies": "number",
    "counting.won_last_trick": "boolean",
    "makers.jodies": "number",
    "call": "number",
    "tricks": "number",
    "callers.tricks": "number",
    "opponents.tricks": "number",
    "caller.won_last_trick": "boolean",
    "undertaking": "text",
    "caller": "team",
    "trump_maker": "seat",
    "a": "number",
    "b": "number",
    "c": "number",
    "yes": "boolean",
    "no": "boolean",
}

ENV = {
    "counting.cards": 97,
    "counting.jodies": 40,
    "counting.won_last_trick": False,
    "makers.jodies": 20,
    "call": 20,
    "tricks": 6,
    "callers.tricks": 6,
    "opponents.tricks": 0,
    "caller.won_last_trick": True,
    "undertaking": "thunee",
    "caller": None,
    "trump_maker": "north",
    "a": 3,
    "b": 5,
    "c": -7,
    "yes": True,
    "no": False,
}


def make_symbols(table=TABLE):
    return {name: Symbol(name, type_, itemgetter(name), f"test symbol {name}") for name, type_ in table.items()}


@pytest.fixture
def symbols():
    return make_symbols()


@pytest.fixture
def env():
    return dict(ENV)
