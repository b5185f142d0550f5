import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';

export interface SignOutDialogProps {
  open: boolean;
  /** Changes this browser has not synced yet (more than 0 when the dialog opens). */
  unsent: number;
  /** The person chose to wait: the sign-out happens once `unsent` reaches 0. */
  waiting: boolean;
  onWait: () => void;
  onSignOutNow: () => void;
  onCancel: () => void;
}

/** Asked before a sign-out that would leave changes unsent: wait for them, or sign out and keep them for next time. */
export default function SignOutDialog({ open, unsent, waiting, onWait, onSignOutNow, onCancel }: SignOutDialogProps) {
  const count = unsent === 1 ? '1 change is' : `${unsent} changes are`;
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={`${count} not synced yet`}
      description={
        waiting
          ? 'Sending them now. You will be signed out as soon as they are synced.'
          : 'If you sign out now, they stay on this device and are sent the next time you sign in to this account.'
      }
      width="max-w-md"
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="secondary" onClick={onSignOutNow}>
          Sign out now
        </Button>
        <Button onClick={onWait} disabled={waiting}>
          {waiting ? 'Syncing…' : 'Wait and sign out'}
        </Button>
      </div>
    </Dialog>
  );
}
