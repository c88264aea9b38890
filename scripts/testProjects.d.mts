export declare const PROJECTS_WITH_DATABASES: string[];
export declare const VITEST_PROJECTS: string[];
export declare const BROWSER_PACKAGES: string[];
export declare function testFilesMatching(packageDir: string, pattern: RegExp): string[];
