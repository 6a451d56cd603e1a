// The parts of a figures page (Dashboard, Call Quality): a titled panel whose heading links to the screen with the
// details, a figure tile (label, value, a small note), a row of tiles, and a progress bar with its label.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface PanelProps {
  title: string;
  /** The screen with the details (a route path, relative ones resolve against the page's route). */
  link?: { to: string; label: string };
  children: ReactNode;
}

export function Panel({ title, link, children }: PanelProps) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, minWidth: 0, height: '100%', boxSizing: 'border-box' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>{title}</Typography>
        {link && <Button component={RouterLink} to={link.to} size="small">{link.label}</Button>}
      </Box>
      {children}
    </Paper>
  );
}

export function FigureTile({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 0, px: 2, py: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography variant="body2" component="span" color="text.secondary" sx={{ display: 'block' }}>{label}</Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{value}</Typography>
      {note !== undefined && <Typography variant="caption" component="span" color="text.secondary">{note}</Typography>}
    </Box>
  );
}

/** Tiles side by side, at least `tileWidth` px each; a tile that wraps keeps the width of the others. */
export function FigureRow({ children, tileWidth = 150 }: { children: ReactNode; tileWidth?: number }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${tileWidth}px, 1fr))`, gap: 1.5 }}>{children}</Box>;
}

/** A labelled bar from 0 to 100 %: `value` of `goal` (no goal: the count alone, no bar). */
export function ProgressLine({ label, value, goal }: { label: ReactNode; value: number; goal?: number | null }) {
  const pct = goal ? Math.min(100, Math.round((value / goal) * 100)) : null;
  return (
    <Box sx={{ py: 0.75 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
        <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</Box>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {goal ? `${value} / ${goal}` : `${value}`}
        </Typography>
      </Box>
      {pct !== null && <LinearProgress variant="determinate" value={pct} aria-label={`${pct}% of the goal`} sx={{ height: 6, borderRadius: 3, mt: 0.5 }} />}
    </Box>
  );
}
