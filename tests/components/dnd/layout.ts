// jsdom does no layout: getBoundingClientRect is all zeros and elementsFromPoint does not
// exist. This lays the harness out on a fixed grid so hit-testing has something to find.

export const COLUMN = { left: 100, top: 20, width: 200, height: 600, step: 220 };
export const CARD = { inset: 10, top: 60, height: 32, step: 40 };

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const indexIn = (element: Element, siblings: ArrayLike<Element>) => Array.prototype.indexOf.call(siblings, element);

function boxOf(element: Element): Box | null {
  if (element.matches('[data-col]')) {
    const i = indexIn(element, element.ownerDocument.querySelectorAll('[data-col]'));
    return { left: COLUMN.left + i * COLUMN.step, top: COLUMN.top, width: COLUMN.width, height: COLUMN.height };
  }
  const card = element.closest('[data-dnd-task]');
  const column = card?.closest('[data-col]');
  if (!card || !column || !card.parentElement) return null;
  const col = boxOf(column)!;
  const j = indexIn(card, card.parentElement.children);
  return { left: col.left + CARD.inset, top: CARD.top + j * CARD.step, width: col.width - 2 * CARD.inset, height: CARD.height };
}

const contains = (box: Box, x: number, y: number) => x >= box.left && x <= box.left + box.width && y >= box.top && y <= box.top + box.height;

/** Topmost first, like the browser's: the card under the point, then its column, body, html. */
function elementsFromPoint(x: number, y: number): Element[] {
  const doc = document;
  const column = [...doc.querySelectorAll('[data-col]')].find((col) => contains(boxOf(col)!, x, y));
  const card = column && [...column.querySelectorAll('[data-dnd-task]')].find((c) => contains(boxOf(c)!, x, y));
  return [card, column, doc.body, doc.documentElement].filter((element): element is Element => !!element);
}

/** The centre of an element's box. */
export function centreOf(element: Element): { x: number; y: number } {
  const box = boxOf(element)!;
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

export function installLayout(): () => void {
  const spy = jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const { left, top, width, height } = boxOf(this) ?? { left: 0, top: 0, width: 0, height: 0 };
    return { left, top, width, height, x: left, y: top, right: left + width, bottom: top + height, toJSON: () => ({}) } as DOMRect;
  });
  document.elementsFromPoint = elementsFromPoint;
  document.elementFromPoint = (x, y) => elementsFromPoint(x, y)[0] ?? null;
  return () => {
    spy.mockRestore();
    delete (document as Partial<Document>).elementsFromPoint;
    delete (document as Partial<Document>).elementFromPoint;
  };
}
