// Shared by <Button> and by router links that should look like buttons.
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'premium';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ' +
  'disabled:cursor-not-allowed disabled:opacity-55 disabled:shadow-none';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 active:bg-indigo-700 disabled:hover:bg-indigo-600 ' +
    'dark:bg-indigo-500 dark:hover:bg-indigo-400 dark:disabled:hover:bg-indigo-500',
  secondary:
    'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50 disabled:hover:bg-white ' +
    'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 dark:disabled:hover:bg-slate-900',
  ghost:
    'text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:hover:bg-transparent ' +
    'dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  premium:
    'bg-gradient-to-r from-indigo-600 to-violet-600 text-white shadow-md shadow-indigo-600/25 ' +
    'hover:from-indigo-500 hover:to-violet-500 disabled:hover:from-indigo-600 disabled:hover:to-violet-600',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-9',
};

export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return [base, variants[variant], sizes[size], className].filter(Boolean).join(' ');
}
