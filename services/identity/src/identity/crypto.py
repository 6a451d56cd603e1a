"""The Fernet key for attempted passwords of external sign-ins: a file outside the database."""

import os
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken


def ensure_key(path: Path) -> None:
    if path.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(Fernet.generate_key())


class SecretBox:
    def __init__(self, key_file: Path):
        ensure_key(key_file)
        self._fernet = Fernet(key_file.read_bytes().strip())

    def encrypt(self, value: str) -> str:
        return self._fernet.encrypt(value.encode()).decode()

    def decrypt(self, token: str) -> str | None:
        try:
            return self._fernet.decrypt(token.encode()).decode()
        except InvalidToken:
            return None
