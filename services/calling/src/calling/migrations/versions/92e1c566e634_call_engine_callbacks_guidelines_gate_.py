"""call engine: callbacks, guidelines gate, visit infos, site and department claim indexes

Revision ID: 92e1c566e634
Revises: a3d8cb80a910
Create Date: 2026-11-23 16:18:07.233260

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '92e1c566e634'
down_revision: Union[str, Sequence[str], None] = 'a3d8cb80a910'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('guideline_statuses',
    sa.Column('guideline_id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('surveyor_id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('project_id', sa.BigInteger(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.PrimaryKeyConstraint('guideline_id', 'surveyor_id')
    )
    op.create_table('project_guidelines',
    sa.Column('project_id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('guideline_id', sa.BigInteger(), nullable=False),
    sa.Column('uploaded_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('project_id')
    )
    # plain ADD COLUMN (no table rebuild): the claim indexes of the initial revision stay as they are
    op.add_column('calls', sa.Column('callback_at', sa.DateTime(), nullable=True))
    op.add_column('visits', sa.Column('callback_at', sa.DateTime(), nullable=True))
    op.add_column('visits', sa.Column('callback_by', sa.BigInteger(), nullable=True))
    op.add_column('visits', sa.Column('visit_infos', sa.JSON(), nullable=True))
    # Quotas by site or department claim through the same flat index shape as by provider; due callbacks
    # are found by their own small partial index.
    if op.get_bind().dialect.name == "postgresql":
        last = "coalesce(last_called, '-infinity'::timestamp)"
    else:  # SQLite sorts NULL first, so the plain column gives the same order
        last = "last_called"
    op.execute(f"CREATE INDEX ix_visits_claim_site ON visits (project_id, site_name, {last}, id) WHERE status = 0")
    op.execute(f"CREATE INDEX ix_visits_claim_department ON visits (project_id, department_name, {last}, id) WHERE status = 0")
    op.execute("CREATE INDEX ix_visits_callback ON visits (project_id, callback_at, id) "
               "WHERE status = 0 AND callback_at IS NOT NULL")


def downgrade() -> None:
    op.execute("DROP INDEX IF EXISTS ix_visits_callback")
    op.execute("DROP INDEX IF EXISTS ix_visits_claim_department")
    op.execute("DROP INDEX IF EXISTS ix_visits_claim_site")
    op.drop_column('visits', 'visit_infos')
    op.drop_column('visits', 'callback_by')
    op.drop_column('visits', 'callback_at')
    op.drop_column('calls', 'callback_at')
    op.drop_table('project_guidelines')
    op.drop_table('guideline_statuses')
