from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict


class ServiceSettings(BaseSettings):
    """Fields every service has; each service subclasses it with its own env prefix."""

    model_config = SettingsConfigDict(env_prefix="SURVEYOPS_", extra="ignore")

    service_name: str = "service"
    environment: str = "development"  # development | beta | staging | production
    # Embedded default: one SQLite file per service under var/.
    database_url: str = ""
    var_dir: Path = Path("var")
    # Empty broker URL = in-process bus (embedded mode).
    broker_url: str = ""
    exchange: str = "surveyops"
    queue_prefix: str = "surveyops"
    delivery_limit: int = 5
    jwt_public_key_file: Path = Path("var/keys/jwt-public.pem")
    jwt_issuer: str = "surveyops-identity"
    jwt_audience: str = "surveyops"
    max_body_bytes: int = 1_048_576
    otel_exporter_endpoint: str = ""  # traces are exported only when set
    # A server span per request (W3C trace context continued from `traceparent`). None: only when traces are
    # exported; without an exporter the span would be built and dropped on every request (~10 % of a claim's CPU).
    trace_requests: bool | None = None
    log_level: str = "INFO"
    root_path: str = ""
    # Hosts whose X-Forwarded-For we believe (the gateway). Anything else is the client itself.
    trusted_proxies: list[str] = []
    relay_interval_seconds: float = 0.2
    # Sent outbox rows and remembered inbox ids are deleted after these (kit.events.OutboxRelay.prune).
    outbox_retention_hours: int = 72
    inbox_retention_days: int = 14
    # PostgreSQL connection pool per process. Six services share one server's max_connections (100 by
    # default): the local stack runs them with smaller pools (scripts/stack.py --db-pool).
    db_pool_size: int = 20
    db_max_overflow: int = 40
    # Demo data wanted (the embedded run, `make stack --demo`): seeded by the embedded runner or `python -m kit.seed`,
    # never by the app itself; production leaves it off.
    demo: bool = False

    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        self.var_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(self.var_dir / f'{self.service_name}.sqlite3').resolve()}"
