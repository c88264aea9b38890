// Real parcels of the running API's database, read through the details route by tile feature id
// (seeding numbers parcels from 1), as the body the map sends to save one.
const CONCURRENCY = 16;
/** Ids seeding skipped or that a dataset replaced: tolerated up to this many before giving up. */
const MISSES_ALLOWED = 200;

export interface SaveBody {
  parcel_pin: string;
  parcel_owner_name: string;
  parcel_address: string;
  parcel_centroid_lat: number;
  parcel_centroid_lon: number;
}

interface ParcelDetailFields {
  pin: string;
  owner: string | null;
  add1: string | null;
  centroid: { lng: number; lat: number };
}

export async function sampleParcels(baseUrl: string, jwt: string, count: number): Promise<SaveBody[]> {
  const parcels: SaveBody[] = [];
  let nextId = 1;
  let misses = 0;
  const worker = async () => {
    while (parcels.length < count && misses < MISSES_ALLOWED) {
      const id = nextId++;
      const response = await fetch(`${baseUrl}/api/parcels/feature/${id}`, { headers: { Authorization: `Bearer ${jwt}` } });
      if (response.status === 404) {
        misses++;
        await response.body?.cancel();
        continue;
      }
      if (!response.ok) throw new Error(`GET /api/parcels/feature/${id} answered ${response.status}`);
      const detail = (await response.json()) as ParcelDetailFields;
      parcels.push({
        parcel_pin: detail.pin,
        parcel_owner_name: detail.owner ?? '',
        parcel_address: detail.add1 ?? '',
        parcel_centroid_lat: detail.centroid.lat,
        parcel_centroid_lon: detail.centroid.lng,
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (parcels.length < count) throw new Error(`found ${parcels.length} parcels by feature id, wanted ${count}`);
  return parcels.slice(0, count);
}
