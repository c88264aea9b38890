import { parseRuntimeConfig, type RuntimeConfig } from '@parcel-map/shared';

/** config.json is deployed beside the host and never cached, so a redeploy takes effect on reload. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
