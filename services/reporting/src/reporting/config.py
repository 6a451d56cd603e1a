from pydantic_settings import SettingsConfigDict

from kit.config import ServiceSettings


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="REPORTING_", extra="ignore")

    service_name: str = "reporting"
    # The business time zone: calls are counted on the Chicago calendar day of their start.
    business_timezone: str = "America/Chicago"
