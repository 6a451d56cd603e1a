"""project visit info selection (projects.visit_info.updated)

projects.visit_info_fields: the Additional Info fields the project's call screen and Call Log Details show (NULL
until the project saves a selection: the roster's call details decide, as before). Calling subscribes to the event
from now on: a selection saved before is not known here until the project's Additional Info is saved again.

Revision ID: 243ebdb9cd53
Revises: 808e1b300189
Create Date: 2026-11-26 09:06:43.473483

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '243ebdb9cd53'
down_revision: Union[str, Sequence[str], None] = '808e1b300189'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.add_column('projects', sa.Column('visit_info_fields', sa.JSON(), nullable=True))
    op.add_column('projects', sa.Column('visit_info_source_at', sa.String(length=40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('projects', schema=None) as batch_op:
        batch_op.drop_column('visit_info_source_at')
        batch_op.drop_column('visit_info_fields')
