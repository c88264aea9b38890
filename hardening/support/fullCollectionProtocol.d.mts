export declare const FULL_COLLECTION_SIGNAL: NodeJS.Signals;
export declare function collectionReport(count: number, heapUsedMb: number): string;
