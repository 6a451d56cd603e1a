"""Where guideline PDFs live: a folder under the service's var dir, or the database row itself."""

import os
import uuid
from pathlib import Path

from projects.config import Settings
from projects.models import Guideline


class GuidelineStore:
    def put(self, g: Guideline, content: bytes) -> None:
        raise NotImplementedError

    def get(self, g: Guideline) -> bytes | None:
        raise NotImplementedError


class DatabaseGuidelineStore(GuidelineStore):
    """Bytes in the `guidelines.content` column: every replica of the service reaches them."""

    def put(self, g: Guideline, content: bytes) -> None:
        g.content = content

    def get(self, g: Guideline) -> bytes | None:
        return g.content


class FolderGuidelineStore(GuidelineStore):
    """Files under `<var>/guidelines/`, named by a random id (never by the uploaded name)."""

    def __init__(self, folder: Path):
        self.folder = folder

    def put(self, g: Guideline, content: bytes) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        name = f"{uuid.uuid4().hex}.pdf"
        tmp = self.folder / f".{name}.part"
        tmp.write_bytes(content)
        os.replace(tmp, self.folder / name)
        g.stored_name = name

    def get(self, g: Guideline) -> bytes | None:
        if g.stored_name is None:
            return g.content  # written while the store was the database
        path = self.folder / g.stored_name
        return path.read_bytes() if path.is_file() else None


def store_for(settings: Settings) -> GuidelineStore:
    mode = settings.guideline_store
    if mode == "auto":
        mode = "folder" if settings.resolved_database_url().startswith("sqlite") else "database"
    if mode == "database":
        return DatabaseGuidelineStore()
    return FolderGuidelineStore(settings.var_dir / "guidelines")
