export interface Ports {
  host: number;
  remote_auth: number;
  remote_map: number;
  remote_saved_parcels: number;
  remote_data: number;
  api: number;
  identity: number;
}
export declare function portsForOffset(portOffset: number): Ports;
export declare const PORTS: Ports;
export declare function originOf(port: number): string;
