# SurveyOps — the two commands: `make run` and `make test`. Everything else is a step of theirs.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
VAR_DIR ?= var
# pytest-xdist workers for the Python suites (2 cores: 3 keeps them busy while PostgreSQL does its share)
PYTEST_WORKERS ?= 3
TIMED := $(PY) scripts/timed.py $(VAR_DIR)/test-times.txt
export NX_NO_CLOUD := true
export NX_DAEMON := false

SERVICE_DIRS := services/kit $(filter-out services/kit services/embedded,$(patsubst %/pyproject.toml,%,$(wildcard services/*/pyproject.toml))) services/embedded
PY_SOURCES := pyproject.toml requirements-dev.txt $(wildcard services/*/pyproject.toml)
UI_SOURCES := $(shell find frontend -path frontend/node_modules -prune -o -path frontend/dist -prune -o -path frontend/.nx -prune -o -path frontend/test-results -prune -o -path frontend/e2e -prune -o -type f -print 2>/dev/null)

.PHONY: run test test-times install ui openapi test-python test-ui test-e2e stack stack-down bench clean

run: install ui ## install, migrate, seed demo data, serve API + UI on one port
	$(PY) -m embedded --port $(PORT) --var-dir $(VAR_DIR)

test: install ui test-times test-python test-ui test-e2e ## every test (CI=true makes PostgreSQL/RabbitMQ/Traefik/Chromium tests required)
	@$(TIMED) --report

test-times:
	@$(TIMED) --reset

install: $(VENV)/.stamp

$(VENV)/.stamp: $(PY_SOURCES)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements-dev.txt -e . $(addprefix -e ,$(SERVICE_DIRS))
	touch $@

frontend/node_modules/.stamp: frontend/package.json
	cd frontend && npm install --no-audit --no-fund
	touch $@

ui: frontend/dist/web/index.html

frontend/dist/web/index.html: frontend/node_modules/.stamp $(UI_SOURCES)
	cd frontend && npm run build

openapi: install ## write every service's OpenAPI document for the frontend codegen
	$(PY) -m embedded.openapi frontend/openapi

# In parallel (pytest-xdist): each worker has its own database names and queue prefixes (kit.testing.RUN_ID).
# The topology tests start whole stacks on consecutive free ports: serially, in their own step; so do the fault
# tests (tests/faults: they cut the broker, kill services and drop database connections; CI=true runs them).
test-python: install
	$(TIMED) python -- $(PY) -m pytest -q -n $(PYTEST_WORKERS) services gateway tests --ignore=tests/topology --ignore=tests/faults
	$(TIMED) topology -- $(PY) -m pytest -q tests/topology
	$(TIMED) faults -- $(PY) -m pytest -q -s tests/faults

test-ui: frontend/node_modules/.stamp openapi
	$(TIMED) lint -- bash -c 'cd frontend && npm run lint'
	$(TIMED) typecheck -- bash -c 'cd frontend && npm run typecheck'
	$(TIMED) ui-unit -- bash -c 'cd frontend && npm test && npm run codegen:check'

test-e2e: install ui
	$(TIMED) e2e -- $(PY) scripts/e2e.py

stack: install ui ## the full topology: Traefik + one uvicorn per service + PostgreSQL + RabbitMQ
	$(PY) scripts/stack.py up --demo

stack-down:
	$(PY) scripts/stack.py down

bench: install ui ## speed figures (each script prints its baseline and ratio)
	$(PY) -m pip install -q -r bench/requirements.txt
	$(PY) bench/login.py
	$(PY) bench/login_steps.py
	$(PY) bench/roster_ingest.py
	$(PY) bench/next_call.py --replicas 1,2 --floor
	$(PY) bench/claim_path.py
	$(PY) bench/frontend.py
	$(PY) bench/event_latency.py --rabbit

clean:
	rm -rf $(VENV) var frontend/node_modules frontend/dist
