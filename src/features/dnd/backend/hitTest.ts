import type { Identifier, XYCoord } from 'dnd-core';

/** Drop target nodes a backend knows, each with its handler id. */
export type TargetNodes = Map<Element, Identifier>;

/**
 * Ids of the drop targets under a point, outermost first: the order dnd-core's
 * `hover` expects (the last one is the "shallow" target), as the touch backend does.
 */
export function targetIdsAt(doc: Document, point: XYCoord, targets: TargetNodes): Identifier[] {
  const found: Identifier[] = [];
  const seen = new Set<Element>();
  for (const topmost of doc.elementsFromPoint(point.x, point.y)) {
    for (let node: Element | null = topmost; node && !seen.has(node); node = node.parentElement) {
      seen.add(node);
      const id = targets.get(node);
      if (id !== undefined) found.push(id);
    }
  }
  return found.reverse();
}

/** Registers a node under an id and returns how to forget it (only if it was not re-registered since). */
export function remember(nodes: Map<Element, Identifier>, id: Identifier, node: Element): () => void {
  nodes.set(node, id);
  return () => {
    if (nodes.get(node) === id) nodes.delete(node);
  };
}

/** The nearest node (the start included) registered in `nodes`. */
export function closestRegistered(start: EventTarget | null, nodes: Map<Element, Identifier>): Element | null {
  for (let node = start instanceof Element ? start : null; node; node = node.parentElement) {
    if (nodes.has(node)) return node;
  }
  return null;
}
