"""survey answers of a call (surveys.survey.saved)

Revision ID: 970d2285afed
Revises: d3f52838835f
Create Date: 2026-11-23 19:37:10.951469

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '970d2285afed'
down_revision: Union[str, Sequence[str], None] = 'd3f52838835f'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('survey_answer_views',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), autoincrement=True, nullable=False),
    sa.Column('call_id', sa.BigInteger(), nullable=False),
    sa.Column('ques_id', sa.BigInteger(), nullable=False),
    sa.Column('sequence', sa.Integer(), nullable=True),
    sa.Column('question', sa.String(length=500), nullable=True),
    sa.Column('ans_id', sa.BigInteger(), nullable=True),
    sa.Column('answer', sa.String(length=500), nullable=True),
    sa.Column('open_ended', sa.Text(), nullable=True),
    sa.Column('source_at', sa.String(length=40), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('survey_answer_views', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_survey_answer_views_call_id'), ['call_id'], unique=False)



def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('survey_answer_views', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_survey_answer_views_call_id'))

    op.drop_table('survey_answer_views')
