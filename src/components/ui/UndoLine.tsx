import type { ReactNode } from 'react';
import { Button } from './Button';

/** What was just removed, in words, with its Undo beside it: a polite status, so it is read without taking focus. */
export function UndoLine({ children, onUndo }: { children: ReactNode; onUndo: () => void }) {
  return (
    <p role="status" className="mt-2 flex items-center gap-2 text-sm">
      {children}
      <Button variant="ghost" size="sm" onClick={onUndo}>
        Undo
      </Button>
    </p>
  );
}
