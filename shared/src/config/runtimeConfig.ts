// The runtime configuration the host fetches as /config.json (DESIGN §3). Remotes embedded elsewhere
// receive the same object through their mount options.
import { z } from 'zod';

export const mapStyleSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  url: z.string().min(1),
});

export const runtimeConfigSchema = z.object({
  /** mf-manifest.json URL of each remote, keyed by its federation name. */
  remotes: z.object({
    remote_auth: z.string().url(),
    remote_map: z.string().url(),
    remote_saved_parcels: z.string().url(),
  }),
  /** Milliseconds a remote may take to load before its place shows the fallback. */
  remoteLoadTimeoutMs: z.number().int().positive().default(8000),
  apiBaseUrl: z.string().url(),
  identity: z.object({
    publicToken: z.string().min(1),
    /** Base URL of a Stytch-compatible service (local-identity). Absent in production: the SDK talks to Stytch. */
    localApiUrl: z.string().url().optional(),
    oauthProvider: z.string().min(1).default('microsoft'),
    /** Street-map page embedded behind the login card; absent offline (a still picture is used). */
    loginBackgroundEmbedUrl: z.string().url().optional(),
  }),
  map: z.object({
    accessToken: z.string(),
    styles: z.array(mapStyleSchema).min(1),
    defaultStyleId: z.string().min(1),
    parcelTilesUrl: z.string().min(1),
    contourTilesUrl: z.string().min(1).optional(),
  }),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
export type MapStyleConfig = z.infer<typeof mapStyleSchema>;
export type RemoteName = keyof RuntimeConfig['remotes'];

export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  return runtimeConfigSchema.parse(input);
}
