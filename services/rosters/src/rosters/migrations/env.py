from kit.migrations import run_env

from rosters.models import Base

run_env(Base.metadata)
