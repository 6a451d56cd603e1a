"""Write Traefik's static and dynamic configuration from routes.yaml.

Local processes (scripts/stack.py):
    python -m gateway.generate --out DIR --entry-port 8080 --web-port 8107 [--port identity=8101 ...]
Containers (docker-compose.yml; one host name per service, Traefik listening on all interfaces):
    python -m gateway.generate --out deploy/traefik --bind 0.0.0.0 --entry-port 80 --web-port 8080 \\
        --metrics-port 8082 --dynamic-path /etc/traefik/dynamic.yml \\
        --host identity=identity --host projects=projects --host rosters=rosters --host calling=calling \\
        --host surveys=surveys --host reporting=reporting --host web=web
`--host H` sets the host of every upstream, `--host svc=H` of one service (`web` is the static server).
"""

import argparse
from pathlib import Path

import yaml

from gateway.table import load

# Paths under /api that no route claims go to a service's own 404 (the JSON error envelope), never to the
# single-page app's index.html. Its router sits between every API route and the web catch-all.
UNKNOWN_API_ROUTER = "api-unknown"


def rule_for(route) -> str:
    if route.exact:
        rule = f"Path(`{route.path}`)"
    else:
        rule = f"(Path(`{route.path}`) || PathPrefix(`{route.path}/`))"
    if route.methods:
        rule += " && (" + " || ".join(f"Method(`{m}`)" for m in route.methods) + ")"
    return rule


def dynamic_config(host: str | dict[str, str], ports: dict[str, int | list[int]], web_port: int | None) -> dict:
    """`ports[svc]` is one port, or a list of ports for a service run as several replicas on one host
    (`scripts/stack.py --replicas calling=2`): Traefik balances across them (weighted round robin)."""
    services_cfg, routes = load()
    hosts = host if isinstance(host, dict) else {}
    default_host = hosts.get("*", "127.0.0.1") if isinstance(host, dict) else host
    routers, services = {}, {}
    for i, r in enumerate(routes):
        name = f"{r.service}-{i:02d}"
        # Traefik orders by rule length by default; pin priorities to our specificity order instead.
        routers[name] = {"rule": rule_for(r), "service": r.service, "entryPoints": ["web"], "priority": 1000 - i}
    for svc in services_cfg:
        svc_ports = ports[svc] if isinstance(ports[svc], list) else [ports[svc]]
        services[svc] = {"loadBalancer": {"servers": [{"url": f"http://{hosts.get(svc, default_host)}:{p}"}
                                                      for p in svc_ports]}}
    routers[UNKNOWN_API_ROUTER] = {"rule": "Path(`/api`) || PathPrefix(`/api/`)", "service": next(iter(services_cfg)),
                                   "entryPoints": ["web"], "priority": 2}
    if web_port:
        # Traefik serves no files: the built frontend comes from a static server behind it.
        routers["web"] = {"rule": "PathPrefix(`/`)", "service": "web", "entryPoints": ["web"], "priority": 1}
        services["web"] = {"loadBalancer": {"servers": [{"url": f"http://{hosts.get('web', default_host)}:{web_port}"}]}}
    return {"http": {"routers": routers, "services": services}}


def static_config(entry_port: int, dynamic_file: Path, ping_port: int | None = None, bind: str = "127.0.0.1",
                  metrics_port: int | None = None) -> dict:
    entry_points = {"web": {"address": f"{bind}:{entry_port}",
                            "transport": {"respondingTimeouts": {"readTimeout": "180s", "writeTimeout": "180s"}}}}
    if ping_port:
        entry_points["ping"] = {"address": f"{bind}:{ping_port}"}
    if metrics_port:
        entry_points["metrics"] = {"address": f"{bind}:{metrics_port}"}
    cfg = {
        "entryPoints": entry_points,
        "providers": {"file": {"filename": str(dynamic_file), "watch": False}},
        "log": {"level": "ERROR"},
        "accessLog": {"format": "json", "fields": {"defaultMode": "keep", "names": {"RequestPath": "drop"}}},
        # /ping on an entry point we declare: left alone, Traefik opens its own `traefik` entry point on
        # :8080 of every interface (clashing with `make stack`). It answers before routes load: readiness
        # checks poll a routed URL instead.
        "ping": {"entryPoint": "ping" if ping_port else "web"},
    }
    if metrics_port:  # Prometheus scrapes the gateway's own request metrics on a port of its own
        cfg["metrics"] = {"prometheus": {"entryPoint": "metrics", "addRoutersLabels": True, "addServicesLabels": True}}
    return cfg


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--entry-port", type=int, default=8000)
    ap.add_argument("--web-port", type=int, default=None)
    ap.add_argument("--host", action="append", default=[], help="HOST for every upstream, or service=HOST")
    ap.add_argument("--bind", default="127.0.0.1", help="address Traefik listens on (0.0.0.0 in a container)")
    ap.add_argument("--ping-port", type=int, default=None, help="serve /ping on its own port")
    ap.add_argument("--metrics-port", type=int, default=None, help="serve Traefik's Prometheus metrics on this port")
    ap.add_argument("--port", action="append", default=[],
                    help="service=port overrides; service=PORT,PORT,... for replicas on one host")
    ap.add_argument("--dynamic-path", default=None,
                    help="path of dynamic.yml as Traefik sees it (e.g. /etc/traefik/dynamic.yml in a container)")
    a = ap.parse_args()
    services_cfg, _ = load()
    ports = {k: v["port"] for k, v in services_cfg.items()}
    for item in a.port:
        k, v = item.split("=")
        ports[k] = [int(x) for x in v.split(",")] if "," in v else int(v)
    hosts: dict[str, str] = {}
    for item in a.host:
        k, sep, v = item.partition("=")
        hosts.update({k: v} if sep else {"*": k})
    a.out.mkdir(parents=True, exist_ok=True)
    dyn = a.out / "dynamic.yml"
    dyn.write_text(yaml.safe_dump(dynamic_config(hosts, ports, a.web_port), sort_keys=False))
    dyn_path = Path(a.dynamic_path) if a.dynamic_path else dyn.resolve()
    (a.out / "traefik.yml").write_text(yaml.safe_dump(static_config(a.entry_port, dyn_path, a.ping_port, a.bind,
                                                                    a.metrics_port),
                                                      sort_keys=False))
    print(a.out / "traefik.yml")


if __name__ == "__main__":
    main()
