"""call quality: QA removals on the call facts (filled from the event log), the escalations read model

Revision ID: 66c1936bde99
Revises: b7c4d2e91f30
Create Date: 2026-11-23 23:02:49

"""
import json
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '66c1936bde99'
down_revision: Union[str, Sequence[str], None] = 'b7c4d2e91f30'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('rm_escalation',
    sa.Column('id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('call_id', sa.Integer(), nullable=False),
    sa.Column('project_id', sa.Integer(), nullable=True),
    sa.Column('surveyor_id', sa.Integer(), nullable=True),
    sa.Column('surveyed_on', sa.DateTime(), nullable=True),
    sa.Column('resolved', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('rm_escalation', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rm_escalation_call_id'), ['call_id'], unique=False)

    with op.batch_alter_table('call_fact', schema=None) as batch_op:
        batch_op.add_column(sa.Column('is_qa_removal', sa.Boolean(), server_default=sa.false(), nullable=False))

    # the calls' QA removals so far, from the completed-call events already logged (the last logged state of a
    # call wins, as the handler applies them); escalations were not subscribed to before, so none are known
    conn = op.get_bind()
    removed: dict[int, bool] = {}
    rows = conn.execute(sa.text("SELECT envelope FROM event_log WHERE type = 'calling.call.completed' ORDER BY seq"))
    for (envelope,) in rows:
        data = (json.loads(envelope) if isinstance(envelope, str) else envelope or {}).get("data") or {}
        if isinstance(data.get("callId"), int) and "isQARemoval" in data:
            removed[data["callId"]] = bool(data["isQARemoval"])
    ids = [i for i, v in removed.items() if v]
    for start in range(0, len(ids), 1000):
        conn.execute(sa.text("UPDATE call_fact SET is_qa_removal = :t WHERE call_id IN :ids")
                     .bindparams(sa.bindparam("ids", expanding=True)), {"t": True, "ids": ids[start:start + 1000]})


def downgrade() -> None:
    with op.batch_alter_table('call_fact', schema=None) as batch_op:
        batch_op.drop_column('is_qa_removal')

    with op.batch_alter_table('rm_escalation', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rm_escalation_call_id'))

    op.drop_table('rm_escalation')
