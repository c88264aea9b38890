import { parseRuntimeConfig, type RuntimeConfig } from '@parcel-map/shared';

/** The runtime config from the answer to the request index.ts started. */
export async function readRuntimeConfig(response: Promise<Response>): Promise<RuntimeConfig> {
  const answer = await response;
  if (!answer.ok) throw new Error(`config.json: HTTP ${answer.status}`);
  return parseRuntimeConfig(await answer.json());
}
