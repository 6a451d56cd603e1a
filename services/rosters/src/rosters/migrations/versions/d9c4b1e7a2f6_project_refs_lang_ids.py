"""project_refs.lang_ids: the project's languages (`langIds` of projects.project.*), which the Sampling page's
language panel lists (with the roster's languages and those given a rule) instead of every known language

Revision ID: d9c4b1e7a2f6
Revises: a6d2f4c8e913
Create Date: 2026-11-27 17:00:00

Rows written before keep null (the project's languages not known yet): their panel lists every language, as before,
until the project's next event.
"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa

revision: str = 'd9c4b1e7a2f6'
down_revision: Union[str, Sequence[str], None] = 'a6d2f4c8e913'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('project_refs', schema=None) as batch_op:
        batch_op.add_column(sa.Column('lang_ids', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('project_refs', schema=None) as batch_op:
        batch_op.drop_column('lang_ids')
