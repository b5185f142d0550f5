// The two Premium plans. Amounts are in cents, as Stripe expects them.

export const PRICE_TYPES = ['monthly', 'annual'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

export interface Plan {
  /** Stripe unit_amount in cents per billing interval. */
  unitAmount: number;
  interval: 'month' | 'year';
  /** Shown on the test-mode checkout page. */
  label: string;
  priceText: string;
}

export const PRODUCT_NAME = 'Weekly Planner Premium';
export const TIER = 'Premium';

export const PLANS: Record<PriceType, Plan> = {
  monthly: { unitAmount: 490, interval: 'month', label: 'Premium — Monthly', priceText: '$4.90/month' },
  annual: {
    unitAmount: 3480,
    interval: 'year',
    label: 'Premium — Annual',
    priceText: '$34.80 billed annually ($2.90/month)',
  },
};

export const PRICE_TYPE_ERROR = "priceType must be 'monthly' or 'annual'";

export function isPriceType(value: unknown): value is PriceType {
  return typeof value === 'string' && (PRICE_TYPES as readonly string[]).includes(value);
}
