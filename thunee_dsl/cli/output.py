"""Tables on the terminal, from ``rich``: bold headings on a terminal (rich honours ``NO_COLOR``),
plain text when piped or redirected.

Each console is made when a command prints, so that it writes to the ``sys.stdout`` of that moment.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


PIPED_WIDTH = 200  # lines are not wrapped for a file or a pipe unless COLUMNS says otherwise


def show(*items, file=None) -> None:
    """Print texts and tables: through rich on a terminal; when piped, the same without colour and
    without the spaces rich pads lines with, so that the output greps and diffs cleanly."""
    from rich.console import Console
    stream = file or sys.stdout
    # What we print is the user's text (titles, names): no rich markup ("[b]"), emoji codes (":fire:")
    # or highlighting (rich would colour numbers at random) may change a character of it.
    words_as_written = {"markup": False, "emoji": False, "highlight": False}
    probe = Console(file=stream, **words_as_written)
    if probe.is_terminal:
        for item in items:
            probe.print(item)
        return
    width = int(os.environ["COLUMNS"]) if os.environ.get("COLUMNS", "").isdigit() else PIPED_WIDTH
    plain = Console(file=stream, width=width, color_system=None, **words_as_written)
    with plain.capture() as captured:
        for item in items:
            if hasattr(item, "box"):
                item.box = _plain_box()  # "-" under the headings rather than box-drawing characters
            plain.print(item)
    stream.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))


def _plain_box():
    from rich.box import Box
    return Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)


def table(*columns: str):
    """A table with a header line and no frame, readable on a terminal and in a text file alike."""
    from rich import box
    from rich.table import Table
    return Table(*columns, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")


def short_path(where: str) -> str:
    """A ``file:line:column`` with the file relative to the working folder when it is inside it, else
    to the home folder (``~/.thunee-dsl/rulesets/our-table.yaml:5:11``)."""
    file, sep, rest = where.partition(":")
    path = Path(file)
    if not path.is_absolute():
        return where
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return where
    if not rel.startswith(".."):
        return rel + sep + rest
    try:
        return str(Path("~") / path.relative_to(Path.home())) + sep + rest
    except (ValueError, RuntimeError):  # outside the home, or no home
        return where


__all__ = ["show", "short_path", "table"]
