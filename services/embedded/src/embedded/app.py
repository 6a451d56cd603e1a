"""One process hosting every service app under the same paths the gateway routes (gateway/routes.yaml)."""

from __future__ import annotations

import importlib
import json
from contextlib import AsyncExitStack
from pathlib import Path

from fastapi import FastAPI

from gateway.table import load, resolve
from kit.events import InProcessBus
from kit.seed import seed_of, seed_once, seed_until_done
from embedded.web import create_web_app

# identity first: it writes the token-signing key pair the others verify with.
SERVICE_ORDER = ("identity", "projects", "rosters", "calling", "surveys", "reporting")


def available_services() -> list[str]:
    services, _ = load()
    out = []
    for name in SERVICE_ORDER:
        if name in services:
            try:
                importlib.import_module(f"{name}.main")
                out.append(name)
            except ModuleNotFoundError:
                pass
    return out


def build_service_apps(var_dir: Path, bus: InProcessBus, *, demo: bool, public_base_url: str) -> dict[str, FastAPI]:
    keys = var_dir / "keys"
    apps = {}
    for name in available_services():
        main = importlib.import_module(f"{name}.main")
        config = importlib.import_module(f"{name}.config")
        settings = config.Settings(
            var_dir=var_dir, database_url="", jwt_public_key_file=keys / "jwt-public.pem",
            jwt_private_key_file=keys / "jwt-private.pem", demo=demo, public_base_url=public_base_url,
            external_attempts_key_file=keys / "external-attempts.key",  # identity's; others ignore it
        )
        apps[name] = main.create_app(settings, bus=bus)
    return apps


async def _send_json(send, status: int, body: dict) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})


class EmbeddedApp:
    def __init__(self, apps: dict[str, FastAPI], web, bus: InProcessBus, *, demo: bool = False):
        self.apps, self.web, self.bus, self.demo = apps, web, bus, demo
        self.seeding: list = []

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        path = scope.get("path", "")
        if scope["type"] == "http" and path == "/healthz":
            await self._health(send)
            return
        if path == "/api" or path.startswith("/api/"):
            svc = resolve(scope.get("method", "GET"), path)
            if svc is None or svc not in self.apps:
                await _send_json(send, 404, {"statusCode": 404, "message": "Not found"})
                return
            await self.apps[svc](scope, receive, send)
            return
        await self.web(scope, receive, send)

    async def _health(self, send) -> None:
        import asyncio

        results = {}
        ok = True
        for name, app in self.apps.items():
            try:
                await asyncio.to_thread(app.state.db.ping)
                results[name] = "ok"
            except Exception:  # noqa: BLE001
                results[name], ok = "down", False
        await _send_json(send, 200 if ok else 503, {"status": "ok" if ok else "down", "services": results})

    async def _start_seeding(self) -> list:
        """Each service's demo seed: one pass before the app answers (the demo accounts exist from the first
        request), then again in the background until done (data that waits for other contexts' events)."""
        import asyncio

        tasks = []
        for name, app in self.apps.items():
            seed = seed_of(name)
            if seed and not await asyncio.to_thread(seed_once, name, seed, app.state.db):
                tasks.append(asyncio.create_task(seed_until_done(name, seed, app.state.db)))
        return tasks

    async def _lifespan(self, receive, send) -> None:
        stack = AsyncExitStack()
        msg = await receive()
        assert msg["type"] == "lifespan.startup"
        try:
            for app in self.apps.values():
                await stack.enter_async_context(app.router.lifespan_context(app))
        except Exception as exc:  # noqa: BLE001
            await send({"type": "lifespan.startup.failed", "message": repr(exc)})
            await stack.aclose()
            return
        if self.demo:
            self.seeding = await self._start_seeding()
        await send({"type": "lifespan.startup.complete"})
        msg = await receive()
        for task in self.seeding:
            task.cancel()
        await stack.aclose()
        await self.bus.close()
        await send({"type": "lifespan.shutdown.complete"})


def create_embedded_app(var_dir: Path, *, demo: bool = True, public_base_url: str = "http://127.0.0.1:8000",
                        web_dist: Path | None = None) -> EmbeddedApp:
    var_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    bus = InProcessBus(dead_letter_file=var_dir / "dead-letters.jsonl")
    apps = build_service_apps(var_dir, bus, demo=demo, public_base_url=public_base_url)
    return EmbeddedApp(apps, create_web_app(web_dist), bus, demo=demo)
