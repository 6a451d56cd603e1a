"""gateway/routes.yaml and the services' handlers agree: every routed path has a handler in its service, every
handler's path is routed to its own service, and `planned: true` entries have no handler yet.

When this fails after you add an endpoint, the message says which line of routes.yaml to add, change or unmark."""

import re

from gateway.table import load, route_for
from kit.routes import effective_routes

# Served by every app outside the product API (not routed through the gateway's /api table).
OPERATIONAL = {"/healthz", "/metrics"}
HTTP_METHODS = {"GET", "POST", "PUT", "DELETE", "PATCH"}


def handlers(app) -> list[tuple[str, str]]:
    """(method, path template) of every HTTP handler of an app, operational ones left out."""
    out = []
    for _, r in effective_routes(app.routes):
        path = getattr(r, "path", None)
        if not path or path in OPERATIONAL:
            continue
        for m in sorted(set(getattr(r, "methods", None) or ()) & HTTP_METHODS):
            out.append((m, path))
    return out


def sample(path: str) -> str:
    """A concrete path for a template: each `{param}` / `{param:conv}` becomes 1."""
    return re.sub(r"\{[^}]+\}", "1", path)


def under(route, method: str, path: str) -> bool:
    """Does this handler fall under this routes.yaml entry?"""
    return route.matches(method, sample(path))


def test_every_handler_is_routed_to_its_own_service(service_apps):
    problems = []
    for service, app in service_apps.items():
        for method, path in handlers(app):
            entry = route_for(method, sample(path))
            if entry is None:
                problems.append(f"{service}: {method} {path} has no route. Add to gateway/routes.yaml: "
                                f"`- {{service: {service}, path: {path.split('/{')[0]}, methods: [{method}]}}` "
                                f"(or a `prefix:` entry covering it)")
            elif entry.service != service:
                problems.append(f"{service}: {method} {path} is routed to {entry.service} by {entry}: route it to "
                                f"{service} (a more specific entry in gateway/routes.yaml) or remove the handler")
    assert not problems, "\n".join(problems)


def test_every_route_has_a_handler_and_planned_ones_have_none(service_apps):
    _, routes = load()
    problems = []
    for route in routes:
        app = service_apps.get(route.service)
        assert app is not None, f"routes.yaml names service {route.service!r}, which the embedded run does not build"
        methods = route.methods or tuple(sorted(HTTP_METHODS))
        found = [(m, p) for m, p in handlers(app) if m in methods and under(route, m, p)]
        kind = "path" if route.exact else "prefix"
        if route.planned and found:
            problems.append(f"{route.service} now handles {', '.join(f'{m} {p}' for m, p in found)}: remove "
                            f"`planned: true` from `{kind}: {route.path}` in gateway/routes.yaml (and the 'planned' "
                            f"mark of its row in docs/architecture.md's route table)")
        if not route.planned and not found:
            problems.append(f"`{kind}: {route.path}` ({route.service}, {'/'.join(methods)}) has no handler in "
                            f"{route.service}: build it (router at the full public path), or mark the entry "
                            f"`planned: true` until it is built")
    assert not problems, "\n".join(problems)


def test_helpers(tmp_path):
    assert sample("/api/users/{id:int}/password") == "/api/users/1/password"
    table = tmp_path / "routes.yaml"
    table.write_text("services: {a: {port: 1}}\nroutes:\n  - {service: a, prefix: /api/x, planned: true}\n  - {service: a, prefix: /api/y}\n")
    _, routes = load(table)
    assert {r.path: r.planned for r in routes} == {"/api/x": True, "/api/y": False}, "the loader reads the planned marker"
    assert route_for("PUT", "/api/language").service == "rosters"
