"""cleaned comments of a call (surveys.comment.cleaned)

cleaned_comment_views: the cleaned texts of a call's positive and negative comments, for the Call Log Details
(positiveWNSM, positiveWoNSM, negativeWNSM, negativeWoNSM). Calling subscribes to the event from now on: comments
cleaned before are not known here until `python -m surveys.reannounce` announces them again.

Revision ID: 808e1b300189
Revises: c7d1a4e9f2b5
Create Date: 2026-11-26 08:19:39.718176

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '808e1b300189'
down_revision: Union[str, Sequence[str], None] = 'c7d1a4e9f2b5'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('cleaned_comment_views',
    sa.Column('call_id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('nsm', sa.Text(), nullable=True),
    sa.Column('cleaned', sa.Text(), nullable=True),
    sa.Column('source_at', sa.String(length=40), nullable=True),
    sa.PrimaryKeyConstraint('call_id', 'kind')
    )


def downgrade() -> None:
    op.drop_table('cleaned_comment_views')
