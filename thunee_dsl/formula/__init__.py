"""The formula layer: a small typed expression language compiled to closures.

>>> from thunee_dsl.formula import Symbol, compile_formula
>>> f = compile_formula('undertaking == "thunee"', {"undertaking": Symbol("undertaking", "text", lambda env: env)})
>>> f.evaluate("thunee"), f.evaluate(None)
(True, False)
"""

from thunee_dsl.errors import FormulaError
from thunee_dsl.formula.compiler import (
    FUNCTIONS,
    KEYWORDS,
    MAX_DEPTH,
    MAX_LENGTH,
    MAX_NUMBER,
    TYPES,
    Formula,
    Symbol,
    build_parser,
    compile_formula,
)

__all__ = ["FUNCTIONS", "KEYWORDS", "MAX_DEPTH", "MAX_LENGTH", "MAX_NUMBER", "TYPES", "Formula", "FormulaError", "Symbol", "build_parser", "compile_formula"]
