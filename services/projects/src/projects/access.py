"""Who may call what in the projects context: the role sets every router and service uses (one place)."""

from kit.auth import SURVEYOR_ROLES, Role

SURVEYOR_ROLE_IDS = tuple(int(r) for r in SURVEYOR_ROLES)
# Roles that see every project (Project Managers only their own, surveyors only assigned ones).
SEE_ALL = (Role.ADMIN, Role.OPERATIONS, Role.QUALITY, Role.COMMENT_CLEANER, Role.CIMR_MANAGER)
PROJECT_READERS = (*SEE_ALL, Role.PROJECT_MANAGER, *SURVEYOR_ROLES)
PROJECT_EDITORS = (Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER)
PROJECT_CREATORS = (Role.ADMIN, Role.OPERATIONS)
# Rates, fees, modifiers and line items: for those who set projects up; not surveyors, CIMR roles ("CIMR roles do
# not see earnings"), Quality or Comment Cleaners, whose screens show none of it.
MONEY_READERS = PROJECT_EDITORS
CLIENT_READERS = (Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER)
# Spec platform §1/§6: Admins manage clients (Client Management is an Admin screen; Operations' routes and navigation
# have none). Operations and Project Managers read clients (a project's client and its contacts).
CLIENT_EDITORS = (Role.ADMIN,)
ASSIGNERS = (Role.ADMIN, Role.OPERATIONS, Role.CIMR_MANAGER, Role.PROJECT_MANAGER)
# Quality reads guidelines but cannot upload them.
GUIDELINE_UPLOADERS = (Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER)
# Users a project may name as its manager.
MANAGER_USER_ROLES = (int(Role.PROJECT_MANAGER), int(Role.OPERATIONS))
# Who a CIMR Manager may assign; everyone else assigns any surveyor role.
CIMR_ASSIGNABLE = (int(Role.CIMR_SURVEYOR),)
