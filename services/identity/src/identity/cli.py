"""Operator commands. `python -m identity.cli create-admin --email E --first F --last L --phone P [--password-stdin]`

Production seeds no accounts: this creates the first Admin and prints an invitation link (or sets a password
read from standard input, never from the command line where it would land in shell history).
"""

import argparse
import sys

from pydantic import ValidationError

from identity import clock, security
from identity.account import service as account_service
from identity.audit import service as audit
from identity.config import Settings
from identity.crypto import SecretBox
from identity.events import published
from identity.external_attempt import service as external_attempts
from identity.models import Base, User
from identity.user import repository
from identity.user.schemas import UserCreate
from kit import migrations
from kit.db import Database
from kit.events import bind_event_tables


def _db(settings: Settings) -> Database:
    url = settings.resolved_database_url()
    migrations.upgrade("identity", url)
    db = Database(url, Base)
    bind_event_tables(db)
    return db


def create_admin(args, settings: Settings) -> int:
    try:
        body = UserCreate(firstName=args.first, lastName=args.last, email=args.email, phoneNumber=args.phone, role=0)
    except ValidationError as exc:
        print(f"invalid input: {exc.errors()[0]['loc'][0]}: {exc.errors()[0]['msg']}", file=sys.stderr)
        return 2
    password = None
    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\n")
        problem = security.password_problem(password, email=body.email)
        if problem:
            print(f"password refused: {problem}", file=sys.stderr)
            return 2
    db = _db(settings)
    with db.session() as s:
        if repository.get_by_email(s, body.email):
            print("a user with this email already exists", file=sys.stderr)
            return 1
        now = clock.now()
        user = repository.add(s, User(first_name=body.first_name, last_name=body.last_name, email=body.email,
                                      phone_number=body.phone_number, role=0, is_deleted=False, created_at=now,
                                      updated_at=now, password_hash=security.hash_password(settings, password) if password else None,
                                      password_changed_at=now if password else None))
        audit.record(s, audit.ACCOUNT_CREATED, user_id=user.id, detail={"role": 0, "via": "cli"})
        published.user_event(s, published.USER_CREATED, user, [], [])
        if password:
            print(f"Admin {body.email} created (id {user.id}); password set.")
        else:
            from identity.common import Context
            from identity.notify import make_mail, make_sms

            c = Context(settings=settings, sms=make_sms(settings), mail=make_mail(settings),
                        box=SecretBox(settings.external_attempts_key_file))
            link = account_service.invitation_link(s, c, user)
            audit.record(s, audit.INVITATION_SENT, user_id=user.id, detail={"via": "cli"})
            print(f"Admin {body.email} created (id {user.id}). Invitation link (single use, expires in "
                  f"{settings.invite_token_ttl_seconds // 86400} days):\n{link}")
    db.engine.dispose()
    return 0


def purge(args, settings: Settings) -> int:
    from identity.common import Context

    db = _db(settings)
    c = Context(settings=settings, sms=None, mail=None, box=SecretBox(settings.external_attempts_key_file))  # type: ignore[arg-type]
    with db.session() as s:
        n = external_attempts.purge(s, c)
    print(f"purged {n} external login attempts older than {settings.external_attempt_retention_days} days")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m identity.cli")
    sub = p.add_subparsers(dest="command", required=True)
    a = sub.add_parser("create-admin", help="create the first Admin account")
    a.add_argument("--email", required=True)
    a.add_argument("--first", required=True)
    a.add_argument("--last", required=True)
    a.add_argument("--phone", required=True)
    a.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    sub.add_parser("purge-external-attempts", help="delete external login attempts past the retention period")
    args = p.parse_args(argv)
    settings = Settings()
    return {"create-admin": create_admin, "purge-external-attempts": purge}[args.command](args, settings)


if __name__ == "__main__":
    raise SystemExit(main())
