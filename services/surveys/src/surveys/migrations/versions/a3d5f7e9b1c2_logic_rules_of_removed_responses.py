"""logic rules of removed responses: deleted, as removing a response now does

Until 2026-11-26 removing one response from a questionnaire question left the logic rules that response triggers;
they could never fire and the Logic step listed them as answered "undefined". Removing a response now drops them
(`surveys.logic.service.drop_answer`); this does the same for rules left behind before.

Revision ID: a3d5f7e9b1c2
Revises: 5eb9bea78b60
Create Date: 2026-11-26 12:00:00

"""
from typing import Sequence, Union

from alembic import op

revision: str = 'a3d5f7e9b1c2'
down_revision: Union[str, Sequence[str], None] = '5eb9bea78b60'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.execute("""
        UPDATE logic_rule SET is_deleted = true
        WHERE is_deleted = false AND via_roster = false AND question_id IS NOT NULL AND answer_id IS NOT NULL
          AND NOT EXISTS (
            SELECT 1 FROM questionnaire_item i JOIN questionnaire_answer a ON a.item_id = i.id
            WHERE i.project_id = logic_rule.project_id AND i.question_id = logic_rule.question_id
              AND a.answer_id = logic_rule.answer_id)
    """)


def downgrade() -> None:
    """Nothing to restore: the rules could not fire."""
