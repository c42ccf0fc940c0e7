"""Structural mutations of YAML-shaped data, shared by the fuzz tests and the long campaign.

A mutation picks a place in the data (a mapping key or a list item, at any depth) and deletes it,
duplicates it, gives it a value of another type, swaps it with another place, sets an extreme value,
or edits it as a formula; or it writes a rule of the kinds that once validated and then did not play
(:func:`mutate_rule`: a step acting on face-down cards, balls that can go below 0, a deal always void), or a trump
suit with its own order and points, a card borrowed into it (:func:`mutate_trump_order`), or going alone
(:func:`mutate_going_alone`). Every function takes a
:class:`random.Random`, so a hypothesis-drawn seed makes a mutant reproducible.
"""

from __future__ import annotations

import copy
import random
from typing import Any

OPERATIONS = ("delete", "duplicate", "retype", "swap", "extreme", "formula", "rule", "trump order", "going alone",
              "counted declaration")

OTHER_TYPES: tuple[Any, ...] = (None, True, False, "x", "", 0, 1.5, 4.0, [], {}, [1], {"a": 1}, ["deal 1"], "play")
EXTREMES: tuple[Any, ...] = (-1, 0, 1, 2, 3, 7, 8, 9, 12, 13, 64, 100, 1000, 10**9, 10**9 + 1, -(10**9), 2.0, -0.5,
                             "", " ", "a" * 300, "Ω", "²", "\t", "none", "true", "deal 9", "dealer+99")
# what a transcript's field may be replaced by (every field of a transcript, each value in turn)
HOSTILE_VALUES: tuple[Any, ...] = (None, True, -1, 0, 10**9, 10**9 + 1, 1.5, "", "x", "\u202e", "\x00", [], {}, [None],
                                   {"a": 1}, "9" * 50, ".nan", "-", "play", "2 play", "0 play JH JH", "standard",
                                   "../../etc/passwd", "rulesets/standard.yaml")
FORMULA_TOKENS = ("(", ")", "+", "-", "*", "/", "mod", "abs(", "max(", "min(", "round(", "round_down(", "round_up(", ",", "if", "then", "else", "and", "or", "not",
                  "==", "!=", ">=", "<", "counting.count", "call", "tricks", "caller", "none", "true", "false",
                  "1", "0", "-10", "999999999", '"thunee"', "seat.suits_held", "callers.tricks", "undertaking",
                  "team.cards", "other.declared", "dealers.balls", "@", "é")


def places(data: Any, path: tuple = ()) -> list[tuple]:
    """Every path to a mapping value or list item below the top level."""
    out = []
    if isinstance(data, dict):
        items = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return out
    for key, value in items:
        out.append(path + (key,))
        out += places(value, path + (key,))
    return out


def _parent(data: Any, path: tuple) -> Any:
    for part in path[:-1]:
        data = data[part]
    return data


def _get(data: Any, path: tuple) -> Any:
    return _parent(data, path)[path[-1]]


def _set(data: Any, path: tuple, value: Any) -> None:
    _parent(data, path)[path[-1]] = value


def mutate_formula(text: str, rng: random.Random) -> str:
    tokens = text.split()
    if not tokens or rng.random() < 0.2:
        return " ".join(rng.choice(FORMULA_TOKENS) for _ in range(rng.randint(1, 7)))
    i = rng.randrange(len(tokens) + 1)
    kind = rng.random()
    if kind < 0.4:
        tokens.insert(i, rng.choice(FORMULA_TOKENS))
    elif kind < 0.7 and i < len(tokens):
        tokens[i] = rng.choice(FORMULA_TOKENS)
    elif i < len(tokens):
        del tokens[i]
    return " ".join(tokens)


def mutate_once(data: Any, rng: random.Random) -> str:
    """Mutate ``data`` in place; return what was done (for failure messages)."""
    spots = places(data)
    if not spots:
        return "nothing to mutate"
    path = rng.choice(spots)
    op = rng.choice(OPERATIONS)
    parent = _parent(data, path)
    if op == "delete":
        del parent[path[-1]]
    elif op == "duplicate":
        value = copy.deepcopy(parent[path[-1]])
        if isinstance(parent, list):
            parent.insert(path[-1], value)
        else:  # the value also under a sibling's key (or a new one)
            keys = list(parent)
            parent[rng.choice(keys + [f"{path[-1]}2"])] = value
    elif op == "retype":
        parent[path[-1]] = copy.deepcopy(rng.choice(OTHER_TYPES))
    elif op == "swap":
        other = rng.choice(spots)
        if other[:len(path)] == path or path[:len(other)] == other:
            return f"swap {path} with itself or its part: nothing done"
        a, b = _get(data, path), _get(data, other)
        _set(data, path, copy.deepcopy(b))
        _set(data, other, copy.deepcopy(a))
    elif op == "extreme":
        parent[path[-1]] = rng.choice(EXTREMES)
    elif op == "rule":
        return mutate_rule(data, rng)
    elif op == "trump order":
        return mutate_trump_order(data, rng)
    elif op == "going alone":
        return mutate_going_alone(data, rng)
    elif op == "counted declaration":
        return mutate_counted_declaration(data, rng)
    else:
        value = parent[path[-1]]
        parent[path[-1]] = mutate_formula(value if isinstance(value, str) else str(value), rng)
    return f"{op} {'.'.join(map(str, path))}"


# Ball formulas that can go below 0 by the bounds of what they read (refused), and some that cannot (kept).
BALLS_BELOW_ZERO = ("callers.count", "callers.tricks - 3", "counting.cards / 100 - 2", "call - 20", "-call",
                    "round(counting.count, 100) / 100", "opponents.tricks mod 4 - 1", "counting.count - makers.count",
                    "if call > 0 then 2 else callers.tricks - 6", "team.tricks - other.tricks")
BALLS_AT_LEAST_ZERO = ("max(0, callers.count)", "callers.tricks / 2", "round(counting.cards, 100) / 100",
                       "callers.tricks mod 4", "abs(call - 20) / 10", "if call > 0 then 2 else max(1, tricks - 6)",
                       "round_up(team.tricks, 2)", "max(0, team.tricks - other.tricks)")
# Conditions true in every deal (refused as cancel_if) and some that are not (kept).
ALWAYS_TRUE = ("true", "counting.tricks >= 0", "counting.cards <= 304 or counting.trumps_dealt == 0",
               "not (call < 0)", "counting.trumps_dealt mod 1 == 0", "tricks_played >= 0 and true",
               "round(counting.cards, 10) >= 0")
SOMETIMES_TRUE = ("counting.trumps_dealt == 0", "counting.trumps_dealt > 10", "makers.trumps_dealt == 0 and call == 0")


def _ball_places(data: Any) -> list[tuple]:
    """Where a ruleset's data writes balls as a formula (undertakings, claims, outcomes, each_team)."""
    out = []
    for section in ("undertakings", "claims"):
        for name, item in (data.get(section) or {}).items() if isinstance(data.get(section), dict) else ():
            if isinstance(item, dict):
                for key in ("success", "failure", "caught", "partner_catch"):
                    out.append((section, name, "balls", key))
    scoring = data.get("scoring") if isinstance(data.get("scoring"), dict) else {}
    outcomes = scoring.get("outcomes")
    for i, outcome in enumerate(outcomes if isinstance(outcomes, list) else ()):
        if isinstance(outcome, dict):
            out.append(("scoring", "outcomes", i, "balls"))
    if "each_team" in scoring:
        out.append(("scoring", "each_team"))
    return out


def _write(data: Any, path: tuple, value: Any) -> None:
    """Set the value at ``path``, making each mapping on the way one (an earlier mutation may have made it
    anything); a list on the way (``scoring.outcomes``) is one ``_ball_places`` found there."""
    node = data
    for part, following in zip(path[:-1], path[1:]):
        if isinstance(node, dict) and not isinstance(node.get(part), list if isinstance(following, int) else dict):
            node[part] = {}
        node = node[part]
    node[path[-1]] = value


# How a game ends (issue 25, item 4), as ``game:`` may say it: a number of deals (with or without the target),
# stones (what each side starts with, moved from the losers), a target of any size; each (value or None: the key
# removed) written over what the file has
GAME_ENDS: tuple[dict, ...] = (
    {"deals": 4, "target": None, "corner_house": None}, {"deals": 1, "target": None, "corner_house": None},
    {"deals": 3}, {"deals": 200, "target": None, "corner_house": None},
    {"start": 3, "transfer": True, "target": None, "corner_house": None, "deuce": None, "win_by": None,
     "raised_target": None},
    {"start": 2, "transfer": True, "deals": 5, "target": None, "corner_house": None, "deuce": None, "win_by": None,
     "raised_target": None},
    {"start": 6, "transfer": True, "target": 12, "corner_house": None, "deuce": None},
    {"start": 2, "transfer": True},  # (with the file's target: refused where it cannot be reached)
    {"start": 1}, {"target": 1500, "corner_house": None}, {"target": 10**6}, {"target": None},
    {"target": None, "corner_house": None}, {"transfer": True},
    # the game value and the rubber (Whist)
    {"target": 5, "corner_house": None, "raised_target": None, "deuce": None, "win_by": None, "keeps_excess": False,
     "game_value": [{"when": "other.balls == 0", "value": 3, "says": "a treble"},
                    {"when": "other.balls <= 2", "value": 2}, {"when": "true", "value": 1}],
     "rubber": {"best_of": 3, "bonus": 2, "losers_games_deducted": True}},
    {"rubber": {"best_of": 5}}, {"rubber": {"best_of": 3}, "deals": 4},
    {"game_value": [{"when": "team.balls > other.balls + 3", "value": 2}]}, {"keeps_excess": False},
)


def mutate_rule(data: Any, rng: random.Random) -> str:
    """Write one rule of the kinds issue 23's hostile-input run found validated and then broken: a step that
    acts on cards a seat may not see (a face-down first batch, then making trumps or calling), balls that can go
    below 0, a cancellation true in every deal (each also in a form that is fine); or a game's end of issue 25
    (a number of deals, stones, a target of any size: ``GAME_ENDS``)."""
    if not isinstance(data, dict):
        return "rule: not a mapping"
    kind = rng.randrange(4)
    if kind == 3:
        end = rng.choice(GAME_ENDS)
        game = data.get("game")
        if not isinstance(game, dict):
            game = data["game"] = {}
        for key, value in end.items():
            if value is None:
                game.pop(key, None)
            else:
                game[key] = value
        return f"rule: game {end}"
    sequence = data.get("sequence")
    if kind == 0 and isinstance(sequence, list) and "deal 1" in sequence:
        steps = [s for s in sequence if s not in ("make trumps", "calling")]
        moved = [s for s in ("make trumps", "calling") if s in sequence]
        at = steps.index("deal 1") + 1
        data["sequence"] = steps[:at] + moved + steps[at:]
        _write(data, ("deal", "face_down"), [1])
        play = data.get("play")  # (an earlier mutation may have made it anything)
        if not (isinstance(play, dict) and isinstance(play.get("lay_out"), dict)):
            _write(data, ("play", "lay_out"), {"after_tricks": 1})
        if rng.random() < 0.3:  # made by naming the suit, nobody needs to look at a card
            _write(data, ("trumps", "ways"), ["suit"])
            _write(data, ("trumps", "caller_ways"), ["suit"])
        return f"rule: face-down first batch, then {', '.join(moved) or 'no trumps step'}"  # ("rule: KIND ...")
    places_ = _ball_places(data)
    if kind == 1 and places_:
        path = rng.choice(places_)
        value = rng.choice(BALLS_BELOW_ZERO if rng.random() < 0.7 else BALLS_AT_LEAST_ZERO)
        _write(data, path, value)
        return f"rule: balls {'.'.join(map(str, path))} = {value}"
    value = rng.choice(ALWAYS_TRUE if rng.random() < 0.7 else SOMETIMES_TRUE)
    _write(data, ("cancellation", "cancel_if"), value)
    return f"rule: cancel_if = {value}"


# --- the trump suit's own order and points, a card borrowed into it (issue 25 item 2: deck.trumps, colours) ---

TRUMP_POINTS = (0, 2, 3, 4, 10, 11, 14, 20)


def mutate_trump_order(data: Any, rng: random.Random) -> str:
    """Write ``deck.trumps`` from the deck's own ranks (an order, card points in trumps) and sometimes a
    borrowed card ('<rank> of same colour') with ``deck.colours``: mostly well formed, now and then not (a
    rank left out or twice, a borrowed card without colours, a colour of one suit)."""
    deck = data.get("deck") if isinstance(data, dict) else None
    if not isinstance(deck, dict) or not isinstance(deck.get("ranks"), list) or not isinstance(deck.get("suits"), list):
        return "trump order: no deck with ranks and suits"
    ranks = [str(r) for r in deck["ranks"]]
    order = ranks[:]
    rng.shuffle(order)
    trumps: dict[str, Any] = {"ranks": order}
    done = ["order"]
    if ranks and rng.random() < 0.5:
        trumps["points"] = {r: rng.choice(TRUMP_POINTS) for r in rng.sample(ranks, rng.randrange(len(ranks) + 1))}
        done.append("points")
    if ranks and rng.random() < 0.5:
        order.insert(rng.randrange(len(order) + 1), f"{rng.choice(ranks)} of same colour")
        done.append("borrowed")
        if rng.random() < 0.85:
            suits = [str(s) for s in deck["suits"]]
            rng.shuffle(suits)
            deck["colours"] = {s: ("black", "red", "blue", "green")[i // 2 % 4] for i, s in enumerate(suits)}
            done.append("colours")
    if ranks and rng.random() < 0.15:
        if rng.random() < 0.5:
            order.remove(rng.choice(ranks))
            done.append("a rank left out")
        else:
            order.append(rng.choice(ranks))
            done.append("a rank twice")
    if rng.random() < 0.1:
        del trumps["ranks"]
        done.append("no order")
    deck["trumps"] = trumps
    return f"trump order: {', '.join(done)}"


# --- declarations counted from the cards: a trick's (roem), the hands as dealt (honours) (issue 25 item 7) -----

SHAPES = ("same_rank", "sequence", "cards")
HOUSE_CONDITIONS = ("callers.balls < 4", "true", "opponents.balls >= 2", "seat == dealer")


def mutate_counted_declaration(data: Any, rng: random.Random) -> str:
    """Write a declaration counted from each trick's cards or from the hands as dealt, from the deck's own
    ranks, and sometimes ``deck.sequence_order``: mostly well formed, now and then not (two shapes, no value,
    more held than cards, a rank not in the deck, a key of a declaration from the hand)."""
    deck = data.get("deck") if isinstance(data, dict) else None
    if not isinstance(deck, dict) or not isinstance(deck.get("ranks"), list) or not deck["ranks"]:
        return "counted declaration: no deck with ranks"
    ranks = [str(r) for r in deck["ranks"]]
    done = []
    declarations = data.get("declarations")
    known = declarations.values() if isinstance(declarations, dict) else ()
    used = {d.get("verb") for d in known if isinstance(d, dict)}
    verbs = [v for v in ("roem", "honours", "bonus", "counted") if v not in used] or ["roem"]
    decl: dict[str, Any] = {"verb": rng.choice(verbs), "declared": "automatically"}
    if rng.random() < 0.5:
        decl["from"] = "trick"
        combos = []
        for _ in range(rng.randrange(1, 5)):
            shape = rng.choice(SHAPES)
            combo: dict[str, Any] = {"name": f"c{len(combos)}", "value": rng.choice((10, 20, 50, 100))}
            if shape == "same_rank":
                combo["same_rank"] = rng.choice((2, 3, 4))
                if rng.random() < 0.5:
                    combo["ranks"] = rng.sample(ranks, rng.randrange(1, len(ranks) + 1))
            elif shape == "sequence":
                combo["sequence"] = rng.choice((2, 3, 4, 5))
            else:
                combo["cards"] = rng.sample(ranks, min(len(ranks), rng.choice((1, 2, 3))))
                combo["trumps_only"] = rng.random() < 0.5
            combo["also"] = rng.random() < 0.3
            combos.append(combo)
        decl["combinations"] = combos
        done.append(f"from a trick, {len(combos)} combinations")
        if rng.random() < 0.5:
            order = ranks[:]
            rng.shuffle(order)
            deck["sequence_order"] = order
            done.append("a sequence order")
    else:
        decl["from"] = "hands as dealt"
        cards = rng.sample(ranks, rng.randrange(1, len(ranks) + 1))
        decl.update(cards=cards, pooled=rng.choice(("team", "seat")),
                    scored=rng.choice(("with tricks", "after tricks")))
        decl["combinations"] = [{"held": n, "value": rng.choice((1, 2, 4))}
                                for n in sorted(rng.sample(range(1, len(cards) + 1), rng.randrange(1, len(cards) + 1)),
                                                reverse=True)]
        if rng.random() < 0.5:
            decl["allowed_if"] = rng.choice(HOUSE_CONDITIONS)
        done.append(f"from the hands as dealt, {len(cards)} cards")
    if rng.random() < 0.15:
        wrong = rng.randrange(5)
        combo = decl["combinations"][0]
        if wrong == 0:
            combo.update({"sequence": 3, "same_rank": 2})
        elif wrong == 1:
            combo.pop("value", None)
        elif wrong == 2:
            combo["held"] = 17
        elif wrong == 3:
            (combo.setdefault("cards", []) if "cards" in combo else decl.setdefault("cards", [])).append("Z")
        else:
            decl["after_team_trick"] = [1]
        done.append(f"malformed ({wrong})")
    if not isinstance(declarations, dict):
        declarations = data["declarations"] = {}
    declarations[f"counted{len(declarations)}"] = decl
    return f"counted declaration: {', '.join(done)}"


def mutant(data: Any, rng: random.Random, count: int, schema: dict | None = None,
           donors: dict[str, list] | None = None) -> tuple[Any, list[str]]:
    """``count`` mutations of a copy of ``data``. Given the ruleset ``schema`` (and ``donors``, values by key
    name, see :func:`harvest`), a mutation may also add a key the schema knows that ``data`` lacks there."""
    data = copy.deepcopy(data)
    done = []
    for _ in range(count):
        if schema is not None and rng.random() < 0.3:
            done.append(add_known_key(data, rng, schema, donors or {}))
        else:
            done.append(mutate_once(data, rng))
    return data, done


# --- keys the data lacks: every key of the schema can be reached, not only those the shipped files write --


def _resolve(schema: dict, node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def _alternatives(schema: dict, node: Any) -> list[dict]:
    node = _resolve(schema, node)
    if not isinstance(node, dict):
        return []
    out = [node]
    for key in ("oneOf", "anyOf", "allOf"):
        for alt in node.get(key, ()):
            out += _alternatives(schema, alt)
    return out


def schema_at(schema: dict, path: tuple) -> list[dict]:
    """The (sub)schemas that may describe the value at ``path`` of a ruleset's data."""
    nodes = _alternatives(schema, schema)
    for part in path:
        following: list[dict] = []
        for node in nodes:
            if isinstance(part, int):
                items = node.get("items")
                if isinstance(items, dict):
                    following += _alternatives(schema, items)
            elif part in node.get("properties", {}):
                following += _alternatives(schema, node["properties"][part])
            elif isinstance(node.get("additionalProperties"), dict):
                following += _alternatives(schema, node["additionalProperties"])
        nodes = following
    return nodes


def harvest(datas: list[Any]) -> dict[str, list]:
    """Every value written under each key name in ``datas`` (values an added key is likely to take)."""
    found: dict[str, list] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                found.setdefault(str(key), []).append(value)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    for data in datas:
        walk(data)
    return found


def add_known_key(data: Any, rng: random.Random, schema: dict, donors: dict[str, list]) -> str:
    """Add, at a mapping of ``data``, a key the schema allows there but the mapping lacks."""
    spots = [()] + [p for p in places(data) if isinstance(_get(data, p), dict)]
    rng.shuffle(spots)
    for path in spots:
        node = data if not path else _get(data, path)
        known = sorted({k for sub in schema_at(schema, path) for k in sub.get("properties", {})} - set(node))
        if not known:
            continue
        key = rng.choice(known)
        choices = donors.get(key, [])
        value = copy.deepcopy(rng.choice(choices)) if choices and rng.random() < 0.8 else rng.choice(EXTREMES)
        node[key] = value
        return f"add {'.'.join(map(str, path + (key,)))}"
    return "add: every key the schema knows is there"


NUMBER_NAMES = ("call", "tricks", "counting.count", "callers.tricks", "team.cards", "other.declared",
                "dealers.balls", "seat.suits_held")
BOOLEAN_NAMES = ("true", "false", "caller.won_last_trick")


def random_formula(rng: random.Random, depth: int = 0, want: str = "number") -> str:
    """A formula built from the grammar (mostly well typed), to be mutated further."""
    leaf = depth > 4 or rng.random() < 0.3
    if want == "boolean":
        if leaf:
            return rng.choice(BOOLEAN_NAMES)
        kind = rng.randrange(3)
        if kind == 0:
            return f"{random_formula(rng, depth + 1)} {rng.choice(('==', '!=', '<', '<=', '>', '>='))} " \
                   f"{random_formula(rng, depth + 1)}"
        if kind == 1:
            return f"{random_formula(rng, depth + 1, 'boolean')} {rng.choice(('and', 'or'))} " \
                   f"{random_formula(rng, depth + 1, 'boolean')}"
        return f"not {random_formula(rng, depth + 1, 'boolean')}"
    if leaf:
        return rng.choice(NUMBER_NAMES + (str(rng.choice((0, 1, 2, 10, 104, 999_999_999))),))
    kind = rng.randrange(6)
    if kind == 0:
        op = rng.choice(("+", "-", "*", "/", "mod"))
        return f"{random_formula(rng, depth + 1)} {op} {random_formula(rng, depth + 1)}"
    if kind == 1:
        return f"{rng.choice(('abs', 'max', 'min'))}({random_formula(rng, depth + 1)})"
    if kind == 5:
        return f"{rng.choice(('round', 'round_down', 'round_up'))}({random_formula(rng, depth + 1)}, " \
               f"{rng.choice(('10', '5', '1', '0', '-10', 'call', 'tricks'))})"
    if kind == 2:
        return f"({random_formula(rng, depth + 1)})"
    if kind == 3:
        return f"-{random_formula(rng, depth + 1)}"
    return f"if {random_formula(rng, depth + 1, 'boolean')} then {random_formula(rng, depth + 1)} " \
           f"else {random_formula(rng, depth + 1)}"


def fuzzed_formula(rng: random.Random, tokens: int = 12, edits: int = 2) -> str:
    """Half the time a run of formula tokens, else a grammar-built formula; then up to ``edits`` edits."""
    if rng.random() < 0.5:
        text = " ".join(rng.choice(FORMULA_TOKENS) for _ in range(rng.randint(1, tokens)))
    else:
        text = random_formula(rng, want=rng.choice(("number", "boolean")))
    for _ in range(rng.randint(0, edits)):
        text = mutate_formula(text, rng)
    return text


# --- bidding beyond one ascending window (issue 25, item 1): its keys, written with values that fit and do not --

BIDDING_CONDITIONS = ("seat == dealer and bids.total + bid == tricks", "bid >= 200 or not seat.has_spoken",
                      "not partner.is_high_bidder", "seat.is_high_bidder or high_bid < 5", "seat.passed",
                      "bid mod 2 == 0", "bids.total + bid > tricks", "dealer.bid == 0", "bid > 1000",
                      "trump_maker == seat", "seat.bid >= bid", "dealers == others", "bid == bid",
                      "bid >= 200 or not (seat.asked_partner or partner.asked_partner)",
                      "not (bid <= tricks)", "call > 0", "seat.has_spokn", "bid +", "true", "false")
BIDDING_VALUES = {
    "step": (1, 2, 3, 5, 10, 0, -1, 7, 10**9), "lowest": (0, 1, 2, 160, 250, -1, 10**9),
    "highest": (1, 3, 5, 8, 13, 300, 304, 10**9), "counts": ("tricks", "points", "balls"),
    "turns": ("until passed", "once each", "twice"), "contract": ("highest bid", "each player", "lowest bid"),
    "all_pass": ("dealer bids lowest", "redeal"), "first_bidder": ("dealer", "dealer+1", "dealer+3", "trump_maker"),
    "allowed_if": BIDDING_CONDITIONS, "forbidden_if": BIDDING_CONDITIONS, "takes_over": (True, False, "yes"),
    "partner_bid": (True, False, 1),
}


def mutate_bidding(data: Any, rng: random.Random) -> str:
    """Write one to three of the bidding's keys (a bid step, bids of 0, one turn each, every bid its bidder's
    contract, who may bid what, a later bidding), or a second 'bidding' step: with values that fit and some that
    do not (a step off the ladder, a formula with a name the bidding lacks, trump_maker before trumps are made)."""
    if not isinstance(data, dict):
        return "bidding: not a mapping"
    done = []
    if not isinstance(data.get("bidding"), dict):
        data["bidding"] = {}
        sequence = data.get("sequence")
        if isinstance(sequence, list) and "bidding" not in sequence and "deal 1" in sequence:
            sequence.insert(sequence.index("deal 1") + 1, "bidding")
        done.append("bidding added")
    bidding = data["bidding"]
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(4)
        if kind == 3:  # a later bidding: its rules, and (mostly) a second step after the last batch
            again = bidding.setdefault("again", {}) if isinstance(bidding.get("again", {}), dict) else {}
            key = rng.choice(("first_bidder", "lowest", "highest", "step", "turns", "allowed_if", "forbidden_if",
                              "takes_over"))
            again[key] = rng.choice(BIDDING_VALUES[key])
            bidding["again"] = again
            sequence = data.get("sequence")
            if isinstance(sequence, list) and "play" in sequence and rng.random() < 0.8 \
                    and sequence.count("bidding") < 2:
                sequence.insert(sequence.index("play"), "bidding")
            done.append(f"bidding.again.{key} = {again[key]!r}")
        else:
            key = rng.choice(sorted(BIDDING_VALUES))
            bidding[key] = rng.choice(BIDDING_VALUES[key])
            done.append(f"bidding.{key} = {bidding[key]!r}")
    return "; ".join(done)


# --- going alone (issue 25, item 6): an undertaking offered as trumps are made, the partner sitting out, played
# out and judged by succeeds_if; written with values that fit and some that do not ------------------------------

ALONE_VALUES = {
    "after": ("make trumps", "make trumps", "make trump", "deal 1"),
    "partner": ("sits out", "sits out", "plays", "stands"),
    "caught": ("never", "never", "when a trick is lost", "on the last trick", "when beaten", "sometimes"),
    "succeeds_if": ("callers.tricks >= 3", "callers.tricks == tricks", "callers.tricks > opponents.tricks",
                    "caller == dealer", "seat.tricks >= 3", "callers.tricks >=", "callers.tricks", "true"),
    "leader": ("usual", "caller"), "after_batch": (1, 2, 3),
    "allowed_if": ("seat == trump_maker", "seat != trump_maker", "true", "seat.tricks > 0"),
}
ALONE_BALLS = ("if callers.tricks == tricks then 4 else 1", "4", "callers.tricks", "callers.tricks - 4", "2")


def mutate_going_alone(data: Any, rng: random.Random) -> str:
    """Write going alone into a ruleset: an undertaking ``alone`` added (offered as trumps are made, the partner
    sitting out, caught never, a partial success) or an undertaking of the ruleset given one to three of those
    keys, some with values that do not fit (a game with declarations, a name succeeds_if lacks, a condition
    that is not one, succeeds_if with a deal stopped when caught, after and after_batch both)."""
    if not isinstance(data, dict):
        return "going alone: not a mapping"
    undertakings = data.get("undertakings")
    if not isinstance(undertakings, dict):
        undertakings = data["undertakings"] = {}
    done = []
    if not undertakings or rng.random() < 0.5:
        undertakings["alone"] = {"verb": "alone", "after": "make trumps", "allowed_if": "seat == trump_maker",
                                 "partner": "sits out", "leader": "usual", "trump": "as made", "caught": "never",
                                 "succeeds_if": "callers.tricks >= 3",
                                 "balls": {"success": rng.choice(ALONE_BALLS), "failure": "2"}}
        done.append("alone added")
    name = rng.choice(sorted(undertakings))
    item = undertakings[name]
    if not isinstance(item, dict):
        return f"going alone: undertakings.{name} is not a mapping"
    for _ in range(rng.randint(0 if done else 1, 3)):
        key = rng.choice(sorted(ALONE_VALUES))
        item[key] = rng.choice(ALONE_VALUES[key])
        done.append(f"undertakings.{name}.{key} = {item[key]!r}")
    if rng.random() < 0.2:
        item.pop("after_batch", None) if "after" in item else item.pop("after", None)
    return "; ".join(done)


# the closed trump (issue 25, item 7: 304): values that fit and some that do not (a formula with a name its
# context lacks, or a number where a condition belongs; face down with trumps shown at the first lead)
CLOSED_VALUES = {
    ("trumps", "revealed"): ("on demand", "on demand", "first lead", "at once", "when asked"),
    ("trumps", "revealed_if"): ("bid >= 250 and tricks_played >= 1", "tricks_played >= 2", "makers.cards > 100",
                                "counting.tricks >= 1 or bid > 0", "true", "false", "bid + 1", "seat.tricks > 1",
                                "call > 0"),
    ("play", "void_while_closed"): ("face down", "face down", "face up", "face sideways"),
    ("play", "first_lead_not_trump"): (True, False),
}


def mutate_closed_trump(data: Any, rng: random.Random) -> str:
    """Write one to three of the closed trump's keys (trumps.revealed, trumps.revealed_if,
    play.void_while_closed, play.first_lead_not_trump); mostly with trumps shown on demand, so the closed
    trump's play (cards face down, asking for trumps) is reached."""
    if not isinstance(data, dict):
        return "closed trump: not a mapping"
    done = []
    keys = sorted(CLOSED_VALUES)
    chosen = [rng.choice(keys) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.7:
        chosen.insert(0, ("trumps", "revealed"))
    for section, key in chosen:
        if not isinstance(data.get(section), dict):
            if section == "trumps":
                continue  # (a ruleset without trumps: nothing to close)
            data[section] = {}
        value = "on demand" if (section, key) == ("trumps", "revealed") and not done else \
            rng.choice(CLOSED_VALUES[(section, key)])
        data[section][key] = value
        done.append(f"{section}.{key} = {value!r}")
    return "; ".join(done) or "closed trump: nothing written"


# -- sides of one and a score per player (issue 25, item 7a) -------------------------------------------------

EACH_PLAYER = ("if seat.tricks == seat.bid then 10 + seat.bid else 0", "seat.tricks", "team.tricks + seat.tricks",
               "10 * team.exact_bidders", "other.tricks", "counting.cards", "seat.tricks - 3", "makers.tricks",
               "if seat == dealer then 1 else 0", "seat.bid")


def mutate_sides(data: Any, rng: random.Random) -> str:
    """Write ``players.teams`` (mostly one side a seat, sometimes 2, or a number that does not split the seats)
    and perhaps ``scoring.each_player`` in place of the scoring written (formulas that fit, and some that name
    the other side or can go below 0)."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), dict):
        return "players: not a mapping"
    players = data["players"]
    seats = players.get("seats") if isinstance(players.get("seats"), int) else 4
    teams = rng.choice((seats, seats, seats, 2, 3, seats + 1, 1, "four"))
    players["teams"] = teams
    done = [f"players.teams = {teams!r}"]
    if rng.random() < 0.7 and isinstance(data.get("scoring"), dict):
        formula = rng.choice(EACH_PLAYER)
        scoring = data["scoring"]
        for key in ("outcomes", "each_team", "team_values"):
            if rng.random() < 0.8:
                scoring.pop(key, None)
        scoring["each_player"] = formula
        done.append(f"scoring.each_player = {formula!r}")
    return "; ".join(done)


# --- the duties of a player following to a trick (issue 25 item 5: play.obligations) ------------------------

OBLIGATION_WHENS = ("led.is_trump", "not seat.holds_led", "not seat.holds_led and not trick.partner_winning",
                    "trick.has_trump", "seat.holds_trump", "not seat.holds_only_trumps", "trick.cards_played >= 2",
                    "tricks_played > 3 or led.is_trump", "true", None,
                    # not fit: the card read in `when`, a number, a name the context lacks, a half-typed formula
                    "card.is_trump", "trick.cards_played", "counting.cards > 3", "not seat.holds_")
OBLIGATION_MUSTS = ("card.beats_trick", "card.is_trump", "not card.is_trump or card.beats_trick", "card.follows",
                    "card.points >= 10", "card.points == 0 or card.beats_trick", "not (card.follows or card.is_trump)",
                    "seat.holds_led and card.follows", "false",
                    # not fit
                    "card.points", "card.beats", "card.is_trump or", 7)


def mutate_obligations(data: Any, rng: random.Random) -> str:
    """Write ``play.obligations``: one to four duties from the formulas a card player writes (must trump, must
    overtrump, no undertrumping, card points), mostly well formed, now and then not (the card read in `when`,
    a number where a condition is wanted, a half-typed formula, a duty without must_play or its words)."""
    if not isinstance(data, dict):
        return "obligations: not a mapping"
    play = data.setdefault("play", {}) if isinstance(data.get("play", {}), dict) else None
    if play is None:
        return "obligations: play is not a mapping"
    duties = []
    for i in range(rng.randint(1, 4)):
        duty: dict[str, Any] = {"says": f"duty {i}"}
        when = rng.choice(OBLIGATION_WHENS[:10]) if rng.random() < 0.9 else rng.choice(OBLIGATION_WHENS[10:])
        if when is not None:
            duty["when"] = when
        duty["must_play"] = rng.choice(OBLIGATION_MUSTS[:9]) if rng.random() < 0.9 else rng.choice(OBLIGATION_MUSTS[9:])
        if rng.random() < 0.04:
            del duty[rng.choice(("says", "must_play"))]
        duties.append(duty)
    play["obligations"] = duties
    return f"obligations: {duties}"


# --- the undealt cards and the turn-up (issue 25 item 3: deal.undealt, deal.turn_up, trumps.ways turn-up) ---

TURN_UPS = ("none", "top of the undealt", "next card", "dealer's last card")


def mutate_turn_up(data: Any, rng: random.Random) -> str:
    """Leave cards undealt (a batch one card shorter, ``deal.undealt`` as many as are left, or now and then
    not), turn one up (``deal.turn_up``) and mostly make its suit trumps (``trumps.ways: [turn-up]``, the
    'make trumps' step and the calling dropped, or now and then kept)."""
    deal = data.get("deal") if isinstance(data, dict) else None
    if not isinstance(deal, dict) or not isinstance(deal.get("batches"), list):
        return "turn-up: no deal with batches"
    done = []
    batches, deck, players = deal["batches"], data.get("deck") or {}, data.get("players") or {}
    if batches and isinstance(batches[-1], int) and batches[-1] > 1 and rng.random() < 0.7:
        batches[-1] -= 1
        done.append("a batch one card shorter")
    try:
        left = len(deck["suits"]) * len(deck["ranks"]) - sum(batches) * players["seats"]
    except (KeyError, TypeError):
        left = rng.randint(0, 4)
    deal["undealt"] = rng.choice((left, left, left, 0, left + 1, max(left - 1, 0)))
    deal["turn_up"] = rng.choice(TURN_UPS)
    done.append(f"undealt {deal['undealt']} of {left}, turn_up {deal['turn_up']!r}")
    trumps, sequence = data.get("trumps"), data.get("sequence")
    if isinstance(trumps, dict) and rng.random() < 0.4:
        done.append(_order_up(data, trumps, rng))
    elif isinstance(trumps, dict) and rng.random() < 0.7:
        trumps["ways"] = ["turn-up"] if rng.random() < 0.9 else ["turn-up", "suit"]
        done.append(f"ways {trumps['ways']}")
        if isinstance(sequence, list) and rng.random() < 0.8:
            data.pop("calling", None)
            data["sequence"] = [s for s in sequence if s not in ("make trumps", "calling")]
            done.append("no 'make trumps', no calling")
    return "; ".join(done)


ROUND_KEYS = {"offer": ("the turn-up's suit", "any suit but the turn-up's"), "verb": ("order", "trump"),
              "dealer_takes_turn_up": (True, False), "dealer_discards": (0, 1)}


def _order_up(data: dict, trumps: dict, rng: random.Random) -> str:
    """Ordering up: ways 'order up' (with 'suit' mostly), rounds written out or left to their default, all_pass;
    the calling dropped and 'make trumps' put after the last deal (mostly), a round's key now and then off."""
    trumps["ways"] = ["order up", "suit"] if rng.random() < 0.7 else ["order up"]
    done = [f"ways {trumps['ways']}"]
    if rng.random() < 0.6:
        rounds = [{"offer": "the turn-up's suit", "verb": "order", "dealer_takes_turn_up": True, "dealer_discards": 1}]
        if "suit" in trumps["ways"]:
            rounds.append({"offer": "any suit but the turn-up's", "verb": "trump"})
        if rng.random() < 0.2:
            key = rng.choice(sorted(ROUND_KEYS))
            rng.choice(rounds)[key] = rng.choice(ROUND_KEYS[key])
            done.append(f"a round's {key} changed")
        trumps["rounds"] = rounds
    trumps["all_pass"] = rng.choice(("throw in", "throw in, next dealer", "dealer must"))
    done.append(f"all_pass {trumps['all_pass']}")
    sequence = data.get("sequence")
    if isinstance(sequence, list) and rng.random() < 0.85:
        data.pop("calling", None)
        data.pop("bidding", None)
        steps = [s for s in sequence if s not in ("make trumps", "calling", "bidding")]
        last = max((i for i, s in enumerate(steps) if isinstance(s, str) and s.startswith("deal ")), default=-1)
        steps.insert(last + 1, "make trumps")
        data["sequence"] = steps
        done.append("'make trumps' after the deal, no calling or bidding")
    return "order up: " + ", ".join(done)
