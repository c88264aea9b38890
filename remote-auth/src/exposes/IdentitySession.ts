export { startIdentitySession } from '../features/identity/startIdentitySession.ts';
