"""rm_call expired: calling.call.expired (the call's hold ran out and its patient went to another surveyor): the
call takes no survey any more, and its answers leave the survey data when it had no result

Revision ID: c7d1e3f5a9b2
Revises: b4e6a8c0d2f1
Create Date: 2026-11-27 01:45:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = 'c7d1e3f5a9b2'
down_revision: Union[str, Sequence[str], None] = 'b4e6a8c0d2f1'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('rm_call', schema=None) as batch_op:
        batch_op.add_column(sa.Column('expired', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('rm_call', schema=None) as batch_op:
        batch_op.drop_column('expired')
