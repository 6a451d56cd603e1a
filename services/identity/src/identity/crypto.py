"""The service's secret key material: a Fernet key in a file outside the database (created 0600). It encrypts
the attempted passwords of external sign-ins and the authenticator (TOTP) secrets, and keys the HMAC of short
codes (contact-change codes), so a copy of the database alone reveals none of them."""

import hashlib
import hmac
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
        key = key_file.read_bytes().strip()
        self._fernet = Fernet(key)
        # A separate key for MACs, derived from the same material (never used to encrypt).
        self._mac_key = hashlib.sha256(b"surveyops-identity-mac:" + key).digest()

    def encrypt(self, value: str) -> str:
        return self._fernet.encrypt(value.encode()).decode()

    def decrypt(self, token: str) -> str | None:
        try:
            return self._fernet.decrypt(token.encode()).decode()
        except InvalidToken:
            return None

    def mac(self, purpose: str, value: str) -> str:
        """HMAC-SHA256 of a short secret (a 6-digit code) bound to its purpose; hex."""
        return hmac.new(self._mac_key, f"{purpose}\0{value}".encode(), hashlib.sha256).hexdigest()
