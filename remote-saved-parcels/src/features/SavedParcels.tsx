import { SaveParcelModal } from './saveParcel/SaveParcelModal.tsx';
import { SavedParcelsSheet } from './savedList/SavedParcelsSheet.tsx';
import { Notice } from './notifications/Notice.tsx';
import { SaveMarkupModal } from './markups/SaveMarkupModal.tsx';
import './savedParcels.css';

/** The overlay root of this remote: the save dialogs, the saved list sheet and their notices. */
export function SavedParcels() {
  return (
    <>
      <SaveParcelModal />
      <SaveMarkupModal />
      <SavedParcelsSheet />
      <Notice />
    </>
  );
}
