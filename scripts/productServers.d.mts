import type { Ports } from './ports.mjs';

export type ProductServerName = 'local-identity' | 'api-server' | 'remote-auth' | 'remote-map' | 'remote-saved-parcels' | 'host';

export interface ProductServer {
  name: ProductServerName;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** What must have run before the server starts (the API: the demo seed). */
  prepare?: () => Promise<void>;
  readyUrl: string;
  /** Serves a front end's build (its dist/): starts once ensureFrontEndsBuilt has run. */
  servesBuild?: true;
}

export declare const REPO_DIR: string;
export declare const COMPILED_PROGRAMS: { api: string; importCommand: string; datasetsCommand: string; seedCommand: string; identity: string };
export declare function ensureFrontEndsBuilt(): void;
export declare function buildCompiledServers(): void;
export declare function missingBuildOutputs(): string[];
export declare function productServers(options: { dataDir: string; ports?: Ports; compiled?: boolean; publicOrigin?: string }): ProductServer[];
export declare function waitUntilAnswering(url: string, timeoutMs?: number): Promise<void>;
