export declare const PROJECTS_WITH_DATABASES: string[];
export declare const VITEST_PROJECTS: string[];
