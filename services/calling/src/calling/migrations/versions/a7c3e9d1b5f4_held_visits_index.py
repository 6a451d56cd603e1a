"""ix_visits_held: held visits (a lock token set) in claim order, for the claim's second scan (a stale hold past
the look-back cutoff); PostgreSQL only, like the claim indexes

Revision ID: a7c3e9d1b5f4
Revises: f2c9d4b7a6e1
Create Date: 2026-11-27 05:20:00

"""
from typing import Sequence, Union

from alembic import op


revision: str = 'a7c3e9d1b5f4'
down_revision: Union[str, Sequence[str], None] = 'f2c9d4b7a6e1'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # Only visits someone holds or held until the lock ran out: as many rows as surveyors at work, so the claim
    # finds a stale hold without reading the recently called visits of the claim indexes.
    if op.get_bind().dialect.name == "postgresql":
        op.execute("CREATE INDEX ix_visits_held ON visits (project_id, coalesce(last_called, '-infinity'::timestamp), id) "
                   "WHERE lock_token IS NOT NULL AND status = 0")


def downgrade() -> None:
    op.execute("DROP INDEX IF EXISTS ix_visits_held")
