"""projects: language ids are never given again (SQLite AUTOINCREMENT)

Other contexts keep language ids (project and surveyor languages, translations, sampling by language); SQLite
without AUTOINCREMENT gave a deleted language's id to the next one added. PostgreSQL's sequence never reuses ids.

Revision ID: c4e7a91d2b06
Revises: b912c285baef
Create Date: 2026-11-26 11:45:00.000000

"""
from typing import Sequence, Union

from alembic import op


# revision identifiers, used by Alembic.
revision: str = 'c4e7a91d2b06'
down_revision: Union[str, Sequence[str], None] = 'b912c285baef'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table('languages', recreate='always', table_kwargs={'sqlite_autoincrement': True}):
        pass


def downgrade() -> None:
    """Downgrade schema."""
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table('languages', recreate='always', table_kwargs={'sqlite_autoincrement': False}):
        pass
