// What each remote exposes, as the host and embedders see it. The host knows remotes only by these
// names and types, never by their source.
import type { ComponentType } from 'react';
import type { AppStore } from '../store/makeStore.ts';
import type { RuntimeConfig } from '../config/runtimeConfig.ts';

export const REMOTE_MODULES = {
  identitySession: 'remote_auth/IdentitySession',
  loginScreen: 'remote_auth/LoginScreen',
  authenticateScreen: 'remote_auth/AuthenticateScreen',
  mapScreen: 'remote_map/MapScreen',
  mapMount: 'remote_map/mount',
  savedParcels: 'remote_saved_parcels/SavedParcels',
  dataPage: 'remote_data/DataPage',
} as const;

export interface ScreenModule {
  default: ComponentType;
}

export interface IdentitySessionModule {
  /** Creates the identity client, keeps the store's session in step with it, carries out logoutRequested. */
  startIdentitySession(args: { store: AppStore; config: RuntimeConfig }): () => void;
}

export interface MapMountOptions {
  config: RuntimeConfig;
  /** Session JWT for the parcel API; an embedding portal supplies its own. */
  sessionJwt?: string | null;
}

export interface MapMountModule {
  /** Renders the map screen into `element` with its own React root and store; returns unmount. */
  mount(element: HTMLElement, options: MapMountOptions): () => void;
}
