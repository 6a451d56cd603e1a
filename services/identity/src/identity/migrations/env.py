from kit.migrations import run_env

from identity.models import Base

run_env(Base.metadata)
