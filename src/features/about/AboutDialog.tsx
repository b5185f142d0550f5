import type { ReactNode } from 'react';
import { CalendarIcon } from '../../components/icons';
import { CircleCheckIcon, DevicesIcon, MoveIcon, PencilIcon } from '../../components/pageIcons';
import { Dialog } from '../../components/ui/Dialog';

const FEATURES: Array<{ icon: ReactNode; name: string; detail: string }> = [
  {
    icon: <MoveIcon />,
    name: 'Drag and drop tasks between days',
    detail: 'With a mouse, by touch or from the keyboard.',
  },
  { icon: <PencilIcon />, name: 'Inline editing', detail: 'Click a title to change it; Enter saves, Escape reverts.' },
  { icon: <CircleCheckIcon />, name: 'Mark complete', detail: 'Finished tasks fade and are struck through.' },
  { icon: <CalendarIcon />, name: 'Navigate between weeks', detail: 'Step back and forth, or jump to today.' },
  { icon: <DevicesIcon />, name: 'Responsive design', detail: 'Works on phones, tablets and desktops.' },
];

export interface AboutDialogProps {
  open: boolean;
  onClose: () => void;
}

export default function AboutDialog({ open, onClose }: AboutDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="About Weekly Planner"
      description="A simple planner for your week: Monday to Sunday, plus Some Day for everything without a date."
      width="max-w-md"
    >
      <ul className="space-y-3">
        {FEATURES.map(({ icon, name, detail }) => (
          <li key={name} className="flex gap-3">
            <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
              {icon}
            </span>
            <span>
              <span className="block text-sm font-medium">{name}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">{detail}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-6 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
        Your tasks are saved in this browser. Premium adds cloud sync across your devices.
      </p>
    </Dialog>
  );
}
