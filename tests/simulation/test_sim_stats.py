"""The statistics of layer 6 against values worked out by hand, and their properties."""

from __future__ import annotations

import doctest
import math
import random

import pytest

import thunee_dsl.simulation
import thunee_dsl.simulation.stats
from thunee_dsl.simulation.stats import (
    mean_from_sums,
    mean_interval,
    paired_difference,
    t_cdf,
    t_quantile,
    wilson,
    z_value,
)

Z = 1.959963984540054  # the 97.5% point of the standard normal


def test_z_value_is_the_normal_975_point():
    assert z_value() == pytest.approx(Z, abs=1e-12)


def test_wilson_8_of_10_by_hand():
    # p = 0.8, z^2 = 3.8414588; denominator 1 + z^2/n = 1.3841459
    # centre = (0.8 + z^2/20) / 1.3841459 = (0.8 + 0.1920729) / 1.3841459 = 0.7167402
    # half = z / 1.3841459 * sqrt(0.8 * 0.2 / 10 + z^2 / 400) = 1.4160097 * sqrt(0.016 + 0.0096036) = 0.2265777
    e = wilson(8, 10)
    assert e.value == 0.8 and e.n == 10 and e.method == "wilson"
    assert e.low == pytest.approx(0.7167402 - 0.2265777, abs=2e-6)
    assert e.high == pytest.approx(0.7167402 + 0.2265777, abs=2e-6)


def test_wilson_0_of_20_by_hand():
    # k = 0: low is 0, high = (z^2/n) / (1 + z^2/n) * ... = z^2 / (n + z^2) = 3.8414588 / 23.8414588
    e = wilson(0, 20)
    assert e.low == 0.0
    assert e.high == pytest.approx(3.8414588 / 23.8414588, abs=1e-6)


def test_wilson_is_symmetric_and_contains_the_proportion():
    for n in (1, 7, 50, 333):
        for k in range(0, n + 1, max(1, n // 9)):
            e, mirror = wilson(k, n), wilson(n - k, n)
            assert e.low <= e.value <= e.high
            assert e.low == pytest.approx(1 - mirror.high, abs=1e-12)
            assert e.high == pytest.approx(1 - mirror.low, abs=1e-12)


def test_wilson_covers_about_95_percent():
    rng = random.Random(11)
    p, n, trials = 0.3, 40, 2000
    hits = sum(wilson(sum(rng.random() < p for _ in range(n)), n).contains(p) for _ in range(trials))
    assert 0.92 <= hits / trials <= 0.98


def test_wilson_without_data_and_bad_counts():
    e = wilson(0, 0)
    assert (e.value, e.low, e.high, e.n) == (None, None, None, 0)
    with pytest.raises(ValueError):
        wilson(3, 2)


@pytest.mark.parametrize("df, table", [(1, 12.706), (3, 3.182), (10, 2.228), (30, 2.042), (120, 1.980)])
def test_t_quantile_matches_the_printed_table(df, table):
    assert t_quantile(0.975, df) == pytest.approx(table, abs=5e-4)


def test_t_cdf_and_quantile_are_inverse_and_symmetric():
    for df in (1, 2.5, 7, 40):
        for p in (0.6, 0.9, 0.975, 0.999):
            q = t_quantile(p, df)
            assert t_cdf(q, df) == pytest.approx(p, abs=1e-9)
            assert t_quantile(1 - p, df) == pytest.approx(-q, abs=1e-9)
    assert t_quantile(0.975, 10 ** 7) == pytest.approx(Z, abs=1e-5)


def test_mean_interval_by_hand():
    # 1, 2, 3, 4: mean 2.5, sample variance 5/3, standard error sqrt(5/12) = 0.6454972,
    # t(0.975, 3) = 3.1824463, half-width 2.0542603
    e = mean_interval([1, 2, 3, 4])
    assert e.value == 2.5 and e.n == 4 and e.method == "t"
    assert e.low == pytest.approx(2.5 - 2.0542603, abs=1e-6)
    assert e.high == pytest.approx(2.5 + 2.0542603, abs=1e-6)
    assert mean_from_sums(10, 30, 4) == e


def test_mean_interval_of_one_value_has_no_interval():
    e = mean_interval([3.0])
    assert (e.value, e.low, e.high) == (3.0, None, None)


def test_paired_difference_by_hand():
    # per-unit differences B - A: 1, 2, 0, 2 -> mean 1.25, sample variance 2.75 / 3,
    # standard error sqrt(2.75 / 12) = 0.4787136, t(0.975, 3) = 3.1824463, half-width 1.5234802
    a = [(1, 1), (2, 1), (3, 1), (4, 1)]
    b = [(2, 1), (4, 1), (3, 1), (6, 1)]
    e = paired_difference(a, b)
    assert e.value == pytest.approx(1.25) and e.n == 4 and e.method == "paired t"
    assert e.low == pytest.approx(1.25 - 1.5234802, abs=1e-6)
    assert e.high == pytest.approx(1.25 + 1.5234802, abs=1e-6)


def test_paired_difference_of_ratios_by_hand():
    # A: 3 of 4 and 1 of 2 -> R_A = 4/6; B: 2 of 2 and 3 of 4 -> R_B = 5/6; difference 1/6.
    # linearised per game (mean n = 3 on both sides):
    #   game 1: (2 - 5/6 * 2) / 3 - (3 - 4/6 * 4) / 3 = 1/9 - 1/9 = 0
    #   game 2: (3 - 5/6 * 4) / 3 - (1 - 4/6 * 2) / 3 = -1/9 + 1/9 = 0
    # identical per-game terms: zero variance, the interval is the point
    e = paired_difference([(3, 4), (1, 2)], [(2, 2), (3, 4)])
    assert e.value == pytest.approx(1 / 6)
    assert e.low == pytest.approx(1 / 6) and e.high == pytest.approx(1 / 6)


def test_paired_difference_of_identical_samples_is_zero():
    rng = random.Random(2)
    a = [(rng.randint(0, 5), rng.randint(5, 9)) for _ in range(30)]
    e = paired_difference(a, list(a))
    assert (e.value, e.low, e.high) == (0.0, 0.0, 0.0)


def test_pairing_narrows_the_interval_when_units_are_correlated():
    rng = random.Random(5)
    base = [rng.gauss(0, 10) for _ in range(200)]
    a = [(x, 1) for x in base]
    b = [(x + 1 + rng.gauss(0, 1), 1) for x in base]
    paired = paired_difference(a, b)
    unpaired_half = Z * math.sqrt(2 * 100 / 200)  # what two independent means would give
    assert paired.low > 0  # the shift of 1 is found
    assert (paired.high - paired.low) / 2 < unpaired_half / 3


def test_paired_difference_needs_data_and_equal_lengths():
    assert paired_difference([(0, 0)], [(1, 1)]).value is None
    assert paired_difference([(1, 1)], [(0, 1)]).low is None  # one unit: no interval
    with pytest.raises(ValueError):
        paired_difference([(1, 1)], [])


@pytest.mark.parametrize("module", [thunee_dsl.simulation, thunee_dsl.simulation.stats], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
