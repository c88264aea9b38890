export { DataPage as default } from '../features/DataPage.tsx';
