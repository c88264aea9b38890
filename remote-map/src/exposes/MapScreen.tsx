export { MapScreen as default } from '../features/mapScreen/MapScreen.tsx';
