"""Login-page weight and time to an interactive login form: the SurveyOps shell against a blank Nx React app.

Run `cd frontend && npm run build` first (the shell and the remotes, merged into frontend/dist/web). The blank
baseline is an untouched `nx g @nx/react:app` app kept in bench/frontend-blank/, outside the product's source
tree: this script copies it to frontend/apps/bench-blank (where it was generated), builds it with the same
`nx run <app>:build` as the product's apps, moves its output to frontend/dist/bench-blank and removes the copy.
Both directories are served by Python's http.server (SPA fallback) on free ports; headless Chromium
(/usr/bin/chromium) opens each login page several times with a cold cache and records

- gzipped JS bytes: every script response the page loads, gzip-compressed here (level 6) and summed;
- time to interactive form: from navigation start until the email input exists and is enabled
  (for the blank app, until its root content has rendered).

    .venv/bin/python bench/frontend.py [--runs 5]

Target (issue 3): the app's login page loads <= 250 kB of gzipped JS, and no /remotes/ script before sign-in.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
import shutil
import statistics
import subprocess
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

FRONTEND = Path(__file__).resolve().parents[1] / "frontend"
ROOT = FRONTEND / "dist"
BLANK_APP = Path(__file__).resolve().parent / "frontend-blank"
CHROMIUM = "/usr/bin/chromium"
TARGET_KB = 250


class SpaHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # quiet
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if not path.exists() and "." not in Path(self.path.split("?")[0]).name:
            self.path = "/index.html"
        return super().send_head()


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(SpaHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def measure(browser, url: str, ready_selector: str, runs: int) -> dict:
    times, sizes, remote_hits = [], [], 0
    for _ in range(runs):
        context = browser.new_context()  # cold cache every run
        page = context.new_page()
        scripts: list[bytes] = []

        def on_response(resp):
            nonlocal remote_hits
            if "/remotes/" in resp.url:
                remote_hits += 1
            if resp.request.resource_type == "script" or resp.url.endswith(".js"):
                try:
                    scripts.append(resp.body())
                except Exception:
                    pass

        page.on("response", on_response)
        page.goto(url, wait_until="commit")
        page.wait_for_function(
            f"""() => {{ const el = document.querySelector({ready_selector!r}); return el && !el.disabled; }}""",
            timeout=30_000,
        )
        elapsed = page.evaluate("() => performance.now()")
        page.wait_for_load_state("networkidle")
        times.append(elapsed)
        sizes.append(sum(len(gzip.compress(b, 6)) for b in scripts))
        context.close()
    return {"ms": statistics.median(times), "gz_kb": statistics.median(sizes) / 1024, "remote_hits": remote_hits}


def build_blank() -> None:
    """Build the blank baseline the way the product's apps are built, from a temporary copy in apps/."""
    copy = FRONTEND / "apps" / "bench-blank"
    if copy.exists():
        raise SystemExit(f"{copy} exists (left by an interrupted run?): remove it first")
    shutil.copytree(BLANK_APP, copy)
    try:
        env = {**os.environ, "NX_NO_CLOUD": "true", "NX_DAEMON": "false", "NODE_ENV": "production"}
        subprocess.run(
            ["npx", "nx", "run", "bench-blank:build", "--skip-sync", "--skip-nx-cache"], cwd=FRONTEND, env=env, check=True
        )
        shutil.rmtree(ROOT / "bench-blank", ignore_errors=True)
        shutil.copytree(copy / "dist", ROOT / "bench-blank")
    finally:
        shutil.rmtree(copy, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    app_dir, blank_dir = ROOT / "web", ROOT / "bench-blank"
    if not (app_dir / "index.html").exists():
        raise SystemExit(f"{app_dir} is missing: run `cd frontend && npm run build` first")
    build_blank()
    app_server, app_url = serve(app_dir)
    blank_server, blank_url = serve(blank_dir)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--headless"])
            app = measure(browser, app_url, "input[type=email]", args.runs)
            blank = measure(browser, blank_url, "#root > *", args.runs)
            browser.close()
    finally:
        app_server.shutdown()
        blank_server.shutdown()
    print(f"runs per page: {args.runs} (median, cold cache)")
    print(f"app   login page: {app['gz_kb']:7.1f} kB gzipped JS, interactive form after {app['ms']:7.1f} ms, /remotes/ requests: {app['remote_hits']}")
    print(f"blank baseline  : {blank['gz_kb']:7.1f} kB gzipped JS, first render after      {blank['ms']:7.1f} ms")
    print(f"ratio app/blank : {app['gz_kb'] / blank['gz_kb']:.2f}x bytes, {app['ms'] / blank['ms']:.2f}x time")
    ok = app["gz_kb"] <= TARGET_KB and app["remote_hits"] == 0
    print(f"target <= {TARGET_KB} kB and no remote before sign-in: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
