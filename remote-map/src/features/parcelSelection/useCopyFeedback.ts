// The copy-link button's state (SPEC §4): idle, then copied or failed, then idle again after 2 s.
import { useCallback, useEffect, useRef, useState } from 'react';

const COPY_FEEDBACK_MS = 2000;

export type CopyState = 'idle' | 'copied' | 'failed';

export function useCopyFeedback(): { state: CopyState; copy(text: string): Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const copy = useCallback(async (text: string) => {
    let next: CopyState;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
      next = 'copied';
    } catch (error) {
      console.error('Copying the parcel link failed:', error);
      next = 'failed';
    }
    setState(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
  }, []);

  return { state, copy };
}
