"""phi_access_audit: append-only trail of reads of patients' records (kit.phi_audit)

Revision ID: e5a1c0f3b7d2
Revises: 970d2285afed
Create Date: 2026-11-23
"""
from typing import Sequence, Union

from alembic import op

from kit.phi_audit import create_phi_audit, drop_phi_audit

revision: str = 'e5a1c0f3b7d2'
down_revision: Union[str, Sequence[str], None] = '970d2285afed'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    create_phi_audit(op)


def downgrade() -> None:
    drop_phi_audit(op)
