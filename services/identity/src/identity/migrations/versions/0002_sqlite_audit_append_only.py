"""audit_log append-only on SQLite too

Revision ID: 0002_sqlite_audit_append_only
Revises: 0001_initial
Create Date: 2026-11-22

PostgreSQL got its triggers in 0001; the embedded run (SQLite) had only the absence of an update/delete path in
code. SQLite has no TRUNCATE (DELETE without WHERE goes through the DELETE trigger).
"""
from typing import Sequence, Union

from alembic import op

revision: str = '0002_sqlite_audit_append_only'
down_revision: Union[str, Sequence[str], None] = '0001_initial'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for what in ("UPDATE", "DELETE"):
            op.execute(f"""
                CREATE TRIGGER audit_log_append_only_{what.lower()} BEFORE {what} ON audit_log
                BEGIN
                    SELECT RAISE(ABORT, 'audit_log is append-only ({what} refused)');
                END;
            """)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS audit_log_append_only_update")
        op.execute("DROP TRIGGER IF EXISTS audit_log_append_only_delete")
