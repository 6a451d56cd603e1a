"""Password hashing, one-time codes, link tokens and the password policy."""

import gzip
import hashlib
import hmac
import re
import secrets
from functools import lru_cache
from importlib import resources

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from identity.config import Settings

_hashers: dict[tuple[int, int, int], PasswordHasher] = {}


def hasher(settings: Settings) -> PasswordHasher:
    key = (settings.argon2_time_cost, settings.argon2_memory_cost_kib, settings.argon2_parallelism)
    if key not in _hashers:
        _hashers[key] = PasswordHasher(time_cost=key[0], memory_cost=key[1], parallelism=key[2], type=Type.ID)
    return _hashers[key]


@lru_cache(maxsize=8)
def _dummy_hash(key: tuple[int, int, int]) -> str:
    return _hashers[key].hash(secrets.token_urlsafe(16))


def hash_password(settings: Settings, password: str) -> str:
    return hasher(settings).hash(password)


def verify_password(settings: Settings, stored_hash: str | None, password: str) -> bool:
    """Constant-time in the sense that matters: an unknown account (or one without a password yet) costs one
    argon2 verify against a dummy hash, like a real account does."""
    h = hasher(settings)
    if not stored_hash:
        key = (settings.argon2_time_cost, settings.argon2_memory_cost_kib, settings.argon2_parallelism)
        try:
            h.verify(_dummy_hash(key), password)
        except VerificationError:
            pass
        return False
    try:
        return h.verify(stored_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(settings: Settings, stored_hash: str) -> bool:
    try:
        return hasher(settings).check_needs_rehash(stored_hash)
    except InvalidHashError:
        return True


def new_otp() -> str:
    return f"{secrets.randbelow(1_000_000):06d}"


def otp_digest(attempt_secret: str, code: str) -> str:
    """The code is bound to its login attempt: HMAC keyed by the attempt cookie (never stored)."""
    return hmac.new(attempt_secret.encode(), code.encode(), hashlib.sha256).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def sha256(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


@lru_cache(maxsize=1)
def common_passwords() -> frozenset[str]:
    """The most common (breached) passwords: Royce Williams' list as shipped by Django's
    CommonPasswordValidator (BSD), ordered by frequency; compared case-insensitively."""
    data = resources.files("identity").joinpath("data/common-passwords.txt.gz").read_bytes()
    return frozenset(line.strip().lower() for line in gzip.decompress(data).decode().splitlines() if line.strip())


def password_problem(password: str, *, email: str = "") -> str | None:
    """The first broken rule, worded as the UI's checklist, or None."""
    if not re.search(r"[A-Za-z]", password):
        return "At Least One Letter"
    if not re.search(r"[A-Z]", password):
        return "At Least One Capital Letter"
    if not re.search(r"[0-9]", password):
        return "At Least One Number"
    if len(password) < 8:
        return "At least 8 characters long"
    lowered = password.lower()
    local = email.split("@", 1)[0].lower()
    if lowered in common_passwords() or (len(local) >= 4 and local in lowered) or len(set(password)) < 4:
        return "This password is too common"
    return None
