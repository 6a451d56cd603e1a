from pydantic_settings import SettingsConfigDict

from kit.config import ServiceSettings


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="CALLING_", extra="ignore")

    service_name: str = "calling"
    # How long a claimed patient stays with the surveyor without a saved final result; after that the
    # patient returns to the queue (the attempt stays counted).
    lock_ttl_minutes: float = 30
    # A due callback stays the scheduling surveyor's for this long before anyone assigned may take it.
    callback_grace_minutes: int = 15
    # Defaults until rosters publishes the project's sampling settings.
    default_max_calls: int = 3
    default_look_back_days: int = 0
    # Requests run in a thread pool; past a handful of threads per process they mostly fight over the GIL
    # (throughput falls as concurrency rises). 0 keeps the framework default (40).
    threadpool_size: int = 0
    # Stored Idempotency-Key responses are kept this long.
    idempotency_ttl_hours: int = 24
