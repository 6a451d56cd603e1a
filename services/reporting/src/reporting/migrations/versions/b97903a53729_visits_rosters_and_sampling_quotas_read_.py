"""visits, rosters and sampling quotas read models and the PHI access audit

rm_visit / rm_roster / rm_roster_reset / rm_sampling: the client report's patient, quota and encounter columns,
from rosters.visits.imported, rosters.roster.removed/reset and rosters.sampling.updated. Reporting subscribes to
these events from now on: rosters imported before are not known here (their calls export with empty patient
columns) until rosters re-announces them. phi_access_audit: the downloads of the client report.

Revision ID: b97903a53729
Revises: 5a8e2c4f1d93
Create Date: 2026-11-26 04:50:07.129427

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa

from kit.phi_audit import create_phi_audit, drop_phi_audit


revision: str = 'b97903a53729'
down_revision: Union[str, Sequence[str], None] = '5a8e2c4f1d93'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # the append-only trail of the client report downloads, with its triggers (kit.phi_audit)
    create_phi_audit(op)
    op.create_table('rm_roster',
    sa.Column('id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('project_id', sa.BigInteger(), nullable=True),
    sa.Column('removed', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('rm_roster_reset',
    sa.Column('project_id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('reset_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('project_id')
    )
    op.create_table('rm_sampling',
    sa.Column('project_id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('quotas', sa.JSON(), nullable=True),
    sa.Column('source_at', sa.String(length=40), nullable=True),
    sa.PrimaryKeyConstraint('project_id')
    )
    op.create_table('rm_visit',
    sa.Column('id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('project_id', sa.BigInteger(), nullable=False),
    sa.Column('roster_id', sa.BigInteger(), nullable=True),
    sa.Column('visitor_id', sa.String(length=64), nullable=False),
    sa.Column('first_name', sa.String(length=100), nullable=True),
    sa.Column('last_name', sa.String(length=100), nullable=True),
    sa.Column('phone_cell', sa.String(length=32), nullable=True),
    sa.Column('phone_home', sa.String(length=32), nullable=True),
    sa.Column('dos', sa.Date(), nullable=True),
    sa.Column('dob', sa.Date(), nullable=True),
    sa.Column('age', sa.Integer(), nullable=True),
    sa.Column('gender', sa.String(length=16), nullable=True),
    sa.Column('provider_name', sa.String(length=200), nullable=True),
    sa.Column('provider_type', sa.String(length=100), nullable=True),
    sa.Column('site_name', sa.String(length=200), nullable=True),
    sa.Column('department_name', sa.String(length=200), nullable=True),
    sa.Column('guarantor', sa.String(length=200), nullable=True),
    sa.Column('language_id', sa.Integer(), nullable=True),
    sa.Column('chpw', sa.String(length=64), nullable=True),
    sa.Column('type_id', sa.Integer(), nullable=True),
    sa.Column('payer_type', sa.String(length=100), nullable=True),
    sa.Column('ethnicity', sa.String(length=100), nullable=True),
    sa.Column('race', sa.String(length=100), nullable=True),
    sa.Column('mrn', sa.String(length=64), nullable=True),
    sa.Column('roster_removed', sa.Boolean(), nullable=False),
    sa.Column('imported_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('rm_visit', schema=None) as batch_op:
        batch_op.create_index('ix_rm_visit_project_patient', ['project_id', 'visitor_id'], unique=False)
        batch_op.create_index('ix_rm_visit_roster', ['roster_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('rm_visit', schema=None) as batch_op:
        batch_op.drop_index('ix_rm_visit_roster')
        batch_op.drop_index('ix_rm_visit_project_patient')

    op.drop_table('rm_visit')
    op.drop_table('rm_sampling')
    op.drop_table('rm_roster_reset')
    op.drop_table('rm_roster')
    drop_phi_audit(op)
