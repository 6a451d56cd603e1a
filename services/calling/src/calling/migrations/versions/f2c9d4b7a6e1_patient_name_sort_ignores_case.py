"""ix_visits_last_name_ci: the call log's patient name sort ignores case (lower(last_name), id), replacing
ix_visits_last_name (last_name, id)

Revision ID: f2c9d4b7a6e1
Revises: 2f863249e1c1
Create Date: 2026-11-26 21:50:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = 'f2c9d4b7a6e1'
down_revision: Union[str, Sequence[str], None] = '2f863249e1c1'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # if_exists: d3f52838835f gained ix_visits_last_name after its first release, so a database migrated then has
    # none (its upgrade stopped here); a database that has it ends the same either way
    op.drop_index('ix_visits_last_name', table_name='visits', if_exists=True)
    op.create_index('ix_visits_last_name_ci', 'visits', [sa.text('lower(last_name)'), 'id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_visits_last_name_ci', table_name='visits')
    op.create_index('ix_visits_last_name', 'visits', ['last_name', 'id'], unique=False)
