// The icon of each navigation entry (libs/shared/util roles.ts names it next to the entry); the collapsed
// navigation shows the icon with the entry's name as a tooltip.
import type { ComponentType } from 'react';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import BarChartIcon from '@mui/icons-material/BarChart';
import BusinessIcon from '@mui/icons-material/Business';
import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import ContactsIcon from '@mui/icons-material/Contacts';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import GroupsIcon from '@mui/icons-material/Groups';
import HeadsetMicIcon from '@mui/icons-material/HeadsetMic';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import ListAltIcon from '@mui/icons-material/ListAlt';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PaymentsIcon from '@mui/icons-material/Payments';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import QuizIcon from '@mui/icons-material/Quiz';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import SummarizeIcon from '@mui/icons-material/Summarize';
import PolicyIcon from '@mui/icons-material/Policy';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import TranslateIcon from '@mui/icons-material/Translate';
import WorkIcon from '@mui/icons-material/Work';
import type { NavIcon } from '@frontend/shared-util';

export const NAV_ICONS: Record<NavIcon, ComponentType<{ fontSize?: 'small' | 'medium' | 'large' }>> = {
  accounts: ManageAccountsIcon,
  clients: BusinessIcon,
  projectList: ListAltIcon,
  languages: TranslateIcon,
  externalLogins: GppMaybeIcon,
  phiAudit: PolicyIcon,
  commentCleaning: CleaningServicesIcon,
  directory: ContactsIcon,
  projects: WorkIcon,
  callStats: BarChartIcon,
  earnings: PaymentsIcon,
  callLog: PhoneInTalkIcon,
  surveyors: GroupsIcon,
  mySurveyors: SupervisorAccountIcon,
  assignments: AssignmentIndIcon,
  callQuality: HeadsetMicIcon,
  clientExports: SummarizeIcon,
  escalations: ReportProblemIcon,
  questionBank: LibraryBooksIcon,
  questionnaires: QuizIcon,
};

/** The icon of a navigation entry. */
export function NavEntryIcon({ icon }: { icon: NavIcon }) {
  const Icon = NAV_ICONS[icon];
  return <Icon fontSize="small" />;
}
