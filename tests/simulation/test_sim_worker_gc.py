"""Worker processes keep the garbage collector off what lives as long as they do (runner.settle): the library
and every ruleset they compiled are frozen (gc.freeze), after a last collection, so that the collections during
the games do not go over them again. The numbers are those of one process (test_sim_simulate.py checks every
number with 1, 2 and 3 jobs); here, that the workers really did it, in each way workers are started."""

from __future__ import annotations

import gc

from thunee_dsl import load_ruleset
from thunee_dsl.editor.pool import WarmPool
from thunee_dsl.simulation import runner


def frozen_after_compiling(spec) -> tuple[int, int]:
    """Objects frozen in this process before and after compiling ``spec`` here."""
    before = gc.get_freeze_count()
    runner.compiled(spec)
    return before, gc.get_freeze_count()


def test_the_workers_of_a_run_freeze_what_they_hold_and_each_ruleset_they_compile():
    spec = runner.RulesetSpec.of(load_ruleset("examples/partner-catch-six.yaml"))
    with runner.workers(2) as (pool, lender):
        assert lender is None  # (workers started for this run: no pool is lent in this test)
        before, after = pool.submit(frozen_after_compiling, spec).result(60)
    assert before > 1000  # the library, frozen when the worker started
    assert after > before  # and the compiled ruleset


def test_the_workers_of_the_warm_pool_freeze_what_they_hold():
    pool = WarmPool(workers=1)
    try:
        executor = pool.start()
        assert pool.ready.wait(60)
        assert executor.submit(gc.get_freeze_count).result(60) > 1000
    finally:
        pool.stop()
