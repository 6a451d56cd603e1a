"""phi_access_audit: append-only trail of called-roster exports (kit.phi_audit)

Revision ID: f3b8d2a6c1e4
Revises: e5a7c3d91b20
Create Date: 2026-11-26 09:00:00
"""
from typing import Sequence, Union

from alembic import op

from kit.phi_audit import create_phi_audit, drop_phi_audit

revision: str = 'f3b8d2a6c1e4'
down_revision: Union[str, Sequence[str], None] = 'e5a7c3d91b20'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    create_phi_audit(op)


def downgrade() -> None:
    drop_phi_audit(op)
