import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

// The axe check of a11y.spec.ts, shared with the specs that check a screen of their own (lists, checklists).

/** WCAG 2.5.3 Label in Name, as axe-core names its (experimental) rule. */
export const LABEL_IN_NAME = 'label-content-name-mismatch';

/** axe-core's engine, put into a page once per document (axeViolations). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every rule axe runs by default (WCAG 2.0-2.2 A and AA, best practices), and label-content-name-mismatch, WCAG 2.5.3
 * Label in Name (a control's name holds the text it shows: speech-input users say what they see), one of axe's
 * experimental rules, which run only when named. Only violations are collected in full (passes and incomplete keep
 * one node each, ~15% less time).
 */
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'], rules: { [LABEL_IN_NAME]: { enabled: true } } };

/** The violations on the page, or only within the elements `include` selects (a dialog, the cards). */
export async function axeViolations(page: Page, include?: string) {
  // Colours are checked as they end, not halfway through a fade-in.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  // axe.run() in the page itself, as @axe-core/playwright's legacy mode does, with the engine put in once per
  // document, not once per check: its 0.5 MB took 0.35-1 s to inject, more than the run on the planner (0.15-0.6 s),
  // and a page here is checked in up to seven states. The same rules over the same nodes (the app has no frames).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    ([options, selector]) =>
      (window as unknown as { axe: { run(context: Document | { include: string[] }, options: RunOptions): Promise<AxeResults> } }).axe.run(
        selector ? { include: [selector] } : document,
        options,
      ),
    [AXE_OPTIONS, include] as const,
  ).then((results) => results.violations);
  return violations.map(({ id, help, nodes }) => ({
    id,
    help,
    nodes: nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ')}`),
  }));
}
