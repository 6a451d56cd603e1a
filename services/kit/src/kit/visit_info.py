"""The call-detail fields a project may show (spec: visit info), in the Additional Info checklist's order: one list
for projects (the checklist) and calling (what the call screen and the Call Log Details show), like the languages."""

VISIT_INFO_FIELDS = ("Age", "Cell Phone", "Site", "CHPW", "Department", "DOB", "DOS", "Ethnicity", "Guarantor",
                     "Home Phone", "Language", "MRN", "Patient Name", "Patient Type", "Payer Type", "Provider Name",
                     "Provider Type", "Race", "Sex")

# What a project that never saved a selection shows: every field but the patient's identifiers, so that its
# checklist (ticked as shown) and the call screen agree and an unchanged Update changes nothing.
NOT_SHOWN_BY_DEFAULT = ("DOB", "MRN")
DEFAULT_FIELDS = tuple(name for name in VISIT_INFO_FIELDS if name not in NOT_SHOWN_BY_DEFAULT)
