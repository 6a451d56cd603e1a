from kit.migrations import run_env

from projects.models import Base

run_env(Base.metadata)
