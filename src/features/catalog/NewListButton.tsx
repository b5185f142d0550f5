import { Button } from '../../components/ui/Button';

/**
 * '+ New list' after the week's last column, finger-sized. Its own small module on the first load: the week shows it
 * from the first paint (the prerendered first screen has it), and the form it opens comes with the lists' code.
 */
export function NewListButton({ onClick }: { onClick?: () => void }) {
  return (
    <Button variant="ghost" size="lg" onClick={onClick}>
      + New list
    </Button>
  );
}
