"""languages: the languages added after the twelve (projects.language.created / .deleted), named in the call log

Revision ID: 2f863249e1c1
Revises: 243ebdb9cd53
Create Date: 2026-11-26 15:31:56.620486

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '2f863249e1c1'
down_revision: Union[str, Sequence[str], None] = '243ebdb9cd53'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('languages',
    sa.Column('id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('deleted', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )


def downgrade() -> None:
    op.drop_table('languages')
