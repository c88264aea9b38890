import { REMOTE_MODULES } from '@parcel-map/shared';
import { RemoteScreen } from '../remotes/RemoteScreen.tsx';

/** SPEC §2 main app shell: the map screen and the saved-parcels overlay root, each its own remote. */
export function AppShell() {
  return (
    <main className="app-shell">
      <div className="app-shell__map">
        <RemoteScreen id={REMOTE_MODULES.mapScreen} />
      </div>
      <div className="app-shell__overlays">
        <RemoteScreen id={REMOTE_MODULES.savedParcels} />
      </div>
    </main>
  );
}
