export const federation = {
  name: 'remote_auth',
  exposes: {
    './IdentitySession': './src/exposes/IdentitySession.ts',
    './LoginScreen': './src/exposes/LoginScreen.tsx',
    './AuthenticateScreen': './src/exposes/AuthenticateScreen.tsx',
  },
};
