// Where each part of the product listens. PARCEL_MAP_PORT_OFFSET (0–99) shifts them all, so two
// copies of the system (a developer's and a test run) can run side by side; offsets 5 or more apart
// never share a port.

/**
 * The ports browsers and fetch() refuse to reach (the Fetch standard's "bad ports") among those the
 * offsets can give: a server there would start, and every request to it would fail.
 */
const BAD_PORTS = new Set([4045, 4190]);

/** The ports of the copy of the system at `portOffset` (test runners that pass the offset explicitly). */
export function portsForOffset(portOffset) {
  const ports = portsAt(portOffset);
  const bad = Object.values(ports).filter((port) => BAD_PORTS.has(port));
  if (bad.length > 0) throw new Error(`PARCEL_MAP_PORT_OFFSET ${portOffset} puts a server on port ${bad.join(', ')}, which browsers refuse to reach: choose another offset`);
  return ports;
}

function portsAt(portOffset) {
  return {
    host: 3000 + portOffset,
    remote_auth: 3001 + portOffset,
    remote_map: 3002 + portOffset,
    remote_saved_parcels: 3003 + portOffset,
    remote_data: 3004 + portOffset,
    api: 4000 + portOffset,
    identity: 4100 + portOffset,
  };
}

const offset = Number(process.env.PARCEL_MAP_PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 99) {
  throw new Error(`PARCEL_MAP_PORT_OFFSET must be an integer from 0 to 99, not '${process.env.PARCEL_MAP_PORT_OFFSET}'`);
}

export const PORTS = portsForOffset(offset);

export const originOf = (port) => `http://127.0.0.1:${port}`;
