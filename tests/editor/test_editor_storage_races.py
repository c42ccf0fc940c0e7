"""Saves at the same moment, in real processes and in threads (issue 24, item 12).

Found by a hostile-input run: two saves of the same new name both succeeded and the second silently replaced
the first (21 of 200 rounds: the existence check and the write were not one step), and two saves based on the
same version of a file both succeeded with no conflict reported (61 of 428 saves overwrote another). Here two
workers are started once and released together by a barrier, round after round: in every round exactly one
save wins, the other is told why, and the file holds the winner's text.
"""

from __future__ import annotations

import multiprocessing
import threading
import time

import pytest

from thunee_dsl.editor.storage import SaveConflict, UserRulesets

ROUNDS = 200
BASE = "extends: standard\nname: ours\n"


def _save(folder: str, name: str, text: str, expected: str | None) -> str:
    """One save, as the app makes it: "saved", or the conflict's reason."""
    try:
        UserRulesets(folder).save(name, text, expected=expected)
    except SaveConflict as conflict:
        return conflict.reason
    return "saved"


def _worker(folder, barrier, jobs, results) -> None:
    """Take a round's save, wait for the other worker at the barrier, make it at the same moment."""
    while True:
        job = jobs.get()
        if job is None:
            return
        round_, name, text, expected = job
        barrier.wait(timeout=30)
        results.put((round_, text, _save(folder, name, text, expected)))


def _race(folder, workers: int, rounds, start, make_jobs) -> list[list[tuple[str, str]]]:
    """``rounds`` rounds of ``workers`` saves at once, in processes (``start``: a multiprocessing context) or
    threads (``start`` None); each round's (text, outcome) pairs."""
    if start is None:
        import queue
        barrier, results = threading.Barrier(workers), queue.Queue()
        queues = [queue.Queue() for _ in range(workers)]
        runners = [threading.Thread(target=_worker, args=(folder, barrier, q, results)) for q in queues]
    else:
        barrier, results = start.Barrier(workers), start.Queue()
        queues = [start.Queue() for _ in range(workers)]
        runners = [start.Process(target=_worker, args=(folder, barrier, q, results)) for q in queues]
    for runner in runners:
        runner.start()
    outcomes = []
    try:
        for round_ in range(rounds):
            for q, job in zip(queues, make_jobs(round_)):
                q.put((round_, *job))
            got = [results.get(timeout=60) for _ in range(workers)]
            assert {g[0] for g in got} == {round_}
            outcomes.append([(text, outcome) for _, text, outcome in got])
    finally:
        for q in queues:
            q.put(None)
        for runner in runners:
            runner.join(timeout=30)
            if start is not None and runner.is_alive():
                runner.kill()
                runner.join()
    return outcomes


def spawn():
    return multiprocessing.get_context("spawn")


@pytest.mark.parametrize("start", [spawn, None], ids=["processes", "threads"])
def test_two_saves_of_one_new_name_at_once_one_wins_the_other_is_asked(tmp_path, start):
    began = time.monotonic()
    outcomes = _race(str(tmp_path), 2, ROUNDS, start and start(),
                     lambda r: [(f"new-{r}", f"{BASE}# worker {w} round {r}\n", None) for w in range(2)])
    shelf = UserRulesets(tmp_path)
    for round_, pairs in enumerate(outcomes):
        won = [text for text, outcome in pairs if outcome == "saved"]
        assert sorted(outcome for _, outcome in pairs) == ["exists", "saved"], (round_, pairs)
        assert shelf.read(f"new-{round_}") == won[0], round_  # the winner's text, not replaced by the other
    assert len(shelf.names()) == ROUNDS
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left behind
    assert time.monotonic() - began < 60


@pytest.mark.parametrize("start", [spawn, None], ids=["processes", "threads"])
def test_two_saves_based_on_one_version_at_once_one_wins_the_other_is_told_it_changed(tmp_path, start):
    shelf = UserRulesets(tmp_path)
    shelf.save("ours", BASE)
    versions = {}  # round -> the text both saves were based on

    def jobs(round_):
        opened = shelf.read("ours")
        versions[round_] = opened
        return [("ours", f"{BASE}# worker {w} round {round_}\n", opened) for w in range(2)]

    outcomes = _race(str(tmp_path), 2, ROUNDS, start and start(), jobs)
    for round_, pairs in enumerate(outcomes):
        assert sorted(outcome for _, outcome in pairs) == ["changed", "saved"], (round_, pairs)
    assert shelf.read("ours") == next(t for t, o in outcomes[-1] if o == "saved")


def test_many_processes_saving_one_file_lose_no_save_silently(tmp_path):
    """Three processes, each saving over what it last read: every save that succeeded was based on the text
    the file held (a chain: no save replaced another it had not seen), and the file is the last of them."""
    shelf = UserRulesets(tmp_path)
    shelf.save("ours", BASE)
    outcomes = _race(str(tmp_path), 3, 40, spawn(),
                     lambda r: [("ours", f"{BASE}# worker {w} round {r}\n", shelf.read("ours")) for w in range(3)])
    for pairs in outcomes:  # all three read the same version: exactly one may replace it
        assert sorted(o for _, o in pairs) == ["changed", "changed", "saved"], pairs


def test_a_folder_whose_file_system_has_no_locks_still_saves(tmp_path, monkeypatch):
    import errno

    from thunee_dsl.editor import storage

    def no_locks(fd, operation):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(storage.fcntl, "flock", no_locks)
    shelf = UserRulesets(tmp_path)
    shelf.save("ours", BASE)
    shelf.save("ours", BASE + "# again\n", expected=BASE)
    assert shelf.read("ours") == BASE + "# again\n"
    with pytest.raises(SaveConflict):
        shelf.save("ours", BASE, expected=BASE)
