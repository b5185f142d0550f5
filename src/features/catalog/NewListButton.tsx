import { Button } from '../../components/ui/Button';

export interface NewListButtonProps {
  onClick?: () => void;
  /** While the form's code is on its way after a press. */
  disabled?: boolean;
  /** Back from the name field: focus returns here. */
  autoFocus?: boolean;
}

/**
 * '+ New list' after the week's last column. Its own small module on the first load: the week shows it from the first
 * paint (the prerendered first screen has it), and the form it opens comes with the lists' code.
 */
export function NewListButton({ onClick, disabled, autoFocus }: NewListButtonProps) {
  return (
    <Button variant="ghost" size="sm" className="pointer-coarse:h-11" onClick={onClick} disabled={disabled} autoFocus={autoFocus}>
      + New list
    </Button>
  );
}
