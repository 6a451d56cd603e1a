// MUI tabs and a stepper for feature libraries (surveys' bank manager tabs and questionnaire wizard).
export { default as Tabs } from '@mui/material/Tabs';
export { default as Tab } from '@mui/material/Tab';
export { default as Stepper } from '@mui/material/Stepper';
export { default as Step } from '@mui/material/Step';
export { default as StepLabel } from '@mui/material/StepLabel';
export { default as ArrowUpwardIcon } from '@mui/icons-material/ArrowUpward';
export { default as ArrowDownwardIcon } from '@mui/icons-material/ArrowDownward';
export { default as PrintIcon } from '@mui/icons-material/Print';
