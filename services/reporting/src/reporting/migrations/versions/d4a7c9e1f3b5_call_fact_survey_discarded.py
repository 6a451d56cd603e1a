"""call_fact survey_discarded: surveys.survey.discarded (the call ended without a result, released or its hold
ran out): its answers left rm_survey_answer and a later save of the call is ignored

Revision ID: d4a7c9e1f3b5
Revises: 9fee5f2fee1c
Create Date: 2026-11-27 02:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = 'd4a7c9e1f3b5'
down_revision: Union[str, Sequence[str], None] = '9fee5f2fee1c'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('call_fact', schema=None) as batch_op:
        batch_op.add_column(sa.Column('survey_discarded', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('call_fact', schema=None) as batch_op:
        batch_op.drop_column('survey_discarded')
