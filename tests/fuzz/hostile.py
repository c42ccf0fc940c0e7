"""Hostile ruleset texts: YAML bombs, deep nesting, huge files, odd Unicode in names, keys and formulas,
extreme numbers. Shared by the fuzz tests (a hypothesis-drawn seed) and the long campaign.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
STANDARD = (REPO / "rulesets" / "standard.yaml").read_text(encoding="utf-8")

# characters that print as nothing, reorder a line, end a line in some readers, or are not text at all
ODD = ("\ufeff", "\x00", "\x1b", "\x7f", "\u202e", "\u202d", "\u200f", "\u200b", "\u200d", "\u2028", "\u2029",
       "\u0085", "\u00a0", "\u3000", "\uff11", "\u0663", "\u0301", "\ufffd", "\U0001f0a1", "\t", "\r", "\\",
       '"', "'", ":", "#", "&", "*", "!", "|", ">", "%", "@", "`", "{", "[", ",", "-")
# escapes a double-quoted YAML string turns into characters a file could not hold (lone surrogates, NUL)
ESCAPES = ("\\ud800", "\\udfff", "\\ud83d", "\\0", "\\x1b", "\\u202e", "\\U0010ffff", "\\N", "\\_", "\\L", "\\P")
NUMBERS = ("0", "-0", "+1", "1e400", "-1e400", "1e-400", "9" * 30, "-" + "9" * 30, "0." + "9" * 400, "1_000",
           "0x1F", "0o17", "1:30", ".nan", ".inf", "-.inf", "1000000000", "1000000001", "-1000000001", "2.5",
           "4.0", "007", "1e9", "1E9", "true", "~", "''")
FORMULA_PLACES = ("dealer:\n  passes_if: {}\n", "scoring:\n  outcomes:\n    - when: {}\n      winner: counting\n"
                  "      balls: 1\n", "scoring:\n  outcomes:\n    - when: true\n      winner: makers\n      balls: {}\n",
                  "claims:\n  double:\n    succeeds_if: {}\n", "scoring:\n  team_values:\n    count:\n"
                  "      formula: {}\n")
NUMBER_PLACES = ("game:\n  target: {}\n", "players:\n  seats: {}\n", "deal:\n  batches: [{}, 2]\n",
                 "deck:\n  points: {{J: {}}}\n", "calling:\n  amounts: [10, {}]\n", "penalties:\n  balls: {}\n",
                 "undertakings:\n  thunee:\n    balls: {{success: {}}}\n", "game:\n  corner_house: {}\n")


def _odd_text(rng: random.Random, length: int) -> str:
    return "".join(rng.choice(ODD) if rng.random() < 0.5 else rng.choice("abcXYZ09 _.-") for _ in range(length))


def _quoted(text: str) -> str:
    """``text`` as a double-quoted YAML scalar (any character, written as an escape where needed)."""
    return json.dumps(text, ensure_ascii=True)  # JSON's escapes are YAML's, lone surrogates included


def _deep_formula(rng: random.Random) -> str:
    depth = rng.choice((10, 31, 32, 33, 200, 5000))
    opener, closer = rng.choice((("(", ")"), ("abs(", ")"), ("max(1, ", ")"), ("-", ""), ("not ", "")))
    core = rng.choice(("1", "9" * rng.choice((9, 10, 400)), "true", "call"))
    return opener * depth + core + closer * depth


def _bomb(rng: random.Random) -> str:
    width, levels = rng.choice(((9, 9), (2, 40), (50, 3))), None
    width, levels = width
    lines = ["a0: &a0 [lol]"]
    for level in range(1, levels):
        lines.append(f"a{level}: &a{level} [{', '.join(f'*a{level - 1}' for _ in range(width))}]")
    return "\n".join(lines) + "\n"


def hostile_ruleset_text(rng: random.Random) -> str:
    """One hostile ruleset text (YAML, unicode, numbers, formulas), as ``str`` (may hold lone surrogates)."""
    overlay = "extends: standard\nname: house\n"
    kind = rng.randrange(13)
    if kind == 0:
        return _bomb(rng)
    if kind == 1:  # nesting around MAX_DEPTH, in flow and in block style
        depth = rng.choice((10, 63, 64, 65, 1000, 50_000))
        if rng.random() < 0.5:
            return overlay + "summary: " + "[" * depth + "]" * depth + "\n"
        return overlay + "".join("  " * i + f"k{i}:\n" for i in range(min(depth, 3000))) + "  " * min(depth, 3000) + "x\n"
    if kind == 2:  # around the size limit
        size = rng.choice((500_000, 524_288, 524_289, 2_000_000))
        return overlay + "summary: " + "x" * max(0, size - len(overlay) - 10) + "\n"
    if kind == 3:  # a file of many keys or items
        count = rng.choice((100, 5_000, 40_000))
        if rng.random() < 0.5:
            return overlay + "".join(f"k{i}: {i}\n" for i in range(count))
        return overlay + "calling:\n  amounts: [" + ", ".join(str(10 * i) for i in range(1, count)) + "]\n"
    if kind == 4:  # odd characters in the name, the title, a key
        where = rng.choice(("name: {}\n", "title: {}\n", "{}: 1\n", "aliases: [{}]\n", "extends: {}\n"))
        odd = _odd_text(rng, rng.randint(1, 12))
        value = _quoted(odd) if rng.random() < 0.7 else odd
        text = where.format(value)
        return ("extends: standard\n" + text) if not text.startswith("extends") else text
    if kind == 5:  # escapes a file cannot hold directly
        escaped = "".join(rng.choice(ESCAPES + ("a", "b")) for _ in range(rng.randint(1, 6)))
        where = rng.choice(("name: \"{}\"\n", "title: \"{}\"\n", "\"{}\": 1\n", "dealer:\n  passes_if: \"{}\"\n",
                            "summary: \"{}\"\n"))
        return overlay + where.format(escaped)
    if kind == 6:  # odd characters inside a formula
        formula = rng.choice(("dealers.balls >= others.balls", "counting.count >= 105", "if call > 0 then 2 else 1"))
        i = rng.randrange(len(formula) + 1)
        formula = formula[:i] + _odd_text(rng, rng.randint(1, 3)) + formula[i:]
        return overlay + rng.choice(FORMULA_PLACES).format(_quoted(formula))
    if kind == 7:  # extreme numbers where numbers go
        return overlay + rng.choice(NUMBER_PLACES).format(rng.choice(NUMBERS))
    if kind == 8:  # extreme numbers and depth inside formulas
        formula = _deep_formula(rng) if rng.random() < 0.5 else \
            f"{rng.choice(NUMBERS)} {rng.choice('+-*')} {rng.choice(NUMBERS)}"
        return overlay + rng.choice(FORMULA_PLACES).format(_quoted(formula))
    if kind == 9:  # the whole standard ruleset with odd characters spliced in at random places
        text = STANDARD
        for _ in range(rng.randint(1, 5)):
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(ODD) + text[i:]
        return text
    if kind == 10:  # a byte order mark, line ends of every kind
        text = overlay + "game:\n  target: 13\n"
        end = rng.choice(("\n", "\r\n", "\r", "\u2028", "\u0085"))
        return rng.choice(("", "\ufeff", "\ufeff\ufeff")) + text.replace("\n", end)
    if kind == 12:  # division, remainder and rounding at their edges, where balls and conditions go
        formula = rng.choice(("call / 0", "call mod 0", "call / (call - call)", "counting.cards mod (tricks - tricks)",
                              "999999999 / 1 * 2", "round(call, 0)", "round_up(call, -1)", "round(call)",
                              "round_down(-999999999, 1000000000)", "call // 2", "call % 2", "div(call, 2)",
                              "mod(call, 2)", "1000000000 / 3 / 0", "-call / 7", "callers.count / 10"))
        return overlay + rng.choice(FORMULA_PLACES).format(_quoted(formula))
    # YAML's own odd corners
    return rng.choice((
        "%YAML 1.1\n---\n" + overlay, "%TAG !e! tag:e.com,2000:\n---\n" + overlay + "game: !e!x {}\n",
        overlay + "---\n" + overlay, overlay + "? [a, b]\n: 1\n", overlay + "<<: {game: {target: 3}}\n",
        overlay + "game: !!python/object:os.system {}\n", overlay + "game: {target: !!float 12}\n",
        overlay + "game: {target: !!int '12'}\n", overlay + "name: |\n  a\n  b\n", "...\n", "---\n", "- 1\n",
        overlay + "game:\n  target: 12\n  target: 13\n", overlay + "\"game\": {\"target\": 1}\ngame: {}\n",
        overlay + "game: {target: 12" + "\n", overlay + "name: 'it's'\n", overlay + "name: \"\\q\"\n",
    ))
