import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAppSelector } from '../../app/hooks';
import { AnnounceContext } from './announceContext';
import { INSTRUCTIONS, INSTRUCTIONS_ID, movedTo } from './announcements';
import { selectDraggedSlotKey } from './dragPosition';

/** The live region for drag messages, the handles' instructions, and "Moved to …" as the dragged task changes place. */
export function DragAnnouncer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const announce = useCallback((text: string) => setMessage(text), []);
  const slotKey = useAppSelector(selectDraggedSlotKey);
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = slotKey;
    if (!before || !slotKey || before === slotKey) return;
    const [date = '', index = '0'] = slotKey.split('#');
    announce(movedTo(date, Number(index)));
  }, [slotKey, announce]);

  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div role="status" aria-live="assertive" aria-atomic="true" className="sr-only">
        {message}
      </div>
      <p id={INSTRUCTIONS_ID} hidden>
        {INSTRUCTIONS}
      </p>
    </AnnounceContext.Provider>
  );
}
