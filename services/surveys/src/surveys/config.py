from pydantic_settings import SettingsConfigDict

from kit.config import ServiceSettings


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="SURVEYS_", extra="ignore")

    service_name: str = "surveys"
    # Embedded run: seed the demo question bank at start (the runner passes demo=True).
    demo: bool = False
