import { packageTestConfig } from '../vitest.packages.ts';

export default packageTestConfig(import.meta.dirname, 'browser');
