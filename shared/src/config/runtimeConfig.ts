// The runtime configuration the host fetches as /config.json (DESIGN §3). Remotes embedded elsewhere
// receive the same object through their mount options.
// zod/mini, not zod: this is parsed before the login screen shows, and classic zod's schema classes
// (with JSON-schema output and English messages) cannot be tree-shaken: ~15 KB gzip more on that path.
import * as z from 'zod/mini';

const nonEmpty = () => z.string().check(z.minLength(1));

/** SPEC §2: where the map opens unless the configuration says otherwise. */
export const DEFAULT_INITIAL_VIEW = { lng: -80.86, lat: 35.62, zoom: 13 } as const;

export const initialViewSchema = z.object({
  lng: z.number().check(z.minimum(-180), z.maximum(180)),
  lat: z.number().check(z.minimum(-85), z.maximum(85)),
  zoom: z.number().check(z.minimum(0), z.maximum(22)),
});

export const mapStyleSchema = z.object({
  id: nonEmpty(),
  name: nonEmpty(),
  url: nonEmpty(),
});

export const runtimeConfigSchema = z.object({
  /** mf-manifest.json URL of each remote, keyed by its federation name. */
  remotes: z.object({
    remote_auth: z.url(),
    remote_map: z.url(),
    remote_saved_parcels: z.url(),
    /** The administrators' Data page; the host loads it only for them. */
    remote_data: z.url(),
  }),
  /** Milliseconds a remote may take to load before its place shows the fallback. */
  remoteLoadTimeoutMs: z._default(z.int().check(z.positive()), 8000),
  apiBaseUrl: z.url(),
  identity: z.object({
    publicToken: nonEmpty(),
    /** Base URL of a Stytch-compatible service (local-identity). Absent in production: the SDK talks to Stytch. */
    localApiUrl: z.optional(z.url()),
    oauthProvider: z._default(nonEmpty(), 'microsoft'),
    /** Street-map page embedded behind the login card; absent offline (a still picture is used). */
    loginBackgroundEmbedUrl: z.optional(z.url()),
  }),
  map: z.object({
    accessToken: z.string(),
    styles: z.array(mapStyleSchema).check(z.minLength(1)),
    defaultStyleId: nonEmpty(),
    parcelTilesUrl: nonEmpty(),
    contourTilesUrl: z.optional(nonEmpty()),
    /** Where the map opens (a deep link's view, or an initial view set on the Data page, comes first). */
    initialView: z._default(initialViewSchema, { ...DEFAULT_INITIAL_VIEW }),
  }),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
export type MapStyleConfig = z.infer<typeof mapStyleSchema>;
export type RemoteName = keyof RuntimeConfig['remotes'];

export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  return runtimeConfigSchema.parse(input);
}
