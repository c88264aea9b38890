// The baseline of bench/tiles.bench.ts: a bare node:http server answering each tile path with the
// bytes and headers the API sent for it (argv: port, a JSON manifest of RawTile), 404 otherwise.
// Run as a child process.
import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';

export interface RawTile {
  path: string;
  /** The file holding the tile's body. */
  file: string;
  headers: OutgoingHttpHeaders;
}

const [port, manifestFile] = process.argv.slice(2);
const tiles = new Map(
  (JSON.parse(readFileSync(manifestFile!, 'utf8')) as RawTile[]).map((tile) => [tile.path, { body: readFileSync(tile.file), headers: tile.headers }]),
);

createServer((req, res) => {
  const tile = tiles.get(req.url ?? '');
  if (!tile) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, tile.headers);
  res.end(tile.body);
}).listen(Number(port), '127.0.0.1', () => {
  console.log('raw server ready');
});
