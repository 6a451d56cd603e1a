from kit.migrations import run_env

from calling.models import Base

run_env(Base.metadata)
