// The embed script for pages without the host (e.g. a portal): one plain <script> tag, then
// `window.ParcelMap.mount(element, { config, sessionJwt })`, which returns unmount. The page needs no
// Module Federation runtime, no React and no store: this entry brings its own (its React is remote-map's
// shared copy, negotiated in a share scope of its own, so the import below is the async boundary).
import type { MapMountModule } from '@parcel-map/shared';

declare global {
  interface Window {
    ParcelMap?: MapMountModule;
  }
}

/** Mounts at once and renders when the screen's code has loaded; unmount works before that too. */
export const mount: MapMountModule['mount'] = (element, options) => {
  let unmount: (() => void) | null = null;
  let unmounted = false;
  void import('./exposes/mount.tsx').then((module) => {
    if (!unmounted) unmount = module.mount(element, options);
  });
  return () => {
    unmounted = true;
    unmount?.();
  };
};

window.ParcelMap = { mount };
