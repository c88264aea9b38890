export { SavedParcels as default } from '../features/SavedParcels.tsx';
