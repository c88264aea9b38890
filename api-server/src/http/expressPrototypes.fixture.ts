// Run by expressPrototypes.test.ts in a node started with --trace-opt: a server with
// expressPrototypedClasses answers a few thousand requests over kept-alive connections, so V8
// optimizes (or tries to optimize) the request and response constructors and node's parser callbacks.
import { Agent, createServer, request } from 'node:http';
import express from 'express';
import { listenOnLoopback } from '../testing/listenOnLoopback.ts';
import { expressPrototypedClasses } from './expressPrototypes.ts';

const REQUESTS = Number(process.argv[2] ?? 4000);
const PARALLEL = 8;

const server = createServer(expressPrototypedClasses(express()), (_req, res) => res.end('ok'));
const { baseUrl, close } = await listenOnLoopback(server);
const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL });
const get = () =>
  new Promise<void>((resolve, reject) => {
    request(baseUrl, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject).end();
  });
for (let sent = 0; sent < REQUESTS; sent += PARALLEL) await Promise.all(Array.from({ length: PARALLEL }, get));
agent.destroy();
await close();
