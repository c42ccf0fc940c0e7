"""The ``thunee-dsl`` command line: thin wrappers over the library.

Every error a user can cause is printed as one or more ``file:line:column: message``
lines (or, for replay, the one-line form of the transcript contract); no traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from thunee_dsl.errors import RulesetError, ThuneeDslError, TranscriptError


STDIN = "-"
"""A file argument that means standard input (``thunee-dsl validate - < house.yaml``)."""
STDIN_NAME = "<stdin>"
#: ``replay --analyse`` weighs every card of a deal of at most this many tricks by default, the last three beyond
#: (measured in pure Python, one core: a deal of Euchre 0.1 s, of Thunee 3-12 s, of Klaverjas over 90 s).
EVERY_CARD_UP_TO = 6  # (Thunee's six tricks, Euchre's five: seconds; Klaverjas' eight: minutes)
_stdin_read: list[str] = []  # standard input can be read once per run


def read_stdin() -> str:
    """Standard input's text, as a file's would be read (UTF-8, size limit); a located error otherwise."""
    from thunee_dsl.errors import Location, Problem
    from thunee_dsl.loading.safe_yaml import MAX_BYTES, decode_text
    if _stdin_read:
        raise RulesetError([Problem(Location(STDIN_NAME), "standard input ('-') can be read only once: give "
                                    "the other rulesets as files or names")])
    stream = sys.stdin
    if stream is None or stream.isatty():  # nothing piped in: waiting on the keyboard would look like a hang
        raise RulesetError([Problem(Location(STDIN_NAME), "'-' reads the ruleset from standard input, but none "
                                    "was piped in (thunee-dsl validate - < house.yaml)")])
    _stdin_read.append(STDIN)
    buffer = getattr(stream, "buffer", None)
    raw = buffer.read(MAX_BYTES + 1) if buffer is not None else stream.read(MAX_BYTES + 1).encode("utf-8")
    return decode_text(raw, STDIN_NAME)


def _load(name_or_path: str):
    from thunee_dsl import load_ruleset
    if name_or_path == STDIN:  # relative extends: paths are found from the working directory
        from thunee_dsl.loading import load_ruleset_text
        from thunee_dsl.model import compile_ruleset
        return compile_ruleset(load_ruleset_text(read_stdin(), STDIN_NAME, Path.cwd(), keep_going=True))
    if not name_or_path.strip():
        from thunee_dsl.errors import Location, Problem
        raise RulesetError([Problem(Location(repr(name_or_path)), "give a ruleset's name or a ruleset file "
                                    "(an empty argument names neither)")])
    try:
        return load_ruleset(name_or_path)
    except RulesetError as err:
        # a bare word names a ruleset; one that names none but a file or folder here is that file (a user
        # may name any file of theirs on the command line, e.g. one without .yaml)
        unknown = len(err.problems) == 1 and err.problems[0].message.startswith("unknown ruleset")
        if unknown and os.path.lexists(name_or_path):
            return load_ruleset(Path(name_or_path))
        raise


def cmd_list(args) -> int:
    """The shipped rulesets, then the user's own, from their files' headers (nothing is compiled,
    so that the list comes at once; ``validate`` checks a ruleset)."""
    from thunee_dsl.loading.home import HOME_ENV
    from thunee_dsl.loading.registry import (read_header, shadowed_rulesets, shipped_rulesets, user_folder,
                                             user_rulesets)

    def rows(found: dict) -> list[dict]:
        listed = [{"name": name, "title": read_header(path).title, "aliases": list(read_header(path).aliases),
                   "file": str(path)} for name, path in found.items()]
        if args.check:
            for row in listed:
                row["problems"] = _problems_of(row["file"])
        return listed

    def public(rows_: list[dict]) -> list[dict]:
        return [{k: (list(map(str, v)) if k == "problems" else v) for k, v in row.items()} for row in rows_]

    shipped = sorted(rows(shipped_rulesets()), key=lambda r: r["name"])
    yours, folder = sorted(rows(user_rulesets()), key=lambda r: r["name"]), user_folder()  # (file order: "a-2" before "a")
    if args.format == "json":
        print(json.dumps({"shipped": public(shipped), "yours": public(yours), "yours_folder": folder and str(folder)},
                         indent=2))
        return 0
    from thunee_dsl.cli.output import show, table
    checked = ("Checked",) if args.check else ()
    listed = table("Ruleset", "Title", "Also called", *checked)
    for row in shipped:
        listed.add_row(row["name"], row["title"], ", ".join(row["aliases"]), *_verdict(row))
    if folder is None:
        show(listed, "", f"Your own rulesets: no home folder here; set {HOME_ENV} to find them.")
        return 0
    from thunee_dsl.errors import visible

    hidden = [f"{visible(path.name)} is not found by its name: {visible(why)}."
              for path, why in shadowed_rulesets().items()]
    if not yours:
        show(listed, "", f"Your own rulesets, saved from the app's Editor, are listed here too (from {folder}).",
             *hidden)
        return 0

    own = table("Ruleset", "Title", "File", *checked)
    for row in yours:  # a user's file may hold an invisible character (validate refuses it): shown as <U+200B>
        said = read_header(row["file"]).name  # (the file's name is the ruleset's: a `name:` line that differs, said)
        title = row["title"] + (f" (its name: line says '{said}')" if said != row["name"] else "")
        own.add_row(visible(row["name"]), visible(title), visible(Path(row["file"]).name), *_verdict(row))
    show(listed, "", f"Your rulesets (in {folder}):", own, *hidden)
    return 0


def _problems_of(file: str) -> list:
    """``list --check``: the file's problems, as ``validate`` finds them (none: it plays)."""
    from thunee_dsl.errors import Location, Problem
    try:
        _load(file)
    except RulesetError as err:
        return list(err.problems)
    except Exception as err:  # one bad file must not hide the others: a bug of ours, said as such
        return [Problem(Location(file), f"internal error: {type(err).__name__}: {err} (please report it)")]
    return []


def _verdict(row: dict) -> tuple[str, ...]:
    """The "Checked" cell: ok, or the first problem (its line, when it is in the file itself)."""
    if "problems" not in row:
        return ()
    problems = row["problems"]
    if not problems:
        return ("ok",)
    first = problems[0]
    said = (f"line {first.location.line}: {first.message}"
            if first.location.file == row["file"] and first.location.line else str(first))
    from thunee_dsl.errors import first_invisible, visible

    # a name that cannot be typed as it is shown (it holds an invisible character) is named by its file
    named = row["name"] if first_invisible(row["name"]) is None else visible(row["file"])
    more = f" (and {len(problems) - 1} more: thunee-dsl validate {named})" if len(problems) > 1 else ""
    return (said + more,)


def cmd_validate(args) -> int:
    failed = 0
    for target in args.files:
        try:
            r = _load(target)
        except RulesetError as err:
            failed += 1
            for problem in err.problems:
                print(problem, file=sys.stderr)
        else:
            # standard input has one name, in its errors and here
            print(f"{STDIN_NAME if target == STDIN else target}: ok ({r.name}: {r.title})")
            from thunee_dsl.model.companions import target_warnings
            for warning in target_warnings(r.data):  # it plays, but a change of target left something behind
                print(f"{warning.location}: warning: {warning.message}", file=sys.stderr)
    return 1 if failed else 0


def cmd_rules(args) -> int:
    from thunee_dsl.model.rulebook import render_rulebook
    if args.output is not None and not args.output.strip():
        raise OSError(0, "give a file name to write to (or leave -o out to print the rulebook)", "-o")
    text = render_rulebook(_load(args.ruleset), formulas=args.formulas)
    if args.output and args.output != STDIN:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def cmd_replay(args) -> int:
    from thunee_dsl.cli.exported import is_zip, replay_zip
    if args.file == STDIN:
        from thunee_dsl.game.transcript import replay_text
        report = replay_text(read_stdin(), STDIN_NAME, Path.cwd())
    elif is_zip(args.file):  # a game exported from Playtest with its variant's file
        report = replay_zip(args.file)
    else:
        from thunee_dsl.game.transcript import replay_file
        report = replay_file(args.file)
    analysis = _analysis(report, args.from_trick) if args.analyse else None
    if args.format == "text":
        from thunee_dsl.cli.replay_text import replay_text
        print(replay_text(report, formulas=args.formulas))
        for number, lines in analysis or ():
            print(f"\nDeal {number}, analysed:")
            print("\n".join(lines))
    else:
        doc = report.to_json()
        if analysis is not None:
            doc["analysis"] = [{"deal": number, "lines": lines} for number, lines in analysis]
        print(json.dumps(doc, indent=2))
    return 0


def _analysis(report, from_trick) -> list:
    """``replay --analyse``: each deal's review seeing every hand, in words (simulation/review.py)."""
    from thunee_dsl.editor.cards import card_label, suit_label
    from thunee_dsl.simulation.review import review_game, review_words
    r = report.game.ruleset
    first = max(1, from_trick) if from_trick is not None else None  # None: by the deal's size (the help's)
    # (numbered as the game numbers its deals: a transcript that starts later lists them from deals_played + 1)
    return [(review.number + report.first_deal - 1,
             review_words(r, review, lambda card: card_label(card).words, suit_words=lambda suit: suit_label(suit)[1],
                          earlier="the earlier tricks were not: `--from-trick 1` weighs them"))
            for review in review_game(report.game, first, every_card_up_to=EVERY_CARD_UP_TO)]


def cmd_diff(args) -> int:
    from thunee_dsl.model.diff import diff_rulesets
    a, b = _load(args.a), _load(args.b)
    changes = diff_rulesets(a, b)
    if args.format == "json":
        print(json.dumps({"from": a.name, "to": b.name, "changes": [c.to_json() for c in changes]}, indent=2))
        return 0
    from thunee_dsl.cli.output import short_path, show, table
    if not changes:
        show(f"{a.name} and {b.name} play the same rules")
        return 0
    listed = table("Rule change", f"Where ({b.name})")
    for change in changes:
        where = short_path(change.where_after) if change.where_after else \
            f"removed (was {short_path(change.where_before)})"
        listed.add_row(change.text, where)
    show(f"{b.name} differs from {a.name}:", listed)
    return 0


def cmd_play(args) -> int:
    from thunee_dsl.cli.play import main_play
    return main_play(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="thunee-dsl", description="Thunee and its relatives, as data.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("list", help="list the shipped rulesets and your own (saved from the app)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--check", action="store_true", help="also load each ruleset and say whether it plays "
                                                         "(slower: every ruleset is compiled)")
    p.set_defaults(func=cmd_list)

    from thunee_dsl.cli.editor import add_parser as add_editor_parser
    add_editor_parser(sub)

    p = sub.add_parser("validate", help="check ruleset files; every problem as file:line:column: message")
    p.add_argument("files", nargs="+", metavar="FILE", help="ruleset files (or shipped names); - reads standard input")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("rules", help="print a ruleset as a Markdown rulebook")
    p.add_argument("ruleset", metavar="NAME|FILE")
    p.add_argument("-o", "--output", help="write to this file instead of standard output (- for standard output)")
    p.add_argument("--formulas", action="store_true",
                   help="show each rule's formula as written under its words (for the ruleset's author)")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("replay", help="replay a transcript and report the score (JSON, or --format text)")
    p.add_argument("file", metavar="FILE", help="a transcript (.yaml), or a game exported from Playtest (.zip); "
                                                "- reads a transcript from standard input")
    p.add_argument("--format", choices=("json", "text"), default="json")
    p.add_argument("--formulas", action="store_true",
                   help="with --format text: each deal's formulas with the values they read, under its words")
    p.add_argument("--analyse", action="store_true",
                   help="after the replay, each deal seeing every hand: what could be made, which cards cost points")
    p.add_argument("--from-trick", "--analyse-from", type=int, default=None, metavar="N", dest="from_trick",
                   help=f"with --analyse: weigh the cards played from trick N on (default: every trick of a deal "
                        f"of at most {EVERY_CARD_UP_TO} tricks, the last three beyond; --from-trick 1 weighs every "
                        f"card of a longer deal, which takes minutes for Klaverjas, Whist or Oh Hell)")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("diff", help="what differs between two rulesets, in plain words")
    p.add_argument("a", metavar="A")
    p.add_argument("b", metavar="B")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=cmd_diff)

    p = sub.add_parser("play", help="play a game in the terminal against the ruleset's bots",
                       description="Play a game in the terminal. Answer with the number of a choice, a card "
                                   "('10 of hearts', '10h', 'TH') or the action's words ('call 20', 'pass'); "
                                   "q stops.")
    p.add_argument("ruleset", nargs="?", default="standard", metavar="NAME|FILE")
    p.add_argument("--seat", type=_whole_number, default=0,
                   help="your seat, numbered from 0 as a transcript numbers seats (default 0); the game names every "
                        "other seat from your chair: your partner, the left or right opponent")
    p.add_argument("--bots", default=None, metavar="BOT[,BOT...]",
                   help="the bot for every other seat, or one per other seat in seat order (default: typical, the "
                        "players' default); an unknown name lists the bots")
    p.add_argument("--seed", type=_whole_number, default=None,
                   help="a whole number: the same seed deals the same cards (default: a new game each time)")
    p.add_argument("--formulas", action="store_true",
                   help="after each deal, also the formulas that scored it with the values they read")
    p.set_defaults(func=cmd_play)

    from thunee_dsl.cli.simulate import add_parser as add_simulate_parser
    add_simulate_parser(sub)
    return parser


def _whole_number(text: str) -> int:
    """An option that takes a whole number (a seed, a seat): digits only, so '1.5', '0x10' or '1_000' are refused in
    words rather than read as some other number."""
    import argparse
    import re

    if not re.fullmatch(r"[-+]?[0-9]{1,30}", text.strip()):
        raise argparse.ArgumentTypeError(f"expected a whole number such as 7, got '{text}'")
    return int(text)


def _reader_went_away() -> int:
    """Output piped into a reader that stopped (``| head``): end quietly, as other commands do."""
    import os
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
    except (OSError, ValueError):
        pass
    return 141  # 128 + SIGPIPE, what a shell reports for such a command


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    _stdin_read.clear()
    try:
        return args.func(args)
    except TranscriptError as err:
        print(err, file=sys.stderr)
        return 2
    except RulesetError as err:
        for problem in err.problems:
            print(problem, file=sys.stderr)
        return 2 if args.command in ("replay",) else 1
    except ThuneeDslError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # before OSError, of which it is one
        return _reader_went_away()
    except OSError as err:
        # a write error (a full disk) names no file: the output file asked for is the one
        where = err.filename or getattr(args, "output", None) or ""
        print(f"error: {where}: {err.strerror or err}" if where else f"error: {err.strerror or err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # a bug of ours, not the user's: say so in one line, never a traceback
        print(f"internal error: {type(err).__name__}: {err} (please report it with the command you ran)",
              file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
