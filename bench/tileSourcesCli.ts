// `npx tsx bench/tileSourcesCli.ts <databaseUrl> [count]`: issue #45 point 4's tile sources side by side
// (tileSources.bench.ts) on a database the scale bench imported, over the z14 tiles its cold tile rows
// ask for. `count`: the lots the county was generated with (SCALE_PARCELS), which place those tiles;
// by default the parcels the database serves. Prints the table, then the details as JSON.
import pg from 'pg';
import { formatTable } from './lib/report.ts';
import { coldTileChoice } from './scaleCounty.ts';
import { benchTileSources } from './tileSources.bench.ts';

const [databaseUrl, countArgument] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: npx tsx bench/tileSourcesCli.ts <databaseUrl> [count]');
const count = countArgument === undefined ? await servedParcels(databaseUrl) : Number(countArgument);
if (!Number.isInteger(count) || count <= 0) throw new Error(`count must be a whole number of parcels, not ${countArgument}`);

const { rows, details } = await benchTileSources(databaseUrl, coldTileChoice(count));
console.log(formatTable(rows));
console.log(JSON.stringify(details, null, 2));

async function servedParcels(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>('SELECT count(*)::float8 AS count FROM parcels');
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}
