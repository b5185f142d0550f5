import { edgeStep } from '../../src/features/dnd/backend/autoScroll';
import { dropOnColumnGoesToEnd, moveOverTask } from '../../src/features/dnd/moves';

const box = { top: 100, height: 40 }; // middle at 120

describe('moveOverTask', () => {
  it('moves into another day at the hovered position, wherever the pointer is on the card', () => {
    expect(moveOverTask({ date: 'mon', index: 3 }, { date: 'tue', index: 1 }, 101, box)).toEqual({ date: 'tue', index: 1 });
    expect(moveOverTask({ date: 'mon', index: 0 }, { date: 'tue', index: 0 }, 139, box)).toEqual({ date: 'tue', index: 0 });
  });

  it('moving down, takes the hovered index (after it) only past its middle', () => {
    expect(moveOverTask({ date: 'mon', index: 0 }, { date: 'mon', index: 1 }, 119, box)).toBeNull();
    expect(moveOverTask({ date: 'mon', index: 0 }, { date: 'mon', index: 1 }, 121, box)).toEqual({ date: 'mon', index: 1 });
  });

  it('moving up, takes the hovered index (before it) only past its middle', () => {
    expect(moveOverTask({ date: 'mon', index: 2 }, { date: 'mon', index: 1 }, 121, box)).toBeNull();
    expect(moveOverTask({ date: 'mon', index: 2 }, { date: 'mon', index: 1 }, 119, box)).toEqual({ date: 'mon', index: 1 });
  });

  it('stays over itself', () => {
    expect(moveOverTask({ date: 'mon', index: 1 }, { date: 'mon', index: 1 }, 0, box)).toBeNull();
  });
});

describe('dropOnColumnGoesToEnd', () => {
  const cards = [
    { top: 50, bottom: 80 },
    { top: 90, bottom: 120 },
  ];
  it('goes to the end above or below the cards, or in an empty column', () => {
    expect(dropOnColumnGoesToEnd(cards, 30)).toBe(true);
    expect(dropOnColumnGoesToEnd(cards, 200)).toBe(true);
    expect(dropOnColumnGoesToEnd([], 60)).toBe(true);
  });
  it('stays put in the gap between two cards', () => {
    expect(dropOnColumnGoesToEnd(cards, 85)).toBe(false);
  });
});

describe('edgeStep', () => {
  it('scrolls faster the deeper the pointer is in the 40 px edge band, not at all elsewhere', () => {
    expect(edgeStep(500, 1000)).toBe(0);
    expect(edgeStep(41, 1000)).toBe(0);
    expect(edgeStep(30, 1000)).toBe(-4);
    expect(edgeStep(0, 1000)).toBe(-14);
    expect(edgeStep(-50, 1000)).toBe(-14);
    expect(edgeStep(990, 1000)).toBe(11);
    expect(edgeStep(1000, 1000)).toBe(14);
  });
});
