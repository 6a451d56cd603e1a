from kit.migrations import run_env

from surveys.models import Base

run_env(Base.metadata)
