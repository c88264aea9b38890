// Where each part of the product listens. PARCEL_MAP_PORT_OFFSET shifts them all, so two copies
// of the system (a developer's and a test run) can run side by side.
const offset = Number(process.env.PARCEL_MAP_PORT_OFFSET ?? 0);

export const PORTS = {
  host: 3000 + offset,
  remote_auth: 3001 + offset,
  remote_map: 3002 + offset,
  remote_saved_parcels: 3003 + offset,
  api: 4000 + offset,
  identity: 4100 + offset,
};

export const originOf = (port) => `http://127.0.0.1:${port}`;
