// A whole list whose parcels change while it is written (a publish or rollback between its reads)
// ends without its count line, so the file says it is cut short; the database is a stand-in here,
// as no test can time a publish between two of the list's reads.
import { describe, expect, it } from 'vitest';
import { QUERY_CSV_COUNT_LINE } from '@parcel-map/shared/contracts';
import { createSearchGate } from '../search/searchGate.ts';
import { CSV_ROWS_PER_READ } from '../wholeList/wholeListCsv.ts';
import type { QueryRepository } from './queryRepository.ts';
import { createQueryService } from './queryService.ts';

const LISTED = 12_000;

function serviceReading(lost: number) {
  const repository = {
    orderedFids: async () => Array.from({ length: LISTED }, (_, index) => index + 1),
  } as unknown as QueryRepository;
  return createQueryService({
    repository,
    // The parcels from `lost` on are no longer served.
    wholeList: { records: async (fids) => fids.filter((fid) => fid < lost).map((fid) => [[`PIN-${fid}`], null]) },
    catalogue: async () => ({ listed: [], readers: new Map(), attributes: [] }),
    columns: { index: { columnsFor: () => undefined }, db: undefined as never },
    dataVersion: { known: () => 1, current: async () => 1 },
    gate: createSearchGate(1, 20),
  });
}

async function written(lost: number): Promise<{ lines: string[]; error: unknown }> {
  const lines: string[] = [];
  try {
    for await (const text of await serviceReading(lost).csv({ filters: [], dir: 'asc', limit: 20, offset: 0 }, 'user')) lines.push(...text.split('\r\n').filter(Boolean));
  } catch (error) {
    return { lines, error };
  }
  return { lines, error: undefined };
}

describe('a whole list as CSV', () => {
  it('ends with its count line when every parcel was read', async () => {
    const { lines, error } = await written(Infinity);
    expect(error).toBeUndefined();
    expect(lines).toHaveLength(1 + LISTED + 1);
    expect(lines.at(-1)).toMatch(QUERY_CSV_COUNT_LINE);
  });

  it('stops without its count line when parcels of the list are no longer served', async () => {
    const lost = 7_000;
    const { lines, error } = await written(lost);
    expect(error).toBeInstanceOf(Error);
    expect(lines.some((line) => QUERY_CSV_COUNT_LINE.test(line))).toBe(false);
    // The reads before went out whole, none of the rows of the read that lost a parcel.
    expect(lines).toHaveLength(1 + Math.floor((lost - 1) / CSV_ROWS_PER_READ) * CSV_ROWS_PER_READ);
  });
});
