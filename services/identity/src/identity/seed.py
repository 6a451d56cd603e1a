"""Demo accounts for the embedded run (idempotent). Production seeds none: see `identity.cli create-admin`."""

from sqlalchemy.orm import Session

from identity import clock, security
from identity.config import Settings
from identity.events import published
from identity.models import User
from identity.user import repository
from kit.db import Database

DEMO_PASSWORD = "Demo-pass-1"

# email, first, last, role, phone (fake 555-01xx), cid, langIds, CIMR manager email
DEMO_USERS = [
    ("admin@demo.test", "Ada", "Admin", 0, "2025550101", None, [], None),
    ("pm@demo.test", "Paul", "Manager", 1, "2025550102", None, [], None),
    ("ops@demo.test", "Olivia", "Operations", 2, "2025550103", None, [], None),
    ("surveyor@demo.test", "Sam", "Surveyor", 3, "2025550104", "SV-1001", [1, 2], None),
    ("qa@demo.test", "Quinn", "Quality", 4, "2025550105", None, [], None),
    ("finance@demo.test", "Fiona", "Finance", 5, "2025550106", None, [], None),
    ("cleaner@demo.test", "Cole", "Cleaner", 6, "2025550107", None, [], None),
    ("cimr-manager@demo.test", "Carmen", "Manager", 8, "2025550109", None, [], None),
    ("cimr-surveyor@demo.test", "Chris", "Contractor", 7, "2025550108", "CC-2001", [1], "cimr-manager@demo.test"),
    ("keller@demo.test", "Kim", "Keller", 9, "2025550110", "KL-3001", [1], None),
    ("maria.lopez@demo.test", "Maria", "Lopez", 3, "2025550111", "SV-1002", [1, 2], None),
    ("james.chen@demo.test", "James", "Chen", 3, "2025550112", "SV-1003", [1, 5, 9], None),
    ("aisha.khan@demo.test", "Aisha", "Khan", 3, "2025550113", "SV-1004", [1, 4], None),
    ("minh.nguyen@demo.test", "Minh", "Nguyen", 3, "2025550114", "SV-1005", [1, 12], None),
    ("rosa.silva@demo.test", "Rosa", "Silva", 7, "2025550115", "CC-2002", [1, 10], "cimr-manager@demo.test"),
]


def seed_demo_in(session: Session, settings: Settings | None = None) -> int:
    settings = settings or Settings()
    created = 0
    pw_hash = None
    for email, first, last, role, phone, cid, langs, manager in DEMO_USERS:
        if repository.get_by_email(session, email) is not None:
            continue
        pw_hash = pw_hash or security.hash_password(settings, DEMO_PASSWORD)
        now = clock.now()
        user = repository.add(session, User(first_name=first, last_name=last, email=email, phone_number=phone,
                                            role=role, cid=cid, is_deleted=False, password_hash=pw_hash,
                                            password_changed_at=now, created_at=now, updated_at=now))
        repository.set_languages(session, user.id, langs)
        managers = []
        if manager:
            m = repository.get_by_email(session, manager)
            managers = [m.id] if m else []
            repository.set_managers(session, user.id, managers)
        published.user_event(session, published.USER_CREATED, user, langs, managers)
        created += 1
    return created


def seed_demo(db: Database, settings: Settings | None = None) -> bool:
    """True once the demo accounts exist (kit.seed stops asking; a count here read as "not done yet")."""
    with db.session() as s:
        seed_demo_in(s, settings)
    return True
