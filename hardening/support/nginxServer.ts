// Debian's nginx as a check or a benchmark runs it: unprivileged, in the foreground, everything it
// writes in one folder, in front of a rendered deploy/nginx/parcel-map.conf with a self-signed
// certificate for 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';

/** Debian's nginx (package `nginx`). */
export const NGINX = '/usr/sbin/nginx';

/**
 * Each request's line in access.log: the instance that answered (`-` for none), the cache's status,
 * the answer's, and the path. Subrequests (the tile access check) are logged too.
 */
const ACCESS_LOG_FORMAT = '$upstream_addr $upstream_cache_status $status $uri';

export function selfSignedCertificate(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, 'certificate.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', certificate], {
    stdio: 'ignore',
  });
  return { certificate, key };
}

/**
 * nginx's main file as Debian's /etc/nginx/nginx.conf sets the http context (MIME types, default
 * type), but unprivileged: pid, logs and temporary files in `dir`, in the foreground. It includes the
 * rendered deploy/nginx/parcel-map.conf as Debian's includes conf.d/.
 */
export function nginxMainFile(dir: string, siteFile: string): string {
  const file = path.join(dir, 'nginx.conf');
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  writeFileSync(
    file,
    [
      'daemon off;',
      // Started as root, nginx's workers would run as `nobody`, which cannot read a checkout under a
      // private folder (a clone in `mktemp -d`, mode 0700: every page answered 403); as the check's
      // own user they read what it can.
      ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      `  log_format parcel_map_upstreams '${ACCESS_LOG_FORMAT}';`,
      `  access_log ${path.join(dir, 'access.log')} parcel_map_upstreams;`,
      '  log_subrequest on;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
      `  include ${siteFile};`,
      '}',
      '',
    ].join('\n'),
  );
  return file;
}
