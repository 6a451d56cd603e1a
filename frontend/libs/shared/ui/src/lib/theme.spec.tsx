import { getContrastRatio } from '@mui/material/styles';
import { theme } from './theme';

// WCAG 2.1 AA (1.4.3): normal text needs 4.5:1. Filled notices and contained buttons put contrastText on main;
// outlined and text buttons put main on the paper.
describe('theme colours', () => {
  const colours = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

  it.each(colours)('%s: its text on it, and it as text on white, reach 4.5:1', (name) => {
    const c = theme.palette[name];
    expect(getContrastRatio(c.contrastText, c.main)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(c.main, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
  });

  it('secondary text reads on the page background', () => {
    expect(getContrastRatio(theme.palette.text.secondary, theme.palette.background.default)).toBeGreaterThanOrEqual(4.5);
  });
});
