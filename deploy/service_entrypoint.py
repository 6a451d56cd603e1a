#!/usr/bin/env python3
"""Container entry point of a SurveyOps service: builds the database and broker URLs from secret files
(passwords never sit in the compose file or the image), then execs uvicorn with the service's app factory.

`service-entrypoint cli ...` runs the service's operator commands (`python -m <ctx>.cli ...`) with the same URLs.

Environment: SERVICE (identity, projects, ...), PORT, PGHOST/PGPORT/PGUSER, PGPASSWORD_FILE, AMQPHOST/AMQPUSER,
AMQP_PASSWORD_FILE; anything `<CTX>_*` is passed through to the service's Settings.
"""

import os
import sys
from pathlib import Path
from urllib.parse import quote


def secret(var: str) -> str:
    path = os.environ.get(var)
    if not path:
        return ""
    return quote(Path(path).read_text().strip(), safe="")


def broker_url() -> str:
    env = os.environ
    user, pw = env.get("AMQPUSER", "surveyops"), secret("AMQP_PASSWORD_FILE")
    return f"amqp://{quote(user, safe='')}:{pw}@{env.get('AMQPHOST', 'rabbitmq')}:5672/"


def declare() -> None:
    """`service-entrypoint declare ctx...`: the exchange, every consumer's queue and dead-letter queue."""
    env = os.environ
    argv = [sys.executable, "-m", "kit.declare", "--broker-url", broker_url(), "--exchange", env.get("EXCHANGE", "surveyops"),
            "--queue-prefix", env.get("QUEUE_PREFIX", "surveyops"), *sys.argv[2:]]
    os.execvp(argv[0], argv)


def main() -> None:
    if sys.argv[1:2] == ["declare"]:
        return declare()
    svc = os.environ["SERVICE"]
    # `service-entrypoint cli ARGS`: the service's operator commands (python -m <ctx>.cli) need the same
    # database URL, which only this script can build from the secret files.
    cli = sys.argv[1:2] == ["cli"]
    prefix = svc.upper() + "_"
    env = os.environ
    if prefix + "DATABASE_URL" not in env:
        user, pw = env.get("PGUSER", "surveyops"), secret("PGPASSWORD_FILE")
        auth = f"{quote(user, safe='')}:{pw}" if pw else quote(user, safe="")
        env[prefix + "DATABASE_URL"] = (f"postgresql://{auth}@{env.get('PGHOST', 'postgres')}:{env.get('PGPORT', '5432')}"
                                        f"/{env.get('PGDATABASE_PREFIX', 'surveyops')}_{svc}")
    if prefix + "BROKER_URL" not in env:
        env[prefix + "BROKER_URL"] = broker_url()
    if cli:
        argv = [sys.executable, "-m", f"{svc}.cli", *sys.argv[2:]]
        os.execvp(argv[0], argv)
    port = env.get("PORT", "8000")
    argv = ["uvicorn", f"{svc}.main:create_app", "--factory", "--host", "0.0.0.0", "--port", port,
            "--loop", "uvloop", "--http", "httptools",
            # the kit logs each request (route template, request id); only kit.auth.client_ip reads X-Forwarded-For
            "--no-access-log", "--no-proxy-headers", "--timeout-graceful-shutdown", "10", *sys.argv[1:]]
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    main()
