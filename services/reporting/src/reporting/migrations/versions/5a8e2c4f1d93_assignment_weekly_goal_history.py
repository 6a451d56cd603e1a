"""rm_assignment.weeks: the weekly goal history (projects.assignment.updated `weeks`), for the current week's goal

Revision ID: 5a8e2c4f1d93
Revises: 3f1a9c2d7e84
Create Date: 2026-11-26 10:00:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '5a8e2c4f1d93'
down_revision: Union[str, Sequence[str], None] = '3f1a9c2d7e84'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # The history changes already applied are in event_log: `python -m reporting.rebuild` fills the column.
    with op.batch_alter_table('rm_assignment', schema=None) as batch_op:
        batch_op.add_column(sa.Column('weeks', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('rm_assignment', schema=None) as batch_op:
        batch_op.drop_column('weeks')
