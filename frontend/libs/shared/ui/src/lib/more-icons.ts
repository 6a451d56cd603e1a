// Icons for the rosters and sampling screens (status exclamation, drag handle, reorder arrows, undo).
export { default as ErrorIcon } from '@mui/icons-material/Error';
export { default as DragIndicatorIcon } from '@mui/icons-material/DragIndicator';
export { default as ArrowUpwardIcon } from '@mui/icons-material/ArrowUpward';
export { default as ArrowDownwardIcon } from '@mui/icons-material/ArrowDownward';
export { default as UndoIcon } from '@mui/icons-material/Undo';
export { default as ZoomInIcon } from '@mui/icons-material/ZoomIn';
export { default as ZoomOutIcon } from '@mui/icons-material/ZoomOut';
