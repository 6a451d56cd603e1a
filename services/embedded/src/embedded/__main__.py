"""`python -m embedded` — the whole system in one process (what `make run` starts)."""

import argparse
import os
from pathlib import Path

import uvicorn

from embedded.app import create_embedded_app

DEMO_ACCOUNTS = [
    ("Admin", "admin@demo.test"), ("Project Manager", "pm@demo.test"), ("Operations", "ops@demo.test"),
    ("Surveyor", "surveyor@demo.test"), ("Quality", "qa@demo.test"), ("Finance", "finance@demo.test"),
    ("Comment Cleaner", "cleaner@demo.test"), ("CIMR Surveyor", "cimr-surveyor@demo.test"),
    ("CIMR Manager", "cimr-manager@demo.test"), ("Keller Surveyor", "keller@demo.test"),
]
DEMO_PASSWORD = "Demo-pass-1"  # documented demo credential of the embedded run only


def banner(url: str, var_dir: Path) -> str:
    lines = [
        "", "SurveyOps is running (embedded mode: SQLite under var/, in-process events).",
        f"  Open {url}/  (API under {url}/api)",
        f"  Sign in with any demo account below, password {DEMO_PASSWORD}.",
        f"  The one-time verification code is printed here and appended to {var_dir / 'sms.log'};",
        f"  e-mails (password reset, invitations) go to {var_dir / 'mail.log'}.",
    ]
    lines += [f"    {role:<16} {email}" for role, email in DEMO_ACCOUNTS]
    return "\n".join(lines) + "\n"


def server_config(app, host: str, port: int) -> uvicorn.Config:
    # No proxy in front of the embedded run: uvicorn must not take X-Forwarded-For as the client address (its
    # default trusts it from 127.0.0.1, i.e. from anyone on this machine); kit.auth.client_ip alone decides.
    # log_config=None: uvicorn keeps the kit's logging (kit.observability), so its own error log goes through the
    # same JSON handler, which never writes an exception's message (it can quote patient data).
    return uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False, proxy_headers=False,
                          log_config=None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    ap.add_argument("--var-dir", type=Path, default=Path(os.environ.get("VAR_DIR", "var")))
    ap.add_argument("--no-demo", action="store_true", help="do not seed demo data")
    a = ap.parse_args()
    url = f"http://{a.host}:{a.port}"
    os.umask(0o077)  # every file under --var-dir (databases, keys, logs) is the owner's only
    app = create_embedded_app(a.var_dir.resolve(), demo=not a.no_demo, public_base_url=url)
    print(banner(url, a.var_dir), flush=True)
    uvicorn.Server(server_config(app, a.host, a.port)).run()


if __name__ == "__main__":
    main()
