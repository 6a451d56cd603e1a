"""call_day_project: call facts summed per business day and project, filled from the existing facts

Revision ID: b7c4d2e91f30
Revises: e792143a20ad
Create Date: 2026-11-23 19:55:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = 'b7c4d2e91f30'
down_revision: Union[str, Sequence[str], None] = 'e792143a20ad'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

AGREED = 1


def upgrade() -> None:
    op.create_table('call_day_project',
    sa.Column('call_day', sa.Date(), nullable=False),
    sa.Column('project_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('attempts', sa.BigInteger(), nullable=False),
    sa.Column('surveys', sa.BigInteger(), nullable=False),
    sa.Column('signed', sa.BigInteger(), nullable=False),
    sa.Column('duration_us', sa.BigInteger(), nullable=False),
    sa.Column('agreed_duration_us', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('call_day', 'project_id')
    )
    # the facts already kept, summed the way the call handlers keep the rollup from now on
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
    op.drop_table('call_day_project')
