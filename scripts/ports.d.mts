export declare const PORTS: {
  host: number;
  remote_auth: number;
  remote_map: number;
  remote_saved_parcels: number;
  api: number;
  identity: number;
};
export declare function originOf(port: number): string;
