// Where each part of the product listens. PARCEL_MAP_PORT_OFFSET (0–99) shifts them all, so two
// copies of the system (a developer's and a test run) can run side by side; offsets 4 or more apart
// never share a port.
const offset = Number(process.env.PARCEL_MAP_PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 99) {
  throw new Error(`PARCEL_MAP_PORT_OFFSET must be an integer from 0 to 99, not '${process.env.PARCEL_MAP_PORT_OFFSET}'`);
}

export const PORTS = {
  host: 3000 + offset,
  remote_auth: 3001 + offset,
  remote_map: 3002 + offset,
  remote_saved_parcels: 3003 + offset,
  api: 4000 + offset,
  identity: 4100 + offset,
};

export const originOf = (port) => `http://127.0.0.1:${port}`;
