"""Start the embedded app on a free port with a fresh var dir, run the browser tests against it, stop it.

python scripts/e2e.py [extra playwright args]     (E2E_WORKERS=1 for one browser at a time; two by default)
"""

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(url: str, proc: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"embedded app exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.5)
    raise SystemExit("embedded app did not become ready")


def main() -> int:
    port = free_port()
    var_dir = Path(tempfile.mkdtemp(prefix="surveyops-e2e-"))
    url = f"http://127.0.0.1:{port}"
    log = open(var_dir / "server.log", "w")
    # The suite signs the demo accounts in far more often than a person could: the admin alone about twenty
    # times in ten minutes, beyond the ten verification codes an account may be sent in an hour. The cap stays
    # as it is in every other run (identity's tests check it); only this server allows more.
    server_env = {**os.environ, "IDENTITY_OTP_MAX_SENDS_PER_USER_HOUR": "1000"}
    proc = subprocess.Popen([sys.executable, "-m", "embedded", "--port", str(port), "--var-dir", str(var_dir)],
                            cwd=ROOT, env=server_env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_ready(url, proc)
        time.sleep(3)  # demo seed passes (accounts, projects) settle
        # Two workers: spec files run side by side (each on data of its own, see frontend/e2e/support.ts).
        env = {"E2E_WORKERS": "2", **os.environ, "E2E_BASE_URL": url, "E2E_VAR_DIR": str(var_dir)}
        return subprocess.call(["npm", "run", "e2e", "--", *sys.argv[1:]], cwd=ROOT / "frontend", env=env)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        print(f"e2e server log: {var_dir / 'server.log'}")


if __name__ == "__main__":
    sys.exit(main())
