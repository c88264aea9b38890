import { REMOTE_MODULES } from '@parcel-map/shared';
import { RemoteScreen } from '../remotes/RemoteScreen.tsx';

/** SPEC §2 main app shell: the map screen and the saved-parcels overlay root, each its own remote. */
export function AppShell() {
  return (
    <main className="app-shell">
      <RemoteScreen id={REMOTE_MODULES.mapScreen} />
      <RemoteScreen id={REMOTE_MODULES.savedParcels} />
    </main>
  );
}
