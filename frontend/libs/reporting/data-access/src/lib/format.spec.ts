import { averageText, dollarText, percentText, twoPlacesText } from './format';

describe('figure formats (spec §9)', () => {
  it('shows a percentage with 2 decimals from the server’s 4-decimal ratio', () => {
    expect(percentText(0.3333)).toBe('33.33%');
    expect(percentText(0.6667)).toBe('66.67%');
    expect(percentText(0.1235)).toBe('12.35%');
    expect(percentText(1)).toBe('100.00%');
    expect(percentText(0)).toBe('0.00%');
    expect(percentText(null)).toBe('—');
  });
  it('shows an average with 1 decimal', () => {
    expect(averageText(12.3)).toBe('12.3');
    expect(averageText(12)).toBe('12.0');
    expect(averageText(undefined)).toBe('—');
  });
  it('shows US dollars with 2 decimals and thousands separators', () => {
    expect(dollarText(1119.66)).toBe('$1,119.66');
    expect(dollarText(20)).toBe('$20.00');
    expect(dollarText('1234567.5')).toBe('$1,234,567.50');
    expect(dollarText(0)).toBe('$0.00');
    expect(dollarText(null)).toBe('');
    expect(dollarText(undefined, '—')).toBe('—');
  });
  it('shows hours and rates with both decimals, zero too', () => {
    expect(twoPlacesText(0)).toBe('0.00');
    expect(twoPlacesText(0.5)).toBe('0.50');
    expect(twoPlacesText(279.92)).toBe('279.92');
  });
});
