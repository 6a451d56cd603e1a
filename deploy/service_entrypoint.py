#!/usr/bin/env python3
"""Container entry point of a SurveyOps service: builds the database and broker URLs from secret files
(passwords never sit in the compose file or the image), then execs uvicorn with the service's app factory.

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


def main() -> None:
    svc = os.environ["SERVICE"]
    prefix = svc.upper() + "_"
    env = os.environ
    if prefix + "DATABASE_URL" not in env:
        user, pw = env.get("PGUSER", "surveyops"), secret("PGPASSWORD_FILE")
        auth = f"{quote(user, safe='')}:{pw}" if pw else quote(user, safe="")
        env[prefix + "DATABASE_URL"] = (f"postgresql://{auth}@{env.get('PGHOST', 'postgres')}:{env.get('PGPORT', '5432')}"
                                        f"/{env.get('PGDATABASE_PREFIX', 'surveyops')}_{svc}")
    if prefix + "BROKER_URL" not in env:
        user, pw = env.get("AMQPUSER", "surveyops"), secret("AMQP_PASSWORD_FILE")
        env[prefix + "BROKER_URL"] = f"amqp://{quote(user, safe='')}:{pw}@{env.get('AMQPHOST', 'rabbitmq')}:5672/"
    port = env.get("PORT", "8000")
    argv = ["uvicorn", f"{svc}.main:create_app", "--factory", "--host", "0.0.0.0", "--port", port,
            # the kit logs each request (route template, request id); only kit.auth.client_ip reads X-Forwarded-For
            "--no-access-log", "--no-proxy-headers", "--timeout-graceful-shutdown", "10", *sys.argv[1:]]
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    main()
