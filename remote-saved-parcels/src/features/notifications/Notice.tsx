import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@parcel-map/shared';
import { noticeDismissed, selectNotice } from '../savedParcelsUiSlice.ts';

const NOTICE_VISIBLE_MS = 4000;

/** The 'user is notified' of SPEC §4 save flow: a short polite toast. */
export function Notice() {
  const dispatch = useAppDispatch();
  const notice = useAppSelector(selectNotice);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => dispatch(noticeDismissed()), NOTICE_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [notice, dispatch]);
  return (
    <div className="saved-notice" role="status" aria-live="polite">
      {notice}
    </div>
  );
}
