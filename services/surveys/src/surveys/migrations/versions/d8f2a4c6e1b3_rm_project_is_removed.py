"""rm_project is_removed: a project deleted for good, told apart from a deactivated one (which Admin and
Operations still export). Rows already deactivated or deleted cannot say which; they start as deactivated.

Revision ID: d8f2a4c6e1b3
Revises: c7d1e3f5a9b2
Create Date: 2026-11-27 11:45:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = 'd8f2a4c6e1b3'
down_revision: Union[str, Sequence[str], None] = 'c7d1e3f5a9b2'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('rm_project', schema=None) as batch_op:
        batch_op.add_column(sa.Column('is_removed', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('rm_project', schema=None) as batch_op:
        batch_op.drop_column('is_removed')
