from pydantic_settings import SettingsConfigDict

from kit.config import ServiceSettings


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="ROSTERS_", extra="ignore")

    service_name: str = "rosters"
    # The largest roster upload (1,000,000 rows is ~150 MB of CSV); larger is refused with 413.
    max_body_bytes: int = 200 * 1024 * 1024
    # A previewed upload waits this long for Confirm before it is flushed.
    staging_ttl_hours: int = 24
    # At start, a roster still Processing this long after its upload is marked Errored (its import was cut off).
    interrupted_import_minutes: int = 60
    # Rows parsed (and, on commit, written) at a time: memory stays flat whatever the roster's size.
    import_batch_rows: int = 50_000
    # Visits per `rosters.visits.imported` event.
    visits_per_event: int = 2000
