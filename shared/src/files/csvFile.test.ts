import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvText, datedFileName } from './csvFile.ts';

describe('csvFile', () => {
  it('quotes what needs quoting and guards formulas', () => {
    expect(csvField('A, B')).toBe('"A, B"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-80.5)).toBe('-80.5');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it.each([
    ['a formula after a semicolon (one cell in a semicolon-locale spreadsheet)', 'X;=2+5', `"X;'=2+5"`],
    ['a formula after a comma', 'a, -1+2', `"a,' -1+2"`],
    ['a leading no-break space', '\u00a0=1+1', "'\u00a0=1+1"],
    ['a leading ideographic space', '\u3000@SUM(A1)', "'\u3000@SUM(A1)"],
    ['a full-width equals sign', '＝1+1', "'＝1+1"],
    ['a full-width plus after a tab', 'x\t＋1', `"x\t'＋1"`],
    ['a formula on the next line', 'a\n=1', `"a\n'=1"`],
    ['a leading tab', '\tx', `"'\tx"`],
  ])('neutralises %s', (_case, text, field) => {
    expect(csvField(text)).toBe(field);
  });

  it('ends each line with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('leaves text whose formula characters cannot start a cell alone', () => {
    expect(csvField('Lot 5 - rear')).toBe('Lot 5 - rear');
    expect(csvField('a@b.example')).toBe('a@b.example');
  });

  it('writes a UTF-8 CSV with CRLF line ends and a dated name', () => {
    expect(csvText(['a', 'b'], [[1, 'x']])).toBe('\uFEFFa,b\r\n1,x\r\n');
    expect(datedFileName('nearby', 'csv', new Date(2026, 0, 5))).toBe('nearby-2026-01-05.csv');
  });
});
