// Small helpers shared by the billing suites.

/** The `{error}` body of a failed functions.invoke, read the way the app reads it. */
export async function invokeError(result: { error: unknown }): Promise<{ status: number; error: string | undefined }> {
  // Duck-typed: supabase-js may build the Response from another realm's fetch.
  const context = (result.error as { context?: Response } | null)?.context;
  if (typeof context?.json !== 'function') throw new Error(`expected an HTTP error, got ${String(result.error)}`);
  return { status: context.status, error: ((await context.json()) as { error?: string }).error };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds from now until an ISO timestamp, in days. */
export const daysAhead = (iso: string) => (new Date(iso).getTime() - Date.now()) / DAY_MS;

/** A form post as a browser sends it from the page itself; redirects are left for the test to see. */
export const postForm = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin', ...headers },
    body: '',
  });
