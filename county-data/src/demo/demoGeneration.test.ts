import { describe, expect, it } from 'vitest';
import { TEST_EXTENT } from './demoCounty.ts';
import { generateInProcess, generateInWorker } from './demoGeneration.ts';
import type { DemoMessage } from './demoRows.ts';

async function collect(messages: AsyncIterable<DemoMessage>): Promise<DemoMessage[]> {
  const all: DemoMessage[] = [];
  for await (const message of messages) all.push(message);
  return all;
}

describe('demo county generation', () => {
  it('sends the same base map, elevation and parcel batches from the worker thread as in-process', async () => {
    const inWorker = await collect(generateInWorker({ extent: TEST_EXTENT }).messages);
    const inProcess = await collect(generateInProcess({ extent: TEST_EXTENT }).messages);
    expect(inWorker.map((message) => message.kind)).toEqual(['baseMap', 'elevation', 'batch', 'done']);
    expect(inWorker).toEqual(inProcess);
    const batch = inWorker[2] as Extract<DemoMessage, { kind: 'batch' }>;
    const rows = JSON.parse(batch.json) as { pin: string; centroid_lon: number; min_lon: number; max_lon: number }[];
    expect(rows).toHaveLength(batch.count);
    for (const row of rows.slice(0, 50)) {
      expect(row.centroid_lon).toBeGreaterThanOrEqual(row.min_lon);
      expect(row.centroid_lon).toBeLessThanOrEqual(row.max_lon);
    }
  });

  it('can be cancelled before it is done', async () => {
    const generation = generateInWorker({ extent: TEST_EXTENT });
    await generation.cancel();
    await expect(collect(generation.messages)).rejects.toThrow();
  });
});
