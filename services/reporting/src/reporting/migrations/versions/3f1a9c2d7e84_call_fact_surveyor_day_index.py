"""call_fact: index (surveyor_id, call_day) for one surveyor's stats, earnings and pay stubs over long ranges

Revision ID: 3f1a9c2d7e84
Revises: 66c1936bde99
Create Date: 2026-11-24 23:00:00

"""
from typing import Sequence, Union

from alembic import op


revision: str = '3f1a9c2d7e84'
down_revision: Union[str, Sequence[str], None] = '66c1936bde99'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_index('ix_call_fact_surveyor_day', 'call_fact', ['surveyor_id', 'call_day'])


def downgrade() -> None:
    op.drop_index('ix_call_fact_surveyor_day', table_name='call_fact')
