// A clean install on the supported Node.js says nothing alarming. npm warns
// (EBADENGINE) when an installed package's `engines.node` refuses the running Node.js; this check
// holds every package the lockfile installs on this platform to the oldest Node.js the root
// package.json accepts, so a dependency that drops it fails the tests, not an operator's install.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/** The lockfile's packages whose `engines.node` refuses `nodeVersion`, as 'name@version wants range'. */
export function packagesRefusing(lockfile, nodeVersion, isInstalled) {
  return Object.entries(lockfile.packages)
    .filter(([location, entry]) => location !== '' && typeof entry.engines?.node === 'string')
    // An optional package npm skips on this platform or Node.js is never installed and never warned about.
    .filter(([location, entry]) => !entry.optional || isInstalled(location))
    .filter(([, entry]) => !semver.satisfies(nodeVersion, entry.engines.node))
    .map(([location, entry]) => `${location.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${entry.engines.node}`);
}

/** The oldest Node.js version the root package.json's `engines.node` accepts. */
export function oldestSupportedNode(rootPackage) {
  return semver.minVersion(rootPackage.engines.node).version;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const repo = path.resolve(import.meta.dirname, '..');
  const readJson = (file) => JSON.parse(readFileSync(path.join(repo, file), 'utf8'));
  const oldest = oldestSupportedNode(readJson('package.json'));
  const refusing = packagesRefusing(readJson('package-lock.json'), oldest, (location) => existsSync(path.join(repo, location, 'package.json')));
  if (refusing.length > 0) {
    console.error(`Packages that refuse Node.js ${oldest} (package.json engines):\n  ${refusing.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`Every installed package accepts Node.js ${oldest}.`);
}
