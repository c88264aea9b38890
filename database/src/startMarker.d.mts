export declare const START_MARKER_FILE_NAME: string;
export declare function readStartMarkerPid(dataDir: string): number | undefined;
export declare function writeStartMarker(dataDir: string): () => void;
