// Answers of the real API (api-server's test app on the demo county, captured once), for the contract
// tests: each schema must take them as they are. The API's own tests check that its answers still do.

export const parcelDetailsAnswer = {
  pin: '4605050123',
  name: 'DAVIS BRIAN H',
  owner: 'DAVIS BRIAN H',
  add1: '122 MARINER WAY',
  add2: null,
  city: 'MOORESVILLE',
  state: 'NC',
  zip: '28115',
  taxacres: 1.045,
  township: 'BARRINGER',
  zoning: 'R-R',
  sale_date: '1993-09-19',
  sales_price: 161000,
  mail_add1: '122 MARINER WAY',
  mail_city: 'MOORESVILLE',
  mail_state: 'NC',
  mail_zip: '28115',
  attributes: [],
  centroid: { lng: -80.86, lat: 35.62 },
  dataset: 'demo',
  empty_fields: [],
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [-80.860507, 35.6198235], [-80.8603295, 35.6197804], [-80.8601079, 35.6197271], [-80.8598856, 35.619674], [-80.8598039, 35.6196547],
        [-80.8597314, 35.6197738], [-80.8596288, 35.619942], [-80.8595399, 35.6200878], [-80.8595261, 35.6201105], [-80.8594928, 35.6201653],
        [-80.859518, 35.6201721], [-80.8597415, 35.6202325], [-80.8599648, 35.6202936], [-80.8601011, 35.6203313], [-80.8601864, 35.620355],
        [-80.860189, 35.6203508], [-80.8601963, 35.6203387], [-80.8603001, 35.6201671], [-80.8604035, 35.6199959], [-80.860506, 35.6198252],
        [-80.860507, 35.6198235],
      ],
    ],
  },
};

export const parcelSearchAnswer = {
  results: [
    { pin: '4605050123', owner: 'DAVIS BRIAN H', add1: '122 MARINER WAY', city: 'MOORESVILLE', zip: '28115', taxacres: 1.25, centroid: { lng: -80.86, lat: 35.62 }, matched: 'pin' },
  ],
  total: 1,
  capped: false,
  places: [{ name: 'MARINER WAY', kind: 'road', city: 'MOORESVILLE', bbox: [-80.87, 35.61, -80.85, 35.63] }],
};

export const savedParcelRecordAnswer = {
  id: 1,
  parcel_pin: '4605050123',
  parcel_owner_name: 'DAVIS BRIAN H',
  parcel_address: '122 MARINER WAY',
  parcel_centroid_lat: 35.62,
  parcel_centroid_lon: -80.86,
  notes: 'Corner lot',
  tags: ['Listing'],
  created_at: '2026-11-26T09:48:58.126Z',
};

export const savedParcelListAnswer = { parcels: [savedParcelRecordAnswer] };

export const datasetsAnswer = {
  dataVersion: 7,
  datasets: [
    {
      name: 'demo',
      version: 1,
      parcels: 2915,
      source: 'Parcel Map demo county (generated, Iredell-like)',
      licence: 'Generated data (CC0-1.0); Lake Norman outline © Mecklenburg County GIS (MIT)',
      asOf: '2025-07-01',
      publishedAt: '2026-11-26T09:48:55Z',
      bbox: [-80.88, 35.6, -80.84, 35.64],
    },
  ],
  initialView: null,
};
