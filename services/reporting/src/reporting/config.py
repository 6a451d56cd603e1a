from pydantic_settings import SettingsConfigDict

from kit.config import ServiceSettings


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="REPORTING_", extra="ignore")

    service_name: str = "reporting"
    # Calls are counted on the business calendar day of their start (reporting.constants.BUSINESS_TIMEZONE); the
    # day is stored when the event is applied, so the zone is a constant, not a setting.
