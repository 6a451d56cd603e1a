"""projects.report_freq_id and start_date: the progress chart's reporting period (projects.project.* events)

Revision ID: c7d1a4e9f2b5
Revises: b4e2f7a91c3d
Create Date: 2026-11-26 10:00:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = 'c7d1a4e9f2b5'
down_revision: Union[str, Sequence[str], None] = 'b4e2f7a91c3d'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # Rows already here get the two fields with their project's next projects.project.* event; until then the
    # chart reads their reporting period as the calendar month (kit.periods.known_reporting_period).
    with op.batch_alter_table('projects', schema=None) as batch_op:
        batch_op.add_column(sa.Column('report_freq_id', sa.SmallInteger(), nullable=True))
        batch_op.add_column(sa.Column('start_date', sa.Date(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('projects', schema=None) as batch_op:
        batch_op.drop_column('start_date')
        batch_op.drop_column('report_freq_id')
