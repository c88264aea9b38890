// The API process and the identity it trusts, on this run's API port: what the fuzz and access
// checks attack. Front-end origins are the ones start.mjs configures for the host.
import { originOf, portsForOffset } from '../../scripts/ports.mjs';
import { startApiProcess, type ApiProcess } from './apiProcess.ts';
import { startIdentityUnderTest, type IdentityUnderTest } from './identityUnderTest.ts';

export interface ApiStack {
  api: ApiProcess;
  identity: IdentityUnderTest;
  close(): Promise<void>;
}

export function frontEndOrigins(portOffset: number): string[] {
  const { host } = portsForOffset(portOffset);
  return [originOf(host), `http://localhost:${host}`];
}

/** `env`: more of the API's environment. */
export async function startApiStack(portOffset: number, env: Record<string, string> = {}): Promise<ApiStack> {
  const identity = await startIdentityUnderTest();
  let api: ApiProcess;
  try {
    api = await startApiProcess({ port: portsForOffset(portOffset).api, jwt: identity.jwt, corsOrigins: frontEndOrigins(portOffset), env });
  } catch (error) {
    await identity.close();
    throw error;
  }
  return {
    api,
    identity,
    async close() {
      await api.stop();
      await identity.close();
    },
  };
}
