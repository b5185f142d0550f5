import type { Backend, DragDropManager, Identifier, XYCoord } from 'dnd-core';
import { TouchBackendImpl } from 'react-dnd-touch-backend';
import { installActivationGate, type ActivationGate, type DragEnd } from './activationGate';
import { startAutoScroll } from './autoScroll';
import { demandSource, prepareSource } from './cardSources';
import { closestRegistered, remember, targetIdsAt, type TargetNodes } from './hitTest';

/**
 * Mouse and touch drags: react-dnd-touch-backend (which handles both, hit-tests with
 * elementsFromPoint and keeps a touch alive when React unmounts the card under the finger)
 * behind the activation gate (mouse 10 px, touch 200 ms within 5 px), plus edge auto-scroll.
 */
export class PointerBackend implements Backend {
  private readonly touch: TouchBackendImpl;
  private readonly actions: ReturnType<DragDropManager['getActions']>;
  private readonly sources: TargetNodes = new Map();
  private readonly targets: TargetNodes = new Map();
  private gate: ActivationGate | null = null;
  private stopWatching: (() => void) | null = null;
  private stopScrolling: (() => void) | null = null;
  private draggedNode: Element | null = null;
  /** The latest pointer of a running drag not hovered yet, and the frame that will hover it. */
  private pendingPoint: XYCoord | null = null;
  private pendingFrame = 0;
  private readonly onPointerOver = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') prepareSource(this.manager, event.target);
  };

  constructor(
    private readonly manager: DragDropManager,
    private readonly win: Window,
  ) {
    // touchSlop stays 0: the gate decides when a press becomes a drag. Escape cancels (enableKeyboardEvents).
    // Context menus are the gate's business: the backend would end the drag on one.
    this.actions = manager.getActions();
    this.touch = new TouchBackendImpl(manager, { window: win }, { enableMouseEvents: true, enableKeyboardEvents: true, ignoreContextMenu: true });
  }

  setup(): void {
    const monitor = this.manager.getMonitor();
    // Before the touch backend: the gate's window listeners must see each event first.
    this.gate = installActivationGate(this.win, {
      isDragging: () => monitor.isDragging(),
      // A press is where a card's source comes to be (cardSources.ts): before the touch backend's listeners see it.
      sourceNodeOf: (target) => {
        demandSource(this.manager, target);
        return closestRegistered(target, this.sources);
      },
      dragMove: (point) => this.moveTo(point),
      pressEnded: (how, began, event) => this.pressEnded(how, began, event),
    });
    this.touch.setup();
    this.win.addEventListener('pointerover', this.onPointerOver, { capture: true, passive: true });
    this.stopWatching = monitor.subscribeToStateChange(() => this.onDragStateChange());
  }

  teardown(): void {
    this.gate?.dispose();
    this.win.cancelAnimationFrame(this.pendingFrame);
    this.pendingPoint = null;
    this.stopWatching?.();
    this.stopScrolling?.();
    this.touch.teardown();
    this.win.removeEventListener('pointerover', this.onPointerOver, { capture: true });
    this.gate = this.stopWatching = this.stopScrolling = null;
  }

  connectDragSource(sourceId: Identifier, node: Element): () => void {
    const forget = remember(this.sources, sourceId, node);
    const disconnect = (this.touch as Backend).connectDragSource(sourceId, node);
    return () => {
      disconnect();
      forget();
    };
  }

  connectDragPreview(sourceId: Identifier, node: Element, options?: unknown): () => void {
    return (this.touch as Backend).connectDragPreview(sourceId, node, options);
  }

  /**
   * Targets are hovered from here only (hoverAt), never by the touch backend: it would put a move listener on
   * <body> for each target, which only acts during a drag, and a drag's moves stop at the gate (dragMove) before
   * they reach them. Eight such listeners ran on every pointer move over the page, a drag or not.
   */
  connectDropTarget(targetId: Identifier, node: Element): () => void {
    return remember(this.targets, targetId, node);
  }

  profile(): Record<string, number> {
    return this.touch.profile();
  }

  /** The pointer of the move being handled, during a mouse or touch drag. */
  currentPoint(): XYCoord | null {
    return this.gate?.point() ?? null;
  }

  private onDragStateChange(): void {
    const monitor = this.manager.getMonitor();
    const dragging = monitor.isDragging() && this.gate?.pressActive() === true;
    if (dragging && !this.stopScrolling) {
      const sourceId = monitor.getSourceId();
      this.draggedNode = [...this.sources].find(([, id]) => id === sourceId)?.[0] ?? null;
      this.stopScrolling = startAutoScroll(this.win, monitor, (point) => this.hoverAt(point));
      // The move that began the drag hovered nothing (the drag starts while it is handled). When no move follows (a
      // press replayed once this code arrived, dragIntent.ts, then held still or released), the card would not move
      // live and the drop would land nowhere: so the next frame, or the release, hovers where the pointer is.
      const at = this.currentPoint();
      if (at) this.moveTo(at);
    } else if (!monitor.isDragging() && this.stopScrolling) {
      this.stopScrolling();
      this.stopScrolling = null;
      this.buryDraggedNode();
    }
  }

  /**
   * A move of a running drag: hovered once per frame, at the latest point. The touch backend would
   * hit-test every column (elementFromPoint each) and the page on every move, and a second move in
   * one frame would lay out again what the first one's reorder changed. The drag began with a move
   * the touch backend saw (it begins the drag and watches the dragged node); a release hovers the
   * pending point first, so the drop lands where the pointer is.
   */
  private moveTo(point: XYCoord): boolean {
    if (this.manager.getMonitor().getSourceId() === null) return false;
    this.pendingPoint = point;
    if (!this.pendingFrame) this.pendingFrame = this.win.requestAnimationFrame(() => this.flushMove());
    return true;
  }

  private flushMove(): void {
    const point = this.pendingPoint;
    this.win.cancelAnimationFrame(this.pendingFrame);
    this.pendingFrame = 0;
    this.pendingPoint = null;
    const monitor = this.manager.getMonitor();
    if (point && monitor.isDragging() && !monitor.didDrop()) this.hoverAt(point);
  }

  /**
   * The gate's press is over, so is its drag: ended here, not left to the touch backend's listeners, which a
   * touch from a detached card never reaches and which take no touchcancel, blur or hidden page for an end.
   * Through the touch backend's own handlers, so it forgets the press too: a press the browser took back (a
   * scroll) left it the start of a drag, which the next move over the page would have begun.
   */
  private pressEnded(how: DragEnd, began: boolean, event: Event | null): void {
    if (began && how === 'drop') this.flushMove();
    this.win.cancelAnimationFrame(this.pendingFrame);
    this.pendingFrame = 0;
    this.pendingPoint = null;
    const dragging = this.manager.getMonitor().isDragging();
    if (dragging && !began) return; // another input's drag (the keyboard's): not this press's to end
    // Its only cancel is the one on Escape; its end handler drops a drag, or else forgets the press.
    if (dragging && how === 'cancel') this.touch.handleCancelOnEscape(new KeyboardEvent('keydown', { key: 'Escape' }));
    else this.touch.handleTopMoveEndCapture(how === 'drop' && event ? event : new Event('touchend'));
  }

  private hoverAt(point: XYCoord): void {
    this.actions.hover(targetIdsAt(this.win.document, point, this.targets), { clientOffset: point });
  }

  /**
   * When React unmounts the dragged card (it moved to another day), the touch backend
   * re-attaches it hidden to <body> so the touch's events keep bubbling. Once the drag
   * is over nobody needs it.
   */
  private buryDraggedNode(): void {
    const node = this.draggedNode;
    this.draggedNode = null;
    if (node instanceof HTMLElement && node.parentElement === this.win.document.body && node.style.display === 'none') {
      setTimeout(() => node.remove());
    }
  }
}
