// A local stand-in for the few Stripe API endpoints the billing code calls. It records every
// request (with the form-encoded parameters decoded) so tests can assert what was sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_STRIPE_KEY = 'sk_test_fake_weekly_planner';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Query string (GET) or form body (POST), keys as Stripe encodes them, e.g. `line_items[0][quantity]`. */
  params: Record<string, string>;
}

interface FakeSubscription {
  id: string;
  customer: string;
  status: 'active' | 'canceled';
  /** Set for the pre-2025 API shape; otherwise only the item carries the period. */
  legacyPeriodEnd?: boolean;
  currentPeriodEnd: number;
}

export interface FakeStripe {
  api: { host: string; port: number; protocol: 'http' };
  requests: RecordedRequest[];
  addCustomer(email: string): string;
  addSubscription(customer: string, currentPeriodEnd: number, options?: { legacyPeriodEnd?: boolean }): string;
  cancelSubscription(id: string): void;
  /** The next request gets this error response instead of its normal answer. */
  failNext(status: number, error: { type: string; message: string }): void;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const customers: Array<{ id: string; email: string }> = [];
  const subscriptions: FakeSubscription[] = [];
  const requests: RecordedRequest[] = [];
  let counter = 0;
  let failure: [number, unknown] | null = null;
  const nextId = (prefix: string) => `${prefix}_fake${++counter}`;

  const subscriptionJson = (s: FakeSubscription) => ({
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    ...(s.legacyPeriodEnd ? { current_period_end: s.currentPeriodEnd } : {}),
    items: {
      object: 'list',
      data: [{ id: `si_${s.id}`, object: 'subscription_item', current_period_end: s.currentPeriodEnd }],
    },
  });
  const list = (url: string, data: unknown[]) => ({ object: 'list', url, has_more: false, data });

  function route(req: RecordedRequest): [number, unknown] {
    const { method, path, params } = req;
    if (method === 'GET' && path === '/v1/customers') {
      const found = customers.filter((c) => !params.email || c.email === params.email);
      return [200, list(path, found.slice(0, Number(params.limit ?? 10)).map((c) => ({ ...c, object: 'customer' })))];
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const found = subscriptions.filter(
        (s) => (!params.customer || s.customer === params.customer) && (!params.status || s.status === params.status),
      );
      return [200, list(path, found.slice(0, Number(params.limit ?? 10)).map(subscriptionJson))];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs_test');
      return [200, { id, object: 'checkout.session', mode: params.mode, url: `https://checkout.stripe.test/c/pay/${id}` }];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = nextId('bps');
      return [200, { id, object: 'billing_portal.session', customer: params.customer, url: `https://billing.stripe.test/p/session/${id}` }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const form = req.method === 'GET' ? url.searchParams : new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, params: Object.fromEntries(form) };
    requests.push(recorded);
    const [status, body] =
      req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`
        ? [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }]
        : (failure ?? route(recorded));
    failure = null;
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': nextId('req') });
    res.end(JSON.stringify(body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    addCustomer(email) {
      const id = nextId('cus');
      customers.push({ id, email });
      return id;
    },
    addSubscription(customer, currentPeriodEnd, options = {}) {
      const id = nextId('sub');
      subscriptions.push({ id, customer, status: 'active', currentPeriodEnd, legacyPeriodEnd: options.legacyPeriodEnd });
      return id;
    },
    cancelSubscription(id) {
      const subscription = subscriptions.find((s) => s.id === id);
      if (subscription) subscription.status = 'canceled';
    },
    failNext(status, error) {
      failure = [status, { error }];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
