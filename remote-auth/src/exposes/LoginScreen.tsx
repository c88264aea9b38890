export { LoginScreen as default } from '../features/login/LoginScreen.tsx';
