import type { ReactNode } from 'react';

/** A form field's error under it, read out at once (role="alert"); the field names it in aria-describedby by `id`. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-rose-700 dark:text-rose-300">
      {children}
    </p>
  );
}
