"""project_refs.is_removed: a project deleted for good, told apart from a deactivated one (which Admin still reads)

Revision ID: a6d2f4c8e913
Revises: f3b8d2a6c1e4
Create Date: 2026-11-27 11:50:00

Rows already marked is_deleted cannot say which of the two they were; they start as deactivated (readable by Admin
and Operations, never changed), as the projects service still lists a deactivated project to them.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa

revision: str = 'a6d2f4c8e913'
down_revision: Union[str, Sequence[str], None] = 'f3b8d2a6c1e4'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('project_refs', schema=None) as batch_op:
        batch_op.add_column(sa.Column('is_removed', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table('project_refs', schema=None) as batch_op:
        batch_op.drop_column('is_removed')
