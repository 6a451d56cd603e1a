"""visits: one secondary index (project, roster), BRIN on PostgreSQL; the roster-only index is dropped

Every read and delete of visits by roster names the project too, so `ix_visits_project_roster` serves them; the
roster-only index cost a 1,000,000-row import about 0.8 s of COPY, and the (project, roster) B-tree about 0.6 s
that a BRIN index does not (a roster's visits are written together, so they lie together: docs/decisions.md).

Revision ID: e5a7c3d91b20
Revises: c41d7e2b9a55
Create Date: 2026-11-25 13:05:00

"""
from typing import Sequence, Union

from alembic import op

revision: str = 'e5a7c3d91b20'
down_revision: Union[str, Sequence[str], None] = 'c41d7e2b9a55'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('visits', schema=None) as batch_op:
        batch_op.drop_index('ix_visits_roster_id')
    if op.get_bind().dialect.name == "postgresql":
        op.drop_index('ix_visits_project_roster', table_name='visits')
        op.create_index('ix_visits_project_roster', 'visits', ['project_id', 'roster_id'], postgresql_using='brin',
                        postgresql_with={'autosummarize': 'on'})


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.drop_index('ix_visits_project_roster', table_name='visits')
        op.create_index('ix_visits_project_roster', 'visits', ['project_id', 'roster_id'])
    with op.batch_alter_table('visits', schema=None) as batch_op:
        batch_op.create_index('ix_visits_roster_id', ['roster_id'], unique=False)
