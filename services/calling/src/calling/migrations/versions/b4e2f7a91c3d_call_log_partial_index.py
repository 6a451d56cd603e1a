"""ix_calls_logged(_project): calls with a result, by (surveyed_on, id) and by project, for the call log's pages
and capped counts

Revision ID: b4e2f7a91c3d
Revises: e5a1c0f3b7d2
Create Date: 2026-11-24 23:50:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = 'b4e2f7a91c3d'
down_revision: Union[str, Sequence[str], None] = 'e5a1c0f3b7d2'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_index('ix_calls_logged', 'calls', ['surveyed_on', 'id'], unique=False,
                    postgresql_where=sa.text('result IS NOT NULL'), sqlite_where=sa.text('result IS NOT NULL'))
    op.create_index('ix_calls_logged_project', 'calls', ['project_id', 'surveyed_on', 'id'], unique=False,
                    postgresql_where=sa.text('result IS NOT NULL'), sqlite_where=sa.text('result IS NOT NULL'))


def downgrade() -> None:
    op.drop_index('ix_calls_logged_project', table_name='calls')
    op.drop_index('ix_calls_logged', table_name='calls')
