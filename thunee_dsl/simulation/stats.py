"""Estimates with confidence intervals: Wilson for proportions, Student t for means, paired differences.

No third-party dependencies: the t quantile comes from the regularised incomplete beta function.

>>> e = wilson(8, 10)
>>> round(e.value, 3), round(e.low, 4), round(e.high, 4)
(0.8, 0.4902, 0.9433)
>>> round(t_quantile(0.975, 10), 3)
2.228
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist
from typing import Sequence

CONFIDENCE = 0.95


@dataclass(frozen=True)
class Estimate:
    """A point estimate and its interval. ``n`` counts the units it rests on (games, deals, ...);
    ``value`` is None without data, ``low``/``high`` None when no interval can be given."""

    value: float | None
    low: float | None
    high: float | None
    n: int
    method: str

    def to_json(self) -> dict:
        return {"value": _round(self.value), "low": _round(self.low), "high": _round(self.high),
                "n": self.n, "method": self.method}

    def contains(self, x: float) -> bool:
        return self.low is not None and self.low <= x <= self.high


def _round(x: float | None) -> float | None:
    if x is None:
        return None
    x = round(float(x), 6)
    return 0.0 if x == 0 else x  # no "-0.0"


def z_value(confidence: float = CONFIDENCE) -> float:
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: int, n: int, confidence: float = CONFIDENCE) -> Estimate:
    """The Wilson score interval of a proportion ``successes / n``."""
    if n <= 0:
        return Estimate(None, None, None, 0, "wilson")
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n, got {successes} of {n}")
    p = successes / n
    z = z_value(confidence)
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high, n, "wilson")


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Estimate:
    """The mean with a Student t interval (n - 1 degrees of freedom)."""
    n = len(values)
    if n == 0:
        return Estimate(None, None, None, 0, "t")
    total = math.fsum(values)
    return mean_from_sums(total, math.fsum(v * v for v in values), n, confidence)


def mean_from_sums(total: float, total_sq: float, n: int, confidence: float = CONFIDENCE) -> Estimate:
    """:func:`mean_interval` from the sum and the sum of squares of ``n`` values."""
    if n <= 0:
        return Estimate(None, None, None, 0, "t")
    mean = total / n
    if n < 2:
        return Estimate(mean, None, None, n, "t")
    var = max(0.0, (total_sq - total * total / n) / (n - 1))
    half = t_quantile(0.5 + confidence / 2, n - 1) * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n, "t")


def paired_difference(a: Sequence[tuple[float, float]], b: Sequence[tuple[float, float]],
                      confidence: float = CONFIDENCE) -> Estimate:
    """``R_B - R_A`` for ratios ``R = sum(x) / sum(n)`` measured on the same units (games), given as
    ``(x_i, n_i)`` per unit, with a paired t interval on the linearised per-unit differences
    ``(x_Bi - R_B n_Bi) / mean(n_B) - (x_Ai - R_A n_Ai) / mean(n_A)``. With every ``n_i == 1`` this is
    the ordinary paired t interval of the differences ``x_Bi - x_Ai``."""
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    g = len(a)
    na, nb = math.fsum(n for _, n in a), math.fsum(n for _, n in b)
    if g == 0 or na <= 0 or nb <= 0:
        return Estimate(None, None, None, g, "paired t")
    ra = math.fsum(x for x, _ in a) / na
    rb = math.fsum(x for x, _ in b) / nb
    diff = rb - ra
    if g < 2:
        return Estimate(diff, None, None, g, "paired t")
    mean_na, mean_nb = na / g, nb / g
    d = [(xb - rb * nb_i) / mean_nb - (xa - ra * na_i) / mean_na for (xa, na_i), (xb, nb_i) in zip(a, b)]
    dbar = math.fsum(d) / g
    var = math.fsum((x - dbar) ** 2 for x in d) / (g - 1)
    half = t_quantile(0.5 + confidence / 2, g - 1) * math.sqrt(var / g)
    return Estimate(diff, diff - half, diff + half, g, "paired t")


# -- Student t ------------------------------------------------------------------------------


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    if df <= 0:
        raise ValueError("degrees of freedom must be positive")
    x = df / (df + t * t)
    tail = 0.5 * _betainc(df / 2, 0.5, x)
    return 1 - tail if t >= 0 else tail


@lru_cache(maxsize=1024)
def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t (bisection on :func:`t_cdf`; accurate to ~1e-10)."""
    if not 0 < p < 1:
        raise ValueError("p must be between 0 and 1")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b) (continued fraction, Numerical Recipes)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    ln_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1) / (a + b + 2):
        return math.exp(ln_front) * _betacf(a, b, x) / a
    return 1 - math.exp(ln_front) * _betacf(b, a, 1 - x) / b


def _betacf(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1) < 3e-16:
            break
    return h
