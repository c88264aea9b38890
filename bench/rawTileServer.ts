// The baseline of bench/tiles.bench.ts: a bare node:http server answering every request with one
// tile's bytes and headers (argv: port, body file, headers JSON file). Run as a child process.
import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';

const [port, bodyFile, headersFile] = process.argv.slice(2);
const body = readFileSync(bodyFile!);
const headers = JSON.parse(readFileSync(headersFile!, 'utf8')) as OutgoingHttpHeaders;

createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => {
  console.log('raw server ready');
});
