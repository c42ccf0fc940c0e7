"""The long fuzz campaign: the fuzz tests' checks on many more inputs than CI runs (not a test; run by hand).

    PYTHONPATH=. python tests/fuzz/campaign.py rulesets --seeds 0:5000 --minutes 30
    PYTHONPATH=. python tests/fuzz/campaign.py transcripts|fields|formulas|yaml --seeds 0:20000

Kinds: ``rulesets`` (a shipped ruleset or house overlay with 1-4 mutations, keys the schema knows added
too: refused with located problems, or plays and replays), ``transcripts`` (a golden transcript with 1-4
mutations), ``fields`` (every field of one transcript per folder replaced by each hostile value in turn),
``formulas`` (random and mutated formulas in every context), ``yaml`` (hostile YAML: bombs, deep nesting, odd
Unicode, huge numbers). Each failure is printed with its seed and the input; a mutant is reproduced by its
seed. Exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from checks import LOCATED, OVERLAYS, SHIPPED, TRANSCRIPTS, check_ruleset_file, check_transcript_text  # noqa: E402
from hostile import hostile_ruleset_text  # noqa: E402
from mutate import HOSTILE_VALUES, _set, fuzzed_formula, harvest, mutant, places  # noqa: E402

from thunee_dsl.errors import FormulaError, RulesetError  # noqa: E402
from thunee_dsl.formula import compile_formula  # noqa: E402
from thunee_dsl.loading import load_yaml_file, ruleset_schema  # noqa: E402
from thunee_dsl.model.quantities import CONTEXTS, symbol_table  # noqa: E402


def one_ruleset(seed: int, folder: Path, donors) -> str:
    rng = random.Random(seed)
    source = rng.choice(SHIPPED + OVERLAYS)
    data, done = mutant(load_yaml_file(source).data, rng, rng.randint(1, 4), ruleset_schema(), donors)
    path = folder / source.name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    played = check_ruleset_file(path, games=2, seed=seed, max_deals=5) is not None
    rules = sorted({d.split()[1] for d in done if d.startswith("rule:")})  # face-down, balls, cancel_if
    return f"{source.name} after {done}: {'played' if played else 'refused'}" + \
        "".join(f" [rule {r}]" for r in rules)


def one_transcript(seed: int) -> str:
    rng = random.Random(seed)
    source = rng.choice(TRANSCRIPTS)
    data, done = mutant(load_yaml_file(source).data, rng, rng.randint(1, 4))
    check_transcript_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source.parent)
    return f"{source} after {done}"


def fields():
    """(description, check) for every field of one transcript per folder and every hostile value."""
    for source in sorted({p.parent: p for p in TRANSCRIPTS}.values()):
        data = load_yaml_file(source).data
        for path in places(data):
            for value in HOSTILE_VALUES:
                mutated = copy.deepcopy(data)
                _set(mutated, path, value)
                text = yaml.safe_dump(mutated, sort_keys=False, allow_unicode=True)
                yield f"{source} {path} = {value!r}", (lambda t=text, s=source: check_transcript_text(t, s.parent))


def one_formula(seed: int) -> str:
    rng = random.Random(seed)
    text = fuzzed_formula(rng, tokens=14, edits=3)
    context = rng.choice(sorted(CONTEXTS))
    try:
        formula = compile_formula(text, symbol_table(context, tricks=6, team_values=("count",),
                                                     team_value_getter=None),
                                  expect=rng.choice((None, "number", "boolean")))
    except FormulaError as err:
        assert 1 <= err.column <= len(text) + 1, (text, err.column)
        return repr(text)
    if not formula.names:
        formula.explain(None)
    if formula.type == "boolean":
        formula.conditions()
        assert formula.can_be(True) or formula.can_be(False)  # (what validation reads of a condition)
    if formula.type == "number":
        least, most = formula.bounds()
        assert least is None or most is None or least <= most, (text, least, most)
    return repr(text)


def one_yaml(seed: int, folder: Path) -> str:
    text = hostile_ruleset_text(random.Random(seed))
    path = folder / "hostile.yaml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        check_ruleset_file(path, games=1, seed=seed, max_deals=3)
    except RulesetError:  # not even the file's name could be read: a located problem all the same
        pass
    return repr(text[:200])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=("rulesets", "transcripts", "fields", "formulas", "yaml"))
    parser.add_argument("--seeds", default="0:1000", help="FIRST:END (END excluded)")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop after this long")
    args = parser.parse_args()
    first, end = map(int, args.seeds.split(":"))
    deadline = time.monotonic() + args.minutes * 60
    folder = Path(tempfile.mkdtemp())
    donors = harvest([load_yaml_file(p).data for p in SHIPPED + OVERLAYS])
    if args.kind == "fields":
        cases = fields()
    else:
        run = {"rulesets": lambda s: one_ruleset(s, folder, donors), "transcripts": one_transcript,
               "formulas": one_formula, "yaml": lambda s: one_yaml(s, folder)}[args.kind]
        cases = ((f"seed {s}", (lambda s=s: run(s))) for s in range(first, end))
    ran = failed = 0
    tally: dict[str, int] = {}  # rulesets: refused / played, and so for each kind of rule written (mutate_rule)
    started = time.monotonic()
    for name, check in cases:
        if time.monotonic() > deadline:
            break
        ran += 1
        try:
            said = check()
            if args.kind == "rulesets":
                outcome = said.rsplit(": ", 1)[1].split(" [")[0]
                for key in [outcome] + [f"{r.rstrip(']')}: {outcome}" for r in said.split(" [rule ")[1:]]:
                    tally[key] = tally.get(key, 0) + 1
        except Exception:  # noqa: BLE001 - every failure is reported, the campaign goes on
            failed += 1
            print(f"FAILED {args.kind} {name}:\n{traceback.format_exc()[-3000:]}", flush=True)
    print(f"{args.kind}: {ran} examples, {failed} failed, {time.monotonic() - started:.0f} s")
    for key, count in sorted(tally.items()):
        print(f"  {key}: {count}")
    assert LOCATED  # (the same located-line pattern the tests use)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
