"""phi_access_audit: append-only trail of survey exports (kit.phi_audit)

Revision ID: 7c2e9a4d1b60
Revises: 398001e1c26d
Create Date: 2026-11-23
"""
from typing import Sequence, Union

from alembic import op

from kit.phi_audit import create_phi_audit, drop_phi_audit

revision: str = '7c2e9a4d1b60'
down_revision: Union[str, Sequence[str], None] = '398001e1c26d'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    create_phi_audit(op)


def downgrade() -> None:
    drop_phi_audit(op)
