// Prints the front ends' config.json from the environment (the variables serveApp.mjs reads, and
// PUBLIC_ORIGIN), for a web server that serves it as a file: deploy/nginx/parcel-map.conf.
// Usage: PUBLIC_ORIGIN=https://parcels.example.org node scripts/writeRuntimeConfig.mjs > config.json
import { runtimeConfigFromEnv } from './runtimeConfig.mjs';

console.log(JSON.stringify(runtimeConfigFromEnv(), null, 2));
