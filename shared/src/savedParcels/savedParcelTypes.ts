// Saved parcels as the server stores them and as the screens show them (SPEC §3, §7).

export const NOTES_MAX_LENGTH = 256;

export interface SavedParcelRecord {
  id: number;
  parcel_pin: string;
  parcel_owner_name: string;
  parcel_address: string;
  parcel_centroid_lat: number;
  parcel_centroid_lon: number;
  notes: string | null;
  created_at: string;
}

export interface SavedParcelList {
  parcels: SavedParcelRecord[];
}

export interface SaveParcelBody {
  parcel_pin: string;
  parcel_owner_name: string;
  parcel_address: string;
  parcel_centroid_lat: number;
  parcel_centroid_lon: number;
  notes: string | null;
}

export interface UpdateSavedParcelBody {
  notes: string | null;
}
