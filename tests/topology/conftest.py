"""Shared fixtures for full-topology tests (Traefik + one uvicorn per service + PostgreSQL + RabbitMQ).

`stack` (session scope) starts `scripts/stack.py up --demo` with its own state dir, free ports, databases
`t_<RUN_ID>_<service>` and queue prefix `t-<RUN_ID>`; yields a TopologyStack (`.url`, `.var_dir`,
`.service_url(ctx)`, `.client()`, `.log(name)`); then stops exactly its processes and drops its databases
and queues. Without PostgreSQL or RabbitMQ the tests skip loudly; under CI=true they fail.
"""

import importlib.util
import sys
from pathlib import Path

import pytest

from kit.testing import RUN_ID, require_postgres, require_rabbitmq


def _load_stack_module():
    # --import-mode=importlib: load the helper by path, under a name no other test package uses
    name = "surveyops_topology_stack"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("stack.py"))
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


TopologyStack = _load_stack_module().TopologyStack


@pytest.fixture(scope="session")
def stack(tmp_path_factory):
    require_postgres()
    require_rabbitmq()
    s = TopologyStack(state_dir=tmp_path_factory.mktemp("stack"), run_id=RUN_ID)
    try:
        s.up()
    except RuntimeError as exc:
        pytest.fail(str(exc))
    try:
        yield s
    finally:
        out = s.down()
        print(out)
