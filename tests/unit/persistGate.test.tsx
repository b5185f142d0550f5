import { act, render, screen } from '@testing-library/react';
import type { Persistor, PersistorState } from 'redux-persist';
import { PersistGate } from '../../src/app/PersistGate';

/** The part of a persistor the gate reads: its state and the subscription to it. */
function persistor() {
  let state: PersistorState = { registry: [], bootstrapped: false };
  const listeners = new Set<() => void>();
  const fake = {
    getState: () => state,
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
  } as unknown as Persistor;
  const bootstrap = () => act(() => ((state = { ...state, bootstrapped: true }), listeners.forEach((listener) => listener())));
  return { fake, bootstrap };
}

it('renders nothing until the stored state has been read back, then its children', () => {
  const { fake, bootstrap } = persistor();
  render(
    <PersistGate persistor={fake}>
      <p>planner</p>
    </PersistGate>,
  );
  expect(screen.queryByText('planner')).toBeNull();
  bootstrap();
  expect(screen.getByText('planner')).toBeInTheDocument();
});
