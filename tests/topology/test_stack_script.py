"""`scripts/stack.py down` stops exactly the processes `up` recorded (their process groups) and nothing else."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STACK = ROOT / "scripts" / "stack.py"
SLEEPER = "import time, sys; time.sleep(600)  # stack-test-{}"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0] != "Z"


def _spawn(tag: str, own_group: bool = True) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", SLEEPER.format(tag)], start_new_session=own_group)


def test_down_stops_exactly_the_recorded_processes(tmp_path):
    # the recorded process starts a child in its process group (like uvicorn workers): stopped with its group
    pidfile = tmp_path / "child.pid"
    parent_code = (f"import subprocess, sys, time; c = subprocess.Popen([sys.executable, '-c', {SLEEPER.format('child')!r}]); "
                   f"open({str(pidfile)!r}, 'w').write(str(c.pid)); time.sleep(600)  # stack-test-recorded")
    recorded = subprocess.Popen([sys.executable, "-c", parent_code], start_new_session=True)
    deadline = time.monotonic() + 10
    while not (pidfile.exists() and pidfile.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    child_pid = int(pidfile.read_text())
    stranger = _spawn("stranger")  # same kind of command, not in pids.json
    # a recorded pid now running something else (pid reuse): left alone
    reused = _spawn("reused")
    entries = [
        {"name": "svc", "pid": recorded.pid, "pgid": recorded.pid, "argv": [sys.executable, "-c", parent_code]},
        {"name": "old", "pid": reused.pid, "pgid": reused.pid, "argv": [sys.executable, "-c", "something-else"]},
    ]
    (tmp_path / "pids.json").write_text(json.dumps(entries))
    try:
        out = subprocess.run([sys.executable, str(STACK), "down", "--state-dir", str(tmp_path)], capture_output=True,
                             text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        recorded.wait(10)
        deadline = time.monotonic() + 10
        while _alive(child_pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(recorded.pid) and not _alive(child_pid)
        assert _alive(stranger.pid) and _alive(reused.pid)
        assert not (tmp_path / "pids.json").exists()
        assert "stopped 1 processes: svc" in out.stdout
    finally:
        for p in (recorded, stranger, reused):
            if p.poll() is None:
                p.kill()
                p.wait(5)
        if pidfile.exists() and _alive(int(pidfile.read_text())):
            os.kill(int(pidfile.read_text()), 9)


def test_down_without_a_stack_is_harmless(tmp_path):
    out = subprocess.run([sys.executable, str(STACK), "down", "--state-dir", str(tmp_path)], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0 and "no stack recorded" in out.stdout


def test_status_without_a_stack(tmp_path):
    out = subprocess.run([sys.executable, str(STACK), "status", "--state-dir", str(tmp_path)], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 3
