from kit.migrations import run_env

from reporting.models import Base

run_env(Base.metadata)
