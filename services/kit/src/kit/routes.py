"""A flat view of an app's routes, whatever FastAPI version.

FastAPI >= 0.16x keeps included routers nested (`_IncludedRouter`) instead of copying their routes into
`app.routes`; code that walks `app.routes` (the deny-by-default check, the route template in metrics and logs)
must look through them, or it silently sees only the app's own routes.
"""

from collections.abc import Iterator, Sequence

from starlette.routing import BaseRoute


def effective_routes(routes: Sequence[BaseRoute]) -> Iterator[tuple[BaseRoute, object]]:
    """(original route, effective route) pairs; the effective one has the full `path`, `methods`,
    `dependant` (with the including routers' dependencies) and `matches(scope)`."""
    try:
        from fastapi.routing import _iter_routes_with_context  # FastAPI with nested included routers
    except ImportError:  # older FastAPI flattens included routers into app.routes
        for r in routes:
            yield r, r
        return
    for original, ctx in _iter_routes_with_context(routes):
        if ctx is None:
            yield original, original
        else:
            yield original, (getattr(ctx, "starlette_route", None) or ctx)
