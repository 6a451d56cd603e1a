"""rm_language: the languages added after the twelve (projects.language.created / .deleted), so that bank texts
and questionnaires can be in them

Revision ID: b4e6a8c0d2f1
Revises: a3d5f7e9b1c2
Create Date: 2026-11-26 15:00:00

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = 'b4e6a8c0d2f1'
down_revision: Union[str, Sequence[str], None] = 'a3d5f7e9b1c2'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('rm_language',
    sa.Column('id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('deleted', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )


def downgrade() -> None:
    op.drop_table('rm_language')
