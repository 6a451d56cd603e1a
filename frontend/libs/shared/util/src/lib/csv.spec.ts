import { csvCell, csvText } from './csv';

describe('csv (every CSV the browser builds)', () => {
  it('neutralises a cell a spreadsheet would run as a formula (= + - @ tab CR) with an apostrophe', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvCell))
      .toEqual(["'=1+1", "'+1", "'-2", "'@SUM(A1)", "'\tx", `"'\rx"`]);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes a cell holding a comma, a quote or a line break, a lone CR too (a spreadsheet ends a row there)', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\rtwo')).toBe('"one\rtwo"');
    expect([null, undefined, 0, 12].map(csvCell)).toEqual(['', '', '0', '12']);
  });

  it('writes the BOM, then each row on a CRLF-ended line', () => {
    expect(csvText([['A', 'B'], ['=x', 'y, z']])).toBe('\ufeffA,B\r\n\'=x,"y, z"\r\n');
  });
});
