// '+' opens the new card for typing once it shows, however slow the page is to make the commit that shows it.
import { READY_TO_TYPE_WAIT_FRAMES, showReadyToType } from '../../src/features/planner/readyToType';

describe('showReadyToType', () => {
  let frames: FrameRequestCallback[];
  let now: number;

  beforeEach(() => {
    frames = [];
    now = 0;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    document.body.innerHTML = '<section id="day-2026-11-25"><ul></ul></section>';
  });
  afterEach(() => jest.restoreAllMocks());

  /** Runs the next frame, `ms` after the last one. */
  const frame = (ms: number) => {
    now += ms;
    const due = frames;
    frames = [];
    for (const callback of due) callback(now);
  };
  const addCard = (onOpen: () => void) => {
    document.querySelector('ul')!.innerHTML = '<li data-dnd-task="task-1"><button class="task-title">New task</button></li>';
    document.querySelector('button')!.addEventListener('click', onOpen);
  };

  it('opens the card when a busy page shows it only after seconds of few frames', () => {
    const opened = jest.fn();
    showReadyToType('2026-11-25', 'task-1');
    // A page busy hydrating and starting its sync: two frames in 2.5 s, the card in the third.
    frame(1200);
    frame(1300);
    addCard(opened);
    frame(16);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(frames).toHaveLength(0);
  });

  it('gives up once both the time and the frames are spent, so a card that never shows is not opened later', () => {
    const opened = jest.fn();
    showReadyToType('2026-11-25', 'task-1');
    for (let i = 0; i < READY_TO_TYPE_WAIT_FRAMES + 1; i++) frame(17);
    expect(frames).toHaveLength(0);
    addCard(opened);
    frame(16);
    expect(opened).not.toHaveBeenCalled();
  });

  it('opens at once a card already on screen', () => {
    const opened = jest.fn();
    addCard(opened);
    showReadyToType('2026-11-25', 'task-1');
    expect(opened).toHaveBeenCalledTimes(1);
    expect(frames).toHaveLength(0);
  });
});
