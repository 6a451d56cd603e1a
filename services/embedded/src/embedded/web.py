"""Serves the built frontend with a single-page-app fallback (the embedded run, and behind Traefik)."""

import os
from pathlib import Path

from starlette.responses import FileResponse, HTMLResponse, Response

DEFAULT_DIST = Path(__file__).resolve().parents[4] / "frontend" / "dist" / "web"

NOT_BUILT = """<!doctype html><title>SurveyOps</title><body style="font-family:sans-serif">
<h1>SurveyOps</h1><p>The user interface has not been built yet. Run <code>make run</code> (it builds it),
or <code>cd frontend && npm install && npm run build</code>. The API is served under <code>/api</code>.</p>"""


# The UI's security headers (the embedded run, and the topology's web server behind Traefik). No inline script:
# the built shell loads only its bundles (tests/embedded/test_web_headers.py checks the built index.html).
# Styles may be inline: MUI (emotion) and ApexCharts insert <style> elements at run time. The guidelines PDF is
# drawn by pdf.js from the authenticated download in memory, its parser in a worker the remote ships (worker-src);
# the app frames nothing and no other site may frame the app (frame-src, frame-ancestors).
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
    "font-src 'self' data:", "connect-src 'self'", "worker-src 'self'", "frame-src 'none'", "object-src 'none'", "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
}


class WebApp:
    def __init__(self, dist: Path):
        self.dist = dist.resolve()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return
        response = self.response_for(scope.get("path", "/"), scope.get("method", "GET"))
        response.headers.update(SECURITY_HEADERS)
        await response(scope, receive, send)

    def response_for(self, path: str, method: str) -> Response:
        if method not in ("GET", "HEAD"):
            return Response(status_code=405)
        index = self.dist / "index.html"
        if not index.exists():
            return HTMLResponse(NOT_BUILT, status_code=503)
        candidate = (self.dist / path.lstrip("/")).resolve()
        if candidate.is_file() and candidate.is_relative_to(self.dist):
            # Hashed bundles never change; everything else (index, remoteEntry, manifests) is revalidated.
            hashed = any(part for part in candidate.name.split(".")[1:-1] if len(part) >= 8 and part.isalnum())
            cache = "public, max-age=31536000, immutable" if hashed else "no-cache"
            return FileResponse(candidate, headers={"Cache-Control": cache})
        if Path(path).suffix:  # a missing asset is a 404, not the app
            return Response(status_code=404)
        return FileResponse(index, headers={"Cache-Control": "no-cache"})


def create_web_app(dist: str | Path | None = None) -> WebApp:
    return WebApp(Path(dist or os.environ.get("SURVEYOPS_WEB_DIST") or DEFAULT_DIST))
