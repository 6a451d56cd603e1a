"""Reads gateway/routes.yaml; `resolve(method, path)` is the embedded router's lookup."""

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

ROUTES_FILE = Path(__file__).with_name("routes.yaml")


@dataclass(frozen=True)
class Route:
    service: str
    path: str
    exact: bool
    methods: tuple[str, ...]
    # Named by the spec, not built yet (routes.yaml's `planned: true`); routed all the same.
    planned: bool = False

    def matches(self, method: str, path: str) -> bool:
        if self.methods and method.upper() not in self.methods:
            return False
        if self.exact:
            return path == self.path
        return path == self.path or path.startswith(self.path + "/")

    @property
    def specificity(self) -> tuple:
        return (self.exact, len(self.path), bool(self.methods))


@lru_cache
def load(file: Path = ROUTES_FILE) -> tuple[dict[str, dict], list[Route]]:
    doc = yaml.safe_load(file.read_text())
    routes = [Route(r["service"], r.get("path") or r["prefix"], "path" in r, tuple(m.upper() for m in r.get("methods", ())),
                    bool(r.get("planned", False)))
              for r in doc["routes"]]
    routes.sort(key=lambda r: r.specificity, reverse=True)
    return doc["services"], routes


def route_for(method: str, path: str) -> Route | None:
    """The entry that routes this request (the most specific match), or None."""
    _, routes = load()
    for r in routes:
        if r.matches(method, path):
            return r
    return None


def resolve(method: str, path: str) -> str | None:
    r = route_for(method, path)
    return r.service if r else None
