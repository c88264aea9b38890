import { browserPackageTestConfig } from '../vitest.browserPackage.ts';

export default browserPackageTestConfig(import.meta.dirname);
