import { SaveParcelModal } from './saveParcel/SaveParcelModal.tsx';
import { SavedParcelsSheet } from './savedList/SavedParcelsSheet.tsx';
import { Notice } from './notifications/Notice.tsx';
import './savedParcels.css';

/** The overlay root of this remote: the save modal, the saved list sheet and their notices. */
export function SavedParcels() {
  return (
    <>
      <SaveParcelModal />
      <SavedParcelsSheet />
      <Notice />
    </>
  );
}
