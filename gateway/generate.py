"""Write Traefik's static and dynamic configuration from routes.yaml.

python -m gateway.generate --out DIR --entry-port 8000 [--web-port 8107] [--host 127.0.0.1]
"""

import argparse
from pathlib import Path

import yaml

from gateway.table import load


def rule_for(route) -> str:
    if route.exact:
        rule = f"Path(`{route.path}`)"
    else:
        rule = f"(Path(`{route.path}`) || PathPrefix(`{route.path}/`))"
    if route.methods:
        rule += " && (" + " || ".join(f"Method(`{m}`)" for m in route.methods) + ")"
    return rule


def dynamic_config(host: str, ports: dict[str, int], web_port: int | None) -> dict:
    services_cfg, routes = load()
    routers, services = {}, {}
    for i, r in enumerate(routes):
        name = f"{r.service}-{i:02d}"
        # Traefik orders by rule length by default; pin priorities to our specificity order instead.
        routers[name] = {"rule": rule_for(r), "service": r.service, "entryPoints": ["web"], "priority": 1000 - i}
    for svc in services_cfg:
        services[svc] = {"loadBalancer": {"servers": [{"url": f"http://{host}:{ports[svc]}"}]}}
    if web_port:
        # Traefik serves no files: the built frontend comes from a static server behind it.
        routers["web"] = {"rule": "PathPrefix(`/`)", "service": "web", "entryPoints": ["web"], "priority": 1}
        services["web"] = {"loadBalancer": {"servers": [{"url": f"http://{host}:{web_port}"}]}}
    return {"http": {"routers": routers, "services": services}}


def static_config(entry_port: int, dynamic_file: Path, ping_port: int | None = None) -> dict:
    cfg = {
        "entryPoints": {"web": {"address": f"127.0.0.1:{entry_port}",
                                "transport": {"respondingTimeouts": {"readTimeout": "180s", "writeTimeout": "180s"}}}},
        "providers": {"file": {"filename": str(dynamic_file), "watch": False}},
        "log": {"level": "ERROR"},
        "accessLog": {"format": "json", "fields": {"defaultMode": "keep", "names": {"RequestPath": "drop"}}},
        "ping": {},
    }
    return cfg


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--entry-port", type=int, default=8000)
    ap.add_argument("--web-port", type=int, default=None)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", action="append", default=[], help="service=port overrides")
    a = ap.parse_args()
    services_cfg, _ = load()
    ports = {k: v["port"] for k, v in services_cfg.items()}
    for item in a.port:
        k, v = item.split("=")
        ports[k] = int(v)
    a.out.mkdir(parents=True, exist_ok=True)
    dyn = a.out / "dynamic.yml"
    dyn.write_text(yaml.safe_dump(dynamic_config(a.host, ports, a.web_port), sort_keys=False))
    (a.out / "traefik.yml").write_text(yaml.safe_dump(static_config(a.entry_port, dyn.resolve()), sort_keys=False))
    print(a.out / "traefik.yml")


if __name__ == "__main__":
    main()
