"""cleaned comments read model (surveys.comment.cleaned)

rm_cleaned_comment: the cleaned texts of each comment (per call, kind and open-ended question), shown by the
client report in place of the surveyor's raw text. Reporting subscribes to the event from now on: comments
cleaned before are exported raw until `python -m surveys.reannounce` announces them again.

Revision ID: 29f1754ef88d
Revises: b97903a53729
Create Date: 2026-11-26 08:18:19.406022

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '29f1754ef88d'
down_revision: Union[str, Sequence[str], None] = 'b97903a53729'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('rm_cleaned_comment',
    sa.Column('call_id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('ques_id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('project_id', sa.BigInteger(), nullable=True),
    sa.Column('is_cleaned', sa.Boolean(), nullable=False),
    sa.Column('nsm', sa.Text(), nullable=True),
    sa.Column('cleaned', sa.Text(), nullable=True),
    sa.Column('source_at', sa.String(length=40), nullable=True),
    sa.PrimaryKeyConstraint('call_id', 'kind', 'ques_id')
    )


def downgrade() -> None:
    op.drop_table('rm_cleaned_comment')
