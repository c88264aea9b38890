// Which build of remote-map is running: REMOTE_MAP_BUILD_LABEL at build time (rspack.config.ts), empty
// when unset. The map screen shows it as data-remote-build, so a redeployed remote can be told apart
// from the one it replaced (hardening/checks/deploy.ts).
declare const __REMOTE_MAP_BUILD_LABEL__: string | undefined;

export const REMOTE_MAP_BUILD_LABEL = typeof __REMOTE_MAP_BUILD_LABEL__ === 'string' ? __REMOTE_MAP_BUILD_LABEL__ : '';
