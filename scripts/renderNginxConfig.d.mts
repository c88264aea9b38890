export declare const NGINX_TEMPLATE: string;
export declare function renderNginxConfig(env?: NodeJS.ProcessEnv): string;
