// Fills deploy/nginx/parcel-map.conf's {{…}} values: the few an operator sets, and the front ends'
// Content-Security-Policy, made from the config.json nginx serves (scripts/writeRuntimeConfig.mjs).
// API_UPSTREAM may name several instances, comma-separated (imports go to the first); TILE_CACHE_DIR
// and TILE_CACHE_MAX_SIZE place and bound the shared tile cache.
// Usage: SERVER_NAME=… TLS_CERTIFICATE=… TLS_CERTIFICATE_KEY=… RUNTIME_CONFIG=/etc/parcel-map/config.json \
//          node scripts/renderNginxConfig.mjs > /etc/nginx/conf.d/parcel-map.conf
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspHeaderValue } from './contentSecurityPolicy.mjs';

const NGINX_TEMPLATE = path.resolve(import.meta.dirname, '../deploy/nginx/parcel-map.conf');

const DEFAULTS = {
  HTTP_LISTEN: '80',
  HTTPS_LISTEN: '443',
  API_UPSTREAM: '127.0.0.1:4000',
  STATIC_ROOT: path.resolve(import.meta.dirname, '..'),
  /** The shared tile cache (docs/operations.md): a folder that exists (nginx makes its two subfolders), and the most it holds. */
  TILE_CACHE_DIR: '/var/cache/parcel-map',
  TILE_CACHE_MAX_SIZE: '10g',
};
const REQUIRED = ['SERVER_NAME', 'TLS_CERTIFICATE', 'TLS_CERTIFICATE_KEY', 'RUNTIME_CONFIG'];

/**
 * IMAGERY_SERVICE_ORIGINS: the origins of the imagery services added on the Data page, space-separated
 * (nginx cannot ask the API for them per page as serveApp.mjs does: the operator renders again after
 * adding one). Each must be an http(s) origin alone, no path.
 */
function imageryServiceOrigins(value = '') {
  return value.split(/[\s,]+/).filter(Boolean).map((origin) => {
    let parsed;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) throw new Error(`IMAGERY_SERVICE_ORIGINS holds '${origin}', which is not an origin such as https://tiles.county.example`);
    return parsed.origin;
  });
}

/** The template with every value filled; throws on one missing or on a value nginx would misread. */
export function renderNginxConfig(env = process.env) {
  const values = { ...DEFAULTS };
  for (const name of [...REQUIRED, ...Object.keys(DEFAULTS)]) {
    if (env[name]) values[name] = env[name];
    if (!values[name]) throw new Error(`${name} must be set`);
    if (/[\s;{}"']/.test(values[name]) && name !== 'SERVER_NAME') throw new Error(`${name} may not hold spaces, quotes, braces or ';': '${values[name]}'`);
  }
  // Several API instances (on one database) as a comma-separated list: one `server` line each.
  const instances = values.API_UPSTREAM.split(',').filter(Boolean);
  values.API_UPSTREAM = instances.join(';\n    server ');
  values.IMPORT_UPSTREAM = instances[0];
  values.CONTENT_SECURITY_POLICY = cspHeaderValue(JSON.parse(readFileSync(values.RUNTIME_CONFIG, 'utf8')), imageryServiceOrigins(env.IMAGERY_SERVICE_ORIGINS));
  return readFileSync(NGINX_TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (values[name] === undefined) throw new Error(`deploy/nginx/parcel-map.conf names {{${name}}}, which has no value`);
    return values[name];
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.stdout.write(renderNginxConfig());
