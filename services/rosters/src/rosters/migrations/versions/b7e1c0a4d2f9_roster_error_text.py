"""roster error text: why an import ended Errored

Revision ID: b7e1c0a4d2f9
Revises: ce9ff7eeadce
Create Date: 2026-11-22 20:30:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa

revision: str = 'b7e1c0a4d2f9'
down_revision: Union[str, Sequence[str], None] = 'ce9ff7eeadce'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('rosters', schema=None) as batch_op:
        batch_op.add_column(sa.Column('error', sa.String(length=200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('rosters', schema=None) as batch_op:
        batch_op.drop_column('error')
