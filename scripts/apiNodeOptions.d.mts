export declare function apiNodeOptions(inherited?: string): string;
