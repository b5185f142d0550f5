import type { Backend, DragDropManager, Identifier, XYCoord } from 'dnd-core';
import { HANDLE_ATTR } from './attributes';
import { demandSource } from './cardSources';
import { closestRegistered, remember, targetIdsAt, type TargetNodes } from './hitTest';

export const KEYBOARD_STEP = 25;
/** How close to the viewport's edge the keyboard pointer may come before the page scrolls instead. */
const VIEW_MARGIN = 8;

const ARROWS: Record<string, XYCoord> = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
};

const isPickUpKey = (key: string) => key === ' ' || key === 'Enter';

/**
 * Keyboard drags, which no react-dnd backend offers. Space or Enter on a drag handle
 * picks its source up; each arrow moves a virtual pointer (the centre of the preview)
 * 25 px and hovers the targets under it, exactly as a mouse would; Space or Enter drops,
 * Escape cancels. Hooks and the drag layer see an ordinary react-dnd drag.
 */
export class KeyboardBackend implements Backend {
  private readonly sources: TargetNodes = new Map();
  private readonly targets: TargetNodes = new Map();
  private readonly actions: ReturnType<DragDropManager['getActions']>;
  /** The virtual pointer while a keyboard drag runs. */
  private point: XYCoord | null = null;
  private handleName: string | null = null;
  /** The keyup of a key we acted on must not click the focused button. */
  private keyUpToSwallow: string | null = null;

  constructor(
    private readonly manager: DragDropManager,
    private readonly win: Window,
  ) {
    this.actions = manager.getActions();
  }

  setup(): void {
    this.win.addEventListener('keydown', this.onKeyDown, true);
    this.win.addEventListener('keyup', this.onKeyUp, true);
  }

  teardown(): void {
    this.win.removeEventListener('keydown', this.onKeyDown, true);
    this.win.removeEventListener('keyup', this.onKeyUp, true);
    if (this.point && this.manager.getMonitor().isDragging()) this.actions.endDrag();
    this.point = null;
  }

  connectDragSource(sourceId: Identifier, node: Element): () => void {
    return remember(this.sources, sourceId, node);
  }

  connectDragPreview(): () => void {
    return () => {};
  }

  connectDropTarget(targetId: Identifier, node: Element): () => void {
    return remember(this.targets, targetId, node);
  }

  profile(): Record<string, number> {
    return { keyboardSources: this.sources.size, keyboardTargets: this.targets.size };
  }

  /** The centre of the preview, during a keyboard drag. */
  currentPoint(): XYCoord | null {
    return this.point;
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const monitor = this.manager.getMonitor();
    if (this.point && !monitor.isDragging()) this.point = null;
    if (this.point) {
      this.whileDragging(event);
      return;
    }
    if (!isPickUpKey(event.key) || event.repeat || monitor.isDragging()) return;
    // The handle is a button with nothing focusable in it: a key reaches it as the target itself. Every Enter and
    // Space of the page passes here (a rename's Enter too), and looking up through the target's ancestors cost ~20 µs.
    const handle = event.target instanceof Element && event.target.hasAttribute(HANDLE_ATTR) ? event.target : null;
    if (handle) demandSource(this.manager, handle);
    const node = closestRegistered(handle, this.sources);
    const sourceId = node ? this.sources.get(node) : undefined;
    if (!handle || !node || sourceId === undefined || !monitor.canDragSource(sourceId)) return;
    this.consume(event);
    this.pickUp(sourceId, node, handle);
  };

  private readonly onKeyUp = (event: KeyboardEvent): void => {
    if (event.key !== this.keyUpToSwallow) return;
    this.keyUpToSwallow = null;
    event.preventDefault();
    event.stopPropagation();
  };

  private whileDragging(event: KeyboardEvent): void {
    const arrow = ARROWS[event.key];
    if (arrow) this.moveBy(arrow);
    else if (isPickUpKey(event.key)) {
      if (!event.repeat) this.drop();
    } else if (event.key === 'Escape') this.cancel();
    else if (event.key === 'Tab') {
      // Focus stays on the dragged task's handle until the drag ends.
    } else return;
    // Also keeps the touch backend's own Escape handler (on document) from ending the drag twice.
    this.consume(event);
  }

  private consume(event: KeyboardEvent): void {
    event.preventDefault();
    event.stopPropagation();
    if (isPickUpKey(event.key)) this.keyUpToSwallow = event.key;
  }

  private pickUp(sourceId: Identifier, node: Element, handle: Element): void {
    const rect = node.getBoundingClientRect();
    const point = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    this.actions.beginDrag([sourceId], {
      clientOffset: point,
      getSourceClientOffset: () => ({ x: rect.left, y: rect.top }),
      publishSource: true,
    });
    if (!this.manager.getMonitor().isDragging()) return;
    this.point = point;
    this.handleName = handle.getAttribute(HANDLE_ATTR);
    this.hover();
  }

  private moveBy(direction: XYCoord): void {
    if (!this.point) return;
    this.point = this.keepInView({ x: this.point.x + direction.x * KEYBOARD_STEP, y: this.point.y + direction.y * KEYBOARD_STEP });
    this.hover();
  }

  /** Past the viewport's edge the page scrolls under the pointer instead, so every column can be reached. */
  private keepInView(point: XYCoord): XYCoord {
    const { innerWidth: width, innerHeight: height } = this.win;
    const overflow = (at: number, size: number) => Math.max(0, at - (size - VIEW_MARGIN)) + Math.min(0, at - VIEW_MARGIN);
    const dx = overflow(point.x, width);
    const dy = overflow(point.y, height);
    let { x, y } = point;
    if (dx || dy) {
      const { scrollX, scrollY } = this.win;
      this.win.scrollBy({ left: dx, top: dy, behavior: 'instant' });
      x -= this.win.scrollX - scrollX;
      y -= this.win.scrollY - scrollY;
    }
    const clamp = (at: number, size: number) => Math.min(Math.max(at, VIEW_MARGIN), size - VIEW_MARGIN);
    return { x: clamp(x, width), y: clamp(y, height) };
  }

  private hover(): void {
    const point = this.point;
    if (!point) return;
    this.actions.hover(targetIdsAt(this.win.document, point, this.targets), { clientOffset: point });
    this.refocus();
  }

  /** Over no target, dnd-core drops nowhere: the source's endDrag sees didDrop() false, as for a cancel. */
  private drop(): void {
    this.actions.drop();
    this.actions.endDrag();
    this.finish();
  }

  private cancel(): void {
    this.actions.endDrag();
    this.finish();
  }

  private finish(): void {
    this.point = null;
    this.refocus();
  }

  /**
   * A move to another day remounts the card, and the focused handle with it. Once React has
   * rendered, put focus on the handle again so the next keys (and screen readers) stay with the task.
   */
  private refocus(): void {
    const name = this.handleName;
    setTimeout(() => {
      const doc = this.win.document;
      const active = doc.activeElement;
      if (active && active !== doc.body && active.getAttribute(HANDLE_ATTR) === name) return;
      if (active && active !== doc.body && active.isConnected && !this.point) return;
      for (const handle of doc.querySelectorAll<HTMLElement>(`[${HANDLE_ATTR}]`)) {
        if (handle.getAttribute(HANDLE_ATTR) === name) return handle.focus({ preventScroll: true });
      }
    });
  }
}
