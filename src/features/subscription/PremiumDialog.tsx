import { format, isValid } from 'date-fns';
import { useId, type ReactNode } from 'react';
import { AppLink } from '../../app/AppLink';
import { CheckIcon } from '../../components/icons';
import { CloudIcon, DevicesIcon, RefreshIcon, ShieldIcon } from '../../components/pageIcons';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';

export type PriceType = 'monthly' | 'annual';

export interface PremiumDialogProps {
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
  subscribed: boolean;
  tier?: string | null;
  /** ISO timestamp of the end of the paid period, if known. */
  subscriptionEnd?: string | null;
  /** The plan whose checkout is starting, if any. */
  loadingPlan: PriceType | null;
  onSubscribe: (priceType: PriceType) => void;
  onManageBilling: () => void;
  billingLoading: boolean;
}

export default function PremiumDialog(props: PremiumDialogProps) {
  const { open, onClose, subscribed } = props;
  return (
    <Dialog open={open} onClose={onClose} title={subscribed ? 'Subscription Active' : 'Go Premium'} width="max-w-2xl">
      {subscribed ? <ActiveSubscription {...props} /> : <Offer {...props} />}
    </Dialog>
  );
}

function Benefits() {
  const benefits: Array<[ReactNode, string]> = [
    [<RefreshIcon key="sync" />, 'Real-time sync across all devices'],
    [<ShieldIcon key="backup" />, 'Secure cloud backup'],
    [<DevicesIcon key="access" />, 'Access from web, mobile and desktop'],
  ];
  return (
    <ul className="grid gap-2 sm:grid-cols-3">
      {benefits.map(([icon, text]) => (
        <li
          key={text}
          className="flex items-center gap-2.5 rounded-lg bg-slate-50 px-3 py-2.5 text-sm dark:bg-slate-800/60"
        >
          <span className="text-indigo-600 dark:text-indigo-300">{icon}</span>
          {text}
        </li>
      ))}
    </ul>
  );
}

function Offer({ signedIn, loadingPlan, onSubscribe }: PremiumDialogProps) {
  const busy = loadingPlan !== null;
  const buttonText = (plan: PriceType, label: string) =>
    !signedIn ? 'Sign in to Subscribe' : loadingPlan === plan ? 'Loading...' : label;

  return (
    <div className="space-y-6">
      <section className="flex items-center gap-4 rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 p-5 text-white">
        <CloudIcon className="size-10 shrink-0" />
        <div>
          <h3 className="text-lg font-semibold">Sync Across Unlimited Devices</h3>
          <p className="text-sm text-indigo-100">Plan on your laptop, check things off on your phone.</p>
        </div>
      </section>

      <Benefits />

      <section>
        <h3 className="mb-3 text-base font-semibold">Choose Your Plan</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <PlanCard
            name="Monthly"
            price="$4.90"
            notes={
              <>
                <li>Billed monthly</li>
                <li>Cancel anytime</li>
              </>
            }
            button={
              <Button
                variant="secondary"
                className="mt-auto w-full"
                disabled={!signedIn || busy}
                aria-busy={loadingPlan === 'monthly' || undefined}
                onClick={() => onSubscribe('monthly')}
              >
                {buttonText('monthly', 'Subscribe Monthly')}
              </Button>
            }
          />
          <PlanCard
            name="Annual"
            badge="BEST VALUE"
            price="$2.90"
            notes={
              <>
                <li>$34.80 billed annually</li>
                <li className="font-medium text-emerald-700 dark:text-emerald-400">Save 41% compared to monthly</li>
              </>
            }
            button={
              <Button
                variant="premium"
                className="mt-auto w-full"
                disabled={!signedIn || busy}
                aria-busy={loadingPlan === 'annual' || undefined}
                onClick={() => onSubscribe('annual')}
              >
                {buttonText('annual', 'Subscribe Annually')}
              </Button>
            }
          />
        </div>
      </section>

      {!signedIn && (
        <p className="text-center text-sm">
          <AppLink
            to="/auth"
            className="font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-300"
          >
            Already have an account? Sign in here
          </AppLink>
        </p>
      )}
    </div>
  );
}

interface PlanCardProps {
  name: string;
  badge?: string;
  price: string;
  notes: ReactNode;
  button: ReactNode;
}

function PlanCard({ name, badge, price, notes, button }: PlanCardProps) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className={`relative flex flex-col rounded-xl p-5 ${badge ? 'border-2 border-indigo-500 shadow-lg shadow-indigo-500/10' : 'border border-slate-200 dark:border-slate-700'}`}
    >
      {badge && (
        <span className="absolute -top-3 right-4 rounded-full bg-indigo-600 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white">
          {badge}
        </span>
      )}
      <h4 id={nameId} className="font-semibold">
        {name}
      </h4>
      <p className="mt-2">
        <span className="text-3xl font-bold tracking-tight">{price}</span>
        <span className="text-slate-500 dark:text-slate-400">/month</span>
      </p>
      <ul className="mt-3 mb-5 space-y-1 text-sm text-slate-600 dark:text-slate-400">
        {notes}
      </ul>
      {button}
    </article>
  );
}

function ActiveSubscription({ tier, subscriptionEnd, onManageBilling, billingLoading }: PremiumDialogProps) {
  const end = subscriptionEnd ? new Date(subscriptionEnd) : null;
  return (
    <div className="space-y-6">
      <section className="flex items-center gap-4 rounded-xl border border-emerald-200 bg-emerald-50 p-5 dark:border-emerald-500/30 dark:bg-emerald-500/10">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-emerald-600 text-white">
          <CheckIcon className="size-5" />
        </span>
        <div>
          <h3 className="text-lg font-semibold">{tier || 'Premium'} Plan Active</h3>
          {end && isValid(end) && (
            <p className="text-sm text-slate-600 dark:text-slate-300">Renews on {format(end, 'MMMM d, yyyy')}</p>
          )}
        </div>
      </section>

      <Benefits />

      <div className="flex justify-end">
        <Button variant="secondary" disabled={billingLoading} onClick={onManageBilling}>
          {billingLoading ? 'Loading...' : 'Manage Billing'}
        </Button>
      </div>
    </div>
  );
}
