// /data: the administrators' Data page (remote_data). Everyone else goes to the map; the remote is
// not even fetched for them. A route module of its own, loaded with route `lazy`, because it reads
// the server API, which the sign-in pages never load.
import { Navigate } from 'react-router-dom';
import { REMOTE_MODULES, Spinner } from '@parcel-map/shared';
import { useIsAdministrator } from '@parcel-map/shared/api';
import { RemoteScreen } from '../remotes/RemoteScreen.tsx';

export const CHECKING_ACCESS_MESSAGE = 'Checking access...';

export function DataRoute() {
  const administrator = useIsAdministrator();
  if (administrator === undefined) return <Spinner title={CHECKING_ACCESS_MESSAGE} />;
  if (!administrator) return <Navigate to="/" replace />;
  return (
    <div className="app-shell">
      <RemoteScreen id={REMOTE_MODULES.dataPage} fallback={<Spinner title="Loading the Data page..." />} />
    </div>
  );
}
