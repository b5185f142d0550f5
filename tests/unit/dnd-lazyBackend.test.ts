import type { Backend, Identifier, XYCoord } from 'dnd-core';
import { LazyBackend, type PointerSource } from '../../src/features/dnd/backend/plannerBackend';

/** A backend that writes down what it is asked, standing for the input backends the lazy one loads. */
class RecordingBackend implements Backend, PointerSource {
  log: string[] = [];
  setup = () => void this.log.push('setup');
  teardown = () => void this.log.push('teardown');
  connectDragSource = (id: Identifier) => this.connection(`source ${String(id)}`);
  connectDragPreview = (id: Identifier) => this.connection(`preview ${String(id)}`);
  connectDropTarget = (id: Identifier) => this.connection(`target ${String(id)}`);
  profile = () => ({ recorded: this.log.length });
  currentPoint = (): XYCoord => ({ x: 1, y: 2 });
  private connection(name: string) {
    this.log.push(`+${name}`);
    return () => void this.log.push(`-${name}`);
  }
}

function deferred() {
  const real = new RecordingBackend();
  let resolve!: () => void;
  const loaded = new Promise<void>((r) => (resolve = r));
  const lazy = new LazyBackend(() => loaded.then(() => real));
  return { real, lazy, load: async () => (resolve(), await loaded, await Promise.resolve()) };
}

it('hands setup and the connections made before loading to the loaded backend, minus those already gone', async () => {
  const { real, lazy, load } = deferred();
  lazy.setup();
  lazy.connectDragSource('S1', {});
  const dropTarget = lazy.connectDropTarget('T1', {});
  const gone = lazy.connectDragSource('S2', {});
  gone();
  expect(lazy.currentPoint()).toBeNull();
  await load();
  expect(real.log).toEqual(['setup', '+source S1', '+target T1']);
  dropTarget();
  expect(real.log.at(-1)).toBe('-target T1');
  expect(lazy.currentPoint()).toEqual({ x: 1, y: 2 });
});

it('delegates directly once loaded, and does not set up a backend torn down before it loaded', async () => {
  const { real, lazy, load } = deferred();
  lazy.setup();
  lazy.teardown();
  await load();
  expect(real.log).toEqual([]);
  const disconnect = lazy.connectDragPreview('P', {});
  disconnect();
  lazy.setup();
  expect(real.log).toEqual(['+preview P', '-preview P', 'setup']);
});
