"""The same simulation on a Dask cluster (a LocalCluster on loopback) gives the same result as in process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.simulation import simulate

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=50) as c:
        yield c


@pytest.mark.slow
def test_dask_cluster_gives_the_local_result(cluster):
    rulesets = [load_ruleset("standard"), load_ruleset(str(ROOT / "examples" / "partner-catch-six.yaml"))]
    seen = []
    remote = simulate(rulesets, games=20, bots="random", seed=5, scheduler=cluster.scheduler_address,
                      progress=lambda done, total: seen.append((done, total)))
    local = simulate(rulesets, games=20, bots="random", seed=5)
    assert json.dumps(remote.to_json(), sort_keys=True) == json.dumps(local.to_json(), sort_keys=True)
    assert seen[-1] == (20, 20)


@pytest.mark.slow
def test_dask_accepts_a_client(cluster):
    rulesets = [load_ruleset("two-to-clear")]
    with distributed.Client(cluster.scheduler_address, set_as_default=False) as client:
        remote = simulate(rulesets, games=6, bots="random", seed=9, scheduler=client)
        assert client.status == "running"  # a client we were given is left open
    local = simulate(rulesets, games=6, bots="random", seed=9)
    assert json.dumps(remote.to_json(), sort_keys=True) == json.dumps(local.to_json(), sort_keys=True)
