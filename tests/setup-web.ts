import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// The dialogs are lazy: in Jest their first import() in a worker transforms and evaluates a module tree, which on
// a fresh clone (no transform cache) at load 20-30 took more than findBy's default second ('Task details',
// 'Change which tasks?'). A longer wait changes nothing for a passing test, it only fails later.
configure({ asyncUtilTimeout: 5000 });

// react-router 7 needs these and jsdom lacks them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no matchMedia; the theme code asks for the system preference.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has <dialog> (with its open attribute) but not showModal()/show()/close(); the Dialog
// component opens with showModal() and listens for the close event. No top layer or focus trap here.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.show = HTMLDialogElement.prototype.showModal;
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.open = false;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.dispatchEvent(new Event('close'));
  };
}

// A property test's failure prints its seed: FC_SEED=… replays the same runs, and the same failure.
if (process.env.FC_SEED) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('fast-check') as typeof import('fast-check')).configureGlobal({ seed: Number(process.env.FC_SEED) });
}
