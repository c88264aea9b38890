export { AuthenticateScreen as default } from '../features/authenticate/AuthenticateScreen.tsx';
