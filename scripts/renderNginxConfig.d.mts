export declare function renderNginxConfig(env?: NodeJS.ProcessEnv): string;
