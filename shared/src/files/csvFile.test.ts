import { describe, expect, it } from 'vitest';
import { csvField, csvText, datedFileName } from './csvFile.ts';

describe('csvFile', () => {
  it('quotes what needs quoting and guards formulas', () => {
    expect(csvField('A, B')).toBe('"A, B"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-80.5)).toBe('-80.5');
    expect(csvField(null)).toBe('');
  });

  it('writes a UTF-8 CSV with CRLF line ends and a dated name', () => {
    expect(csvText(['a', 'b'], [[1, 'x']])).toBe('\uFEFFa,b\r\n1,x\r\n');
    expect(datedFileName('nearby', 'csv', new Date(2026, 0, 5))).toBe('nearby-2026-01-05.csv');
  });
});
