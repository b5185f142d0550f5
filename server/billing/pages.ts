// The small HTML pages of billing test mode: self-contained (inline CSS, no scripts, no external
// assets), light and dark, every interpolated value escaped.
import type { Plan } from '../../supabase/functions/_shared/prices.ts';
import type { SubscriptionState } from '../../supabase/functions/_shared/subscribers.ts';

export const TEST_MODE_MARK = 'TEST MODE';
export const TEST_MODE_BANNER = 'No real payment: nothing is charged';
const APP_NAME = 'Weekly Planner';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f5f9;--card:#fff;--text:#1b1f2a;--muted:#5d6476;--line:#e2e5ec;
--accent:#4f46e5;--on-accent:#fff;--danger:#c62839;--banner:#fff1c7;--on-banner:#6b4500;--ok:#0e7a4b}
@media (prefers-color-scheme:dark){:root{--bg:#0e1016;--card:#181b24;--text:#e9ebf2;--muted:#9ba2b6;--line:#2a2f3c;
--accent:#8b93fa;--on-accent:#0e1016;--danger:#f0707d;--banner:#3b2f0d;--on-banner:#ffd98a;--ok:#4ade80}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
.banner{margin:0;padding:.65rem 1rem;text-align:center;font-weight:600;background:var(--banner);color:var(--on-banner);
border-bottom:1px solid var(--line)}
.mark{margin-right:.5rem;padding:.1rem .45rem;border:2px solid currentColor;border-radius:6px;letter-spacing:.08em}
main{max-width:27rem;margin:3rem auto;padding:0 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:16px;padding:1.75rem;
box-shadow:0 10px 30px rgba(15,20,40,.07)}
.brand{margin:0 0 1rem;color:var(--muted);font-size:.9rem;font-weight:600;letter-spacing:.02em}
h1{margin:0 0 .35rem;font-size:1.4rem;line-height:1.25}
p{margin:.5rem 0}
.price{margin:.75rem 0 0;font-size:1.65rem;font-weight:700}
.muted{color:var(--muted);font-size:.92rem}
.ok{color:var(--ok)}
dl{display:grid;grid-template-columns:auto 1fr;gap:.45rem 1.25rem;margin:1.25rem 0;padding:1rem 0;
border-top:1px solid var(--line);border-bottom:1px solid var(--line)}
dt{color:var(--muted)}
dd{margin:0;font-weight:500;overflow-wrap:anywhere}
form{margin:1.25rem 0 0}
button,.button{display:block;width:100%;padding:.8rem 1rem;border:0;border-radius:10px;background:var(--accent);
color:var(--on-accent);font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button.danger{background:var(--danger)}
button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.links{margin:1.25rem 0 0;text-align:center}
a{color:var(--accent)}
`;

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${TEST_MODE_MARK} · ${escapeHtml(title)} · ${APP_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<p class="banner" role="note"><strong class="mark">${TEST_MODE_MARK}</strong> ${TEST_MODE_BANNER}</p>
<main><div class="card">
<p class="brand">${APP_NAME}</p>
${content}
</div></main>
</body>
</html>`;
}

const returnLink = (appHref: string, label = `Return to ${APP_NAME}`) =>
  `<p class="links"><a href="${escapeHtml(appHref)}">${escapeHtml(label)}</a></p>`;

const details = (rows: Array<[string, string]>) =>
  `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;

/** The pay form posts back to the page's own URL, which carries the session id. */
export function checkoutPage(input: { plan: Plan; email: string; cancelHref: string }): string {
  const { plan, email } = input;
  return page(
    'Checkout',
    `<h1>${escapeHtml(plan.label)}</h1>
<p class="price">${escapeHtml(plan.priceText)}</p>
${details([
  ['Plan', plan.label],
  ['Price', plan.priceText],
  ['Account', email],
])}
<form method="post"><button type="submit">Pay (test mode)</button></form>
<p class="muted">No card is needed and nothing is charged: paying here turns Premium on for this account.</p>
${returnLink(input.cancelHref, 'Cancel and return to Weekly Planner')}`,
  );
}

export function checkoutPaidPage(input: { plan: Plan | null; email: string; subscription: SubscriptionState; appHref: string }): string {
  const { subscription } = input;
  const rows: Array<[string, string]> = [['Account', input.email]];
  if (input.plan) rows.push(['Plan', input.plan.label]);
  if (subscription.subscribed && subscription.subscription_end) rows.push(['Renews on', formatDate(subscription.subscription_end)]);
  return page(
    'Payment successful',
    `<h1 class="ok">Payment successful</h1>
<p>${subscription.subscribed ? 'Premium is now active.' : 'This checkout was completed.'}</p>
${details(rows)}
<a class="button" href="${escapeHtml(input.appHref)}">Return to ${APP_NAME}</a>
<p class="muted">The planner picks up your subscription when you switch back to it.</p>`,
  );
}

export function portalPage(input: { email: string; subscription: SubscriptionState; appHref: string }): string {
  const { subscription } = input;
  if (!subscription.subscribed) {
    return page(
      'Billing',
      `<h1>No active subscription</h1>
${details([['Account', input.email]])}
<p>You can subscribe again from the planner's Go Premium dialog.</p>
${returnLink(input.appHref)}`,
    );
  }
  const rows: Array<[string, string]> = [
    ['Account', input.email],
    ['Plan', `${subscription.subscription_tier ?? 'Premium'}`],
    ['Status', 'Active'],
  ];
  if (subscription.subscription_end) rows.push(['Renews on', formatDate(subscription.subscription_end)]);
  return page(
    'Billing',
    `<h1>Your subscription</h1>
${details(rows)}
<form method="post"><button type="submit" class="danger">Cancel subscription</button></form>
<p class="muted">Cancelling ends Premium right away; cloud sync stops on your devices.</p>
${returnLink(input.appHref)}`,
  );
}

export function portalCancelledPage(input: { email: string; appHref: string }): string {
  return page(
    'Subscription cancelled',
    `<h1>Subscription cancelled</h1>
<p>Premium has ended for ${escapeHtml(input.email)}. Your tasks stay in this browser, and you can subscribe again at any time.</p>
<a class="button" href="${escapeHtml(input.appHref)}">Return to ${APP_NAME}</a>`,
  );
}

export function messagePage(input: { title: string; message: string; appHref: string }): string {
  return page(
    input.title,
    `<h1>${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.message)}</p>
${returnLink(input.appHref)}`,
  );
}
