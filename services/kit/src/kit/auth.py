"""Token verification and the deny-by-default role guard.

Every route must declare who may call it with `Depends(allow(...))` or `Depends(public)`;
`assert_every_route_guarded` refuses to start an app with an undeclared route.
"""

import os
import time
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.routing import APIRoute
from starlette.concurrency import run_in_threadpool
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import OKPKey

from kit.errors import Forbidden, Unauthorized
from kit.revocation import ensure_not_revoked


class Role(IntEnum):
    ADMIN = 0
    PROJECT_MANAGER = 1
    OPERATIONS = 2
    SURVEYOR = 3
    QUALITY = 4
    FINANCE = 5
    COMMENT_CLEANER = 6
    CIMR_SURVEYOR = 7
    CIMR_MANAGER = 8
    KELLER_SURVEYOR = 9


ALL_ROLES = tuple(Role)
SURVEYOR_ROLES = (Role.SURVEYOR, Role.CIMR_SURVEYOR, Role.KELLER_SURVEYOR)
MANAGER_ROLES = (Role.PROJECT_MANAGER, Role.OPERATIONS)
STAFF_ROLES = tuple(r for r in Role if r not in SURVEYOR_ROLES and r != Role.FINANCE)

ALGORITHM = "Ed25519"  # RFC 9864 name for EdDSA over Ed25519
LEEWAY_SECONDS = 5  # clock skew allowed on exp/nbf/iat
ENROL_SCOPE = "totp-enrolment"
ENROL_FIRST = "Your role signs in with an authenticator app: set it up in My Profile to continue"


@dataclass(frozen=True)
class Principal:
    id: int
    role: Role
    sid: str
    name: str = ""
    # Signed in while the role requires an authenticator app that this user has not set up: the token opens
    # only the routes that set it up (`allow(..., enrolment=True)`), every other route answers 403.
    enrol_only: bool = False

    def has(self, *roles: Role) -> bool:
        return self.role in roles


def generate_keypair(private_path: Path, public_path: Path) -> None:
    """Create an Ed25519 signing key pair if missing (files outside the database and the repo)."""
    if private_path.exists() and public_path.exists():
        return
    private_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = OKPKey.generate_key("Ed25519", private=True)
    # created 0600 (never readable by others, not even for a moment before a chmod)
    fd = os.open(private_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.as_pem(private=True))
    private_path.chmod(0o600)
    public_path.write_bytes(key.as_pem(private=False))


class TokenSigner:
    def __init__(self, private_key_file: Path, issuer: str, audience: str):
        self._key = OKPKey.import_key(private_key_file.read_bytes())
        self.issuer, self.audience = issuer, audience

    def sign(self, *, sub: int, role: int, sid: str, name: str, ttl_seconds: int, enrol_only: bool = False) -> str:
        now = int(time.time())
        claims = {"sub": str(sub), "role": int(role), "sid": sid, "name": name, "iat": now,
                  "exp": now + ttl_seconds, "iss": self.issuer, "aud": self.audience}
        if enrol_only:
            claims["scope"] = ENROL_SCOPE
        return jwt.encode({"alg": ALGORITHM}, claims, self._key, algorithms=[ALGORITHM])


class TokenVerifier:
    """Verifies a bearer token (Ed25519 signature, issuer, audience, expiry) and keeps the verified claims per
    token until the token expires: a surveyor's client sends the same token on every request, and the signature
    check was the largest single cost of a claim request. A cached token is still refused after its `exp`
    (same leeway) and the revocation check (`kit.revocation.ensure_not_revoked`) runs on every request."""

    CACHE_MAX = 20_000  # tokens; about 5 MB. Full: the expired ones go, then the oldest half.

    def __init__(self, public_key_file: Path, issuer: str, audience: str):
        self.public_key_file, self.issuer, self.audience = public_key_file, issuer, audience
        self._key: OKPKey | None = None
        self._cache: dict[str, tuple[Principal, float]] = {}  # token -> (principal, expires at)
        self._registry = jwt.JWTClaimsRegistry(
            iss={"essential": True, "value": issuer}, aud={"essential": True, "value": audience},
            exp={"essential": True}, sub={"essential": True}, sid={"essential": True}, leeway=LEEWAY_SECONDS,
        )

    def _public_key(self) -> OKPKey:
        # Loaded lazily: in the embedded run identity writes the key pair when it starts.
        if self._key is None:
            try:
                self._key = OKPKey.import_key(self.public_key_file.read_bytes())
            except FileNotFoundError as exc:
                raise Unauthorized("Session Expired") from exc
        return self._key

    def verify(self, token: str) -> Principal:
        hit = self._cache.get(token)
        if hit is not None:
            if time.time() <= hit[1]:
                return hit[0]
            del self._cache[token]
            raise Unauthorized("Session Expired")
        try:
            tok = jwt.decode(token, self._public_key(), algorithms=[ALGORITHM])
            self._registry.validate(tok.claims)
            c = tok.claims
            principal = Principal(id=int(c["sub"]), role=Role(int(c["role"])), sid=str(c["sid"]),
                                  name=str(c.get("name", "")), enrol_only=c.get("scope") == ENROL_SCOPE)
            expires = float(c["exp"]) + LEEWAY_SECONDS
        except (JoseError, ValueError, KeyError, TypeError) as exc:
            raise Unauthorized("Session Expired") from exc
        self._remember(token, principal, expires)
        return principal

    def _remember(self, token: str, principal: Principal, expires: float) -> None:
        if len(self._cache) >= self.CACHE_MAX:
            now = time.time()
            for t in [t for t, (_, exp) in self._cache.items() if exp < now]:
                del self._cache[t]
            if len(self._cache) >= self.CACHE_MAX:  # dicts keep insertion order: drop the oldest half
                for t in list(self._cache)[: self.CACHE_MAX // 2]:
                    del self._cache[t]
        self._cache[token] = (principal, expires)


def bearer_token(request: Request) -> str | None:
    h = request.headers.get("authorization", "")
    if h[:7].lower() == "bearer " and h[7:].strip():
        return h[7:].strip()
    return None


def _verified(request: Request) -> Principal:
    token = bearer_token(request)
    if not token:
        raise Unauthorized("Session Expired")
    verifier: TokenVerifier = request.app.state.token_verifier
    principal = verifier.verify(token)
    # a signed-out / deactivated / idle session: refused here on every service (kit.revocation), no I/O
    ensure_not_revoked(getattr(request.app.state, "revocations", None), principal.sid)
    request.state.principal = principal
    return principal


def allow(*roles: Role, enrolment: bool = False):
    """Route dependency: only these roles; returns the Principal. A token that may only set up an authenticator
    app (`Principal.enrol_only`) passes only where `enrolment` is true."""
    allowed = frozenset(roles)

    # async: verifying a signature is a fraction of a millisecond of CPU, not worth a trip through the thread pool
    # on every request; only identity's session check, which reads its database, goes there.
    async def guard(request: Request) -> Principal:
        principal = _verified(request)
        hook = getattr(request.app.state, "session_check", None)
        if hook is not None:
            await run_in_threadpool(hook, principal)
        if principal.role not in allowed:
            raise Forbidden()
        if principal.enrol_only and not enrolment:
            raise Forbidden(ENROL_FIRST)
        return principal

    guard.__guard__ = tuple(sorted(allowed))  # type: ignore[attr-defined]
    guard.__enrolment__ = enrolment  # type: ignore[attr-defined]
    return guard


async def public() -> None:
    """Route dependency that marks a route as reachable without a token."""


public.__guard__ = "public"  # type: ignore[attr-defined]


def _guards(dependant) -> list:
    found = []
    call = getattr(dependant, "call", None)
    if call is not None and hasattr(call, "__guard__"):
        found.append(call.__guard__)
    for d in dependant.dependencies:
        found.extend(_guards(d))
    return found


def route_access_table(app: FastAPI) -> list[tuple[str, str, object]]:
    """(method, path, roles-or-'public') for every API route; what the authorization matrix checks."""
    from kit.routes import effective_routes

    rows = []
    for original, r in effective_routes(app.routes):  # includes routes of included routers
        if isinstance(original, APIRoute):
            g = _guards(r.dependant)
            for m in sorted(r.methods - {"HEAD", "OPTIONS"}):
                rows.append((m, r.path, g[0] if g else None))
    return rows


def assert_every_route_guarded(app: FastAPI) -> None:
    missing = [f"{m} {p}" for m, p, g in route_access_table(app) if g is None]
    if missing:
        raise RuntimeError(f"routes without an access rule (deny by default): {missing}")


def client_ip(request: Request, trusted_proxies: list[str]) -> str:
    """The caller's address. X-Forwarded-For is believed only when the direct peer is a trusted proxy,
    and then only its right-most untrusted entry, so a client cannot spoof it."""
    peer = request.client.host if request.client else "unknown"
    if peer not in trusted_proxies:
        return peer
    chain = [p.strip() for p in request.headers.get("x-forwarded-for", "").split(",") if p.strip()]
    for addr in reversed(chain):
        if addr not in trusted_proxies:
            return addr
    return peer
