"""call_fact.call_day on the result time: a call counts on the America/Chicago day its result was recorded
(`surveyedOn`, as calling's call log and progress chart and projects' goal counts take it), else its start; the
facts already kept are moved and the per-day rollup is summed again from them

Revision ID: c3e8a1f5b7d2
Revises: d4a7c9e1f3b5
Create Date: 2026-11-27 14:00:00.000000

"""
from datetime import UTC, datetime
from typing import Sequence, Union
from zoneinfo import ZoneInfo

from alembic import op
import sqlalchemy as sa


revision: str = 'c3e8a1f5b7d2'
down_revision: Union[str, Sequence[str], None] = 'd4a7c9e1f3b5'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

AGREED = 1
BUSINESS_TZ = "America/Chicago"  # reporting.constants.BUSINESS_TIMEZONE, kept here as the migration ran


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        op.execute(f"""
            UPDATE call_fact SET call_day = ((surveyed_on AT TIME ZONE 'UTC') AT TIME ZONE '{BUSINESS_TZ}')::date
            WHERE surveyed_on IS NOT NULL
              AND call_day IS DISTINCT FROM ((surveyed_on AT TIME ZONE 'UTC') AT TIME ZONE '{BUSINESS_TZ}')::date
        """)
    else:  # SQLite has no zones: the days are worked out here, in batches
        tz = ZoneInfo(BUSINESS_TZ)
        rows = bind.execute(sa.text("SELECT call_id, surveyed_on, call_day FROM call_fact WHERE surveyed_on IS NOT NULL"))
        moved = []
        for call_id, surveyed_on, call_day in rows:
            at = datetime.fromisoformat(str(surveyed_on))  # naive UTC, stored as text
            day = at.replace(tzinfo=UTC).astimezone(tz).date().isoformat()
            if str(call_day)[:10] != day:
                moved.append({"d": day, "i": call_id})
        for i in range(0, len(moved), 1000):
            bind.execute(sa.text("UPDATE call_fact SET call_day = :d WHERE call_id = :i"), moved[i:i + 1000])
    # the rollup summed again from the facts, the way the call handlers keep it
    op.execute("DELETE FROM call_day_project")
    op.execute(f"""
        INSERT INTO call_day_project (call_day, project_id, attempts, surveys, signed, duration_us, agreed_duration_us)
        SELECT call_day, coalesce(project_id, 0), count(*),
               sum(CASE WHEN result = {AGREED} AND NOT is_partial THEN 1 ELSE 0 END),
               sum(CASE WHEN result = {AGREED} THEN 1 ELSE 0 END),
               sum(coalesce(duration_us, 0)),
               sum(CASE WHEN result = {AGREED} AND NOT is_partial THEN coalesce(duration_us, 0) ELSE 0 END)
        FROM call_fact WHERE result IS NOT NULL AND call_day IS NOT NULL
        GROUP BY call_day, coalesce(project_id, 0)
    """)


def downgrade() -> None:
    pass  # the start's day is not kept apart; a downgrade leaves the days on the result time
