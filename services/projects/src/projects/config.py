from typing import Literal

from pydantic_settings import SettingsConfigDict

from kit.config import ServiceSettings

GUIDELINE_MAX_BYTES = 20 * 1024 * 1024


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="PROJECTS_", extra="ignore")

    service_name: str = "projects"
    # Guidelines PDFs: "folder" keeps them under var/guidelines (the embedded run, one process);
    # "database" keeps them in the guidelines table, which every replica of the service reaches (the topology).
    # "auto": the database on PostgreSQL, the folder on SQLite.
    guideline_store: Literal["auto", "folder", "database"] = "auto"
    guideline_max_bytes: int = GUIDELINE_MAX_BYTES
    # A guideline upload is the largest body this service takes (multipart overhead on top of the PDF).
    max_body_bytes: int = GUIDELINE_MAX_BYTES + 256 * 1024
