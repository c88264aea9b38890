/** The line the tileFlood check's stranger (tileFloodClient.ts) prints once its requests are under way. */
export const FLOODING = 'flooding';
