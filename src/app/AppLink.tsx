import type { ComponentProps, MouseEvent } from 'react';
import { useAppNavigate } from './navigation';

/** A same-origin link that navigates through the seam: a plain click stays in the app, ⌘/Ctrl/middle click opens a tab. */
export function AppLink({ to, onClick, ...props }: Omit<ComponentProps<'a'>, 'href'> & { to: string }) {
  const navigate = useAppNavigate();
  return (
    <a
      {...props}
      href={to}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
