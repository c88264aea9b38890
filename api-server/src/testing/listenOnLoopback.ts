// Test servers (the app, identity and JWKS doubles) on an ephemeral loopback port.
import { createServer, Server, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ListeningServer {
  server: Server;
  baseUrl: string;
  /** Cuts open connections and resolves once the server has closed. */
  close(): Promise<void>;
}

/** Listens on an ephemeral loopback port: a server as is, or an app (an Express app is a listener). */
export async function listenOnLoopback(target: Server | RequestListener): Promise<ListeningServer> {
  const server = target instanceof Server ? target : createServer(target);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
