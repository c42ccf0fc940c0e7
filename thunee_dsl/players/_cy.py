"""What the bots' modules use of Cython's pure-Python mode when Cython is not installed (the compiled build,
``build_accel.py``, is optional): the typing decorators do nothing and ``compiled`` is False. With Cython
installed its own ``cython`` module is used, which does the same in a pure run."""

from __future__ import annotations


class cython:  # noqa: N801 - the name the modules use, as Cython's own module
    compiled = False

    @staticmethod
    def locals(**types):
        """``@cython.locals(name=type, ...)``: the C types of a function's names in the compiled build."""
        return lambda function: function
