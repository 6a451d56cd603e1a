"""The embedded run: uvicorn does not believe X-Forwarded-For, and what it writes under --var-dir (databases,
keys) is the owner's only, never under the working directory."""

import logging
import os
import socket
import stat
import threading
import time
from pathlib import Path

import httpx
from fastapi import APIRouter, Depends, Request

from embedded.__main__ import server_config
from kit.app import ServiceSpec, create_service_app
from kit.auth import client_ip, public
from kit.config import ServiceSettings
from sqlalchemy.orm import DeclarativeBase

from kit.events import add_event_tables


class Base(DeclarativeBase):
    pass


add_event_tables(Base.metadata)
router = APIRouter()


@router.get("/api/caller", dependencies=[Depends(public)])
def caller(request: Request):
    return {"ip": client_ip(request, request.app.state.settings.trusted_proxies)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_forged_forwarded_for_does_not_move_the_client_address(tmp_path):
    settings = ServiceSettings(var_dir=tmp_path, database_url=f"sqlite:///{tmp_path / 'x.sqlite3'}",
                               jwt_public_key_file=tmp_path / "none.pem")
    app = create_service_app(ServiceSpec(name="xff", title="xff", package=None, base=Base, routers=[router]), settings)
    port = _free_port()
    config = server_config(app, "127.0.0.1", port)
    assert config.proxy_headers is False
    uvicorn_log = logging.getLogger("uvicorn")  # its errors go through the kit's handler (messages withheld)
    assert uvicorn_log.handlers == [] and uvicorn_log.propagate
    server = __import__("uvicorn").Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.05)
        r = httpx.get(f"http://127.0.0.1:{port}/api/caller", headers={"X-Forwarded-For": "203.0.113.9"})
        assert r.json() == {"ip": "127.0.0.1"}
    finally:
        server.should_exit = True
        thread.join(10)


def test_var_dir_files_are_private_and_nothing_lands_in_the_working_directory(tmp_path, monkeypatch):
    from fastapi.testclient import TestClient

    from embedded.app import create_embedded_app

    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    var = tmp_path / "var"
    old = os.umask(0o022)  # a usual umask: the files must be private all the same
    try:
        with TestClient(create_embedded_app(var, demo=False)) as c:
            assert c.get("/healthz").status_code == 200
    finally:
        os.umask(old)
    assert list(cwd.iterdir()) == [], "nothing under the working directory"
    private = [p for p in var.rglob("*") if p.is_file() and (p.suffix in (".sqlite3", ".pem", ".key")
                                                               or p.name.endswith(("-wal", "-shm")))]
    assert any(p.suffix == ".sqlite3" for p in private) and any(p.name == "jwt-private.pem" for p in private)
    loose = [f"{p.relative_to(var)} {stat.filemode(p.stat().st_mode)}" for p in private
             if p.name != "jwt-public.pem" and p.stat().st_mode & 0o077]
    assert not loose, loose
    assert stat.S_IMODE(var.stat().st_mode) == 0o700
    assert (var / "keys" / "external-attempts.key").exists()
