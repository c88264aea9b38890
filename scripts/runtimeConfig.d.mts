/** The front ends' config.json (shared/src/config/runtimeConfig.ts validates it where it is read). */
export declare function runtimeConfigFromEnv(env?: NodeJS.ProcessEnv): unknown;
