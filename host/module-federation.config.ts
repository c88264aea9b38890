// The host loads its remotes at runtime from config.json; it declares none at build time.
export const federation = { name: 'host' };
