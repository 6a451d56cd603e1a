from pydantic_settings import SettingsConfigDict

from kit.config import ServiceSettings


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="ROSTERS_", extra="ignore")

    service_name: str = "rosters"
    # A 100,000-row roster is ~15 MB of CSV; leave room for wide files.
    max_body_bytes: int = 64 * 1024 * 1024
    # A previewed upload waits this long for Confirm before it is flushed.
    staging_ttl_hours: int = 24
    # At start, a roster still Processing this long after its upload is marked Errored (its import was cut off).
    interrupted_import_minutes: int = 60
    # Visits per `rosters.visits.imported` event.
    visits_per_event: int = 2000
