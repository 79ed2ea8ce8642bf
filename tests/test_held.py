"""`make test-held` (devtools/held.py): a command and everything it starts run held to a share of
the CPU, so a test that needs an idle machine shows itself here instead of in CI."""
from __future__ import annotations

import signal
import subprocess
import sys

from devtools.held import CPU_ROOT, limit_problem

# Two busy processes for a second of wall time: unheld they would use about 2 CPU-seconds on this
# 2-core machine; held to a quarter of a CPU, the whole tree gets about 0.25.
BUSY = """
import os, time, multiprocessing
def spin():
    end = time.time() + 1.0
    while time.time() < end:
        pass
if __name__ == "__main__":
    procs = [multiprocessing.Process(target=spin) for _ in range(2)]
    [p.start() for p in procs]
    [p.join() for p in procs]
    t = os.times()
    print(t.children_user + t.children_system)
"""


def held(*command: str, cores: str = "0.25") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "devtools.held", "--cores", cores, "--", *command],
                          capture_output=True, text=True, timeout=60)


def test_a_held_command_and_its_children_get_no_more_than_their_share_and_the_group_goes():
    before = {p.name for p in CPU_ROOT.glob("conflict-table-held-*")} if not limit_problem() else set()
    run = held(sys.executable, "-c", BUSY)
    problem = limit_problem()
    if problem:  # a machine without the controller (or without root) is told why, not run unheld
        assert run.returncode == 2 and problem in run.stderr
        return
    assert run.returncode == 0, run.stderr
    cpu = float(run.stdout.split()[-1])
    assert cpu < 0.6, f"two busy children used {cpu:.2f} CPU-s in 1 s held to 0.25 CPU"
    assert "held to 0.25" in run.stderr
    assert {p.name for p in CPU_ROOT.glob("conflict-table-held-*")} == before  # no group left behind


def test_the_held_commands_exit_status_is_its_own():
    run = held(sys.executable, "-c", "raise SystemExit(3)")
    assert run.returncode == (2 if limit_problem() else 3)


def test_stopping_it_stops_the_command_and_leaves_no_group():
    if limit_problem():
        return  # nothing is started without the controller: the first test checks what it says
    before = set(CPU_ROOT.glob("conflict-table-held-*"))
    with subprocess.Popen([sys.executable, "-m", "devtools.held", "--", "sleep", "30"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) as run:
        assert "held to 0.5" in run.stderr.readline()  # said once the group is made, as the command starts
        run.terminate()
        assert run.wait(timeout=10) == 128 + signal.SIGTERM  # the command was stopped too, and said so
    assert set(CPU_ROOT.glob("conflict-table-held-*")) <= before  # its group went (other runs' may come and go)


def test_without_a_command_it_says_what_to_give():
    run = held()
    assert run.returncode == 2 and "name a command" in run.stderr
