// The tileFlood check's stranger, in a process of its own as an attacker is on a machine of its own:
// its requests' own work (parsing answers, timers) would otherwise delay the other user's timings,
// which the check takes in its process. Keeps FLOOD_IN_FLIGHT tile requests in flight from
// FLOOD_LOCAL_ADDRESS — half its connections for tiles outside the data anywhere, half for random real
// tiles over the test square. Prints a line once flooding, and at SIGTERM its answers' statuses as
// JSON, then exits.
import { Agent, request } from 'node:http';
import { lonLatToTile } from '../../api-server/src/tiles/kit/tileMath.ts';
import { DEMO_CENTRE } from '../../county-data/src/demo/demoCounty.ts';
import { FLOODING } from './tileFloodLine.ts';

/** The test square is 3 km across: about ±3 z16 tiles round the centre's (±1 from z14 down). */
const SQUARE_HALF_TILES_AT_Z16 = 3;

const baseUrl = process.env.FLOOD_BASE_URL!;
const jwt = process.env.FLOOD_JWT!;
const inFlight = Number(process.env.FLOOD_IN_FLIGHT);
const agent = new Agent({ keepAlive: true, maxSockets: inFlight, localAddress: process.env.FLOOD_LOCAL_ADDRESS });

/** A tile outside the data anywhere (z10–18), or a random real one over the test square (z12–18). */
function tilePath(outside: boolean): string {
  if (outside) {
    const z = 10 + Math.floor(Math.random() * 9);
    return `/tiles/${z}/${Math.floor(Math.random() * 2 ** z)}/${Math.floor(Math.random() * 2 ** z)}.pbf`;
  }
  const z = 12 + Math.floor(Math.random() * 7);
  const centre = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, z);
  const half = Math.max(1, Math.round(SQUARE_HALF_TILES_AT_Z16 * 2 ** (z - 16)));
  const offset = () => Math.floor(Math.random() * (2 * half + 1)) - half;
  return `/tiles/${z}/${centre.x + offset()}/${centre.y + offset()}.pbf`;
}

function get(path: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(baseUrl + path, { agent, headers: { Authorization: `Bearer ${jwt}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

const statuses: Record<number, number> = {};
let flooding = true;
process.on('SIGTERM', () => {
  flooding = false;
});
process.stdout.write(`${FLOODING}\n`);
await Promise.all(
  Array.from({ length: inFlight }, async (_, connection) => {
    while (flooding) {
      const status = await get(tilePath(connection % 2 === 0));
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }),
);
agent.destroy();
process.stdout.write(JSON.stringify(statuses));
