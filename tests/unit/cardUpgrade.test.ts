import { groupsWaiting, scheduleUpgrade } from '../../src/features/planner/cardUpgrade';

// jsdom has no requestIdleCallback: the idle slices run on timers.
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
});

function visibility(element: Element, skipped: boolean) {
  const event = new Event('contentvisibilityautostatechange');
  Object.assign(event, { skipped });
  element.dispatchEvent(event);
}

test('a group becomes full when it comes into view, not when it leaves it', () => {
  const element = document.createElement('div');
  const upgrade = jest.fn();
  const cancel = scheduleUpgrade(element, upgrade);
  visibility(element, true);
  expect(upgrade).not.toHaveBeenCalled();
  visibility(element, false);
  expect(upgrade).toHaveBeenCalledTimes(1);
  // Once only, and no longer waiting for idle time.
  visibility(element, false);
  element.dispatchEvent(new Event('pointerover'));
  jest.runAllTimers();
  expect(upgrade).toHaveBeenCalledTimes(1);
  expect(groupsWaiting()).toBe(0);
  cancel();
});

test('a group becomes full when the pointer enters it', () => {
  const element = document.createElement('div');
  const upgrade = jest.fn();
  scheduleUpgrade(element, upgrade);
  element.dispatchEvent(new Event('pointerover'));
  expect(upgrade).toHaveBeenCalledTimes(1);
});

test('every waiting group becomes full in idle time, in the order they were mounted', () => {
  const order: number[] = [];
  for (let i = 0; i < 40; i++) scheduleUpgrade(document.createElement('div'), () => order.push(i));
  expect(groupsWaiting()).toBe(40);
  jest.runAllTimers();
  expect(groupsWaiting()).toBe(0);
  expect(order).toEqual(Array.from({ length: 40 }, (_, i) => i));
});

test('a group whose idle upgrade is still rendering is made at once when it comes into view', () => {
  const element = document.createElement('div');
  const upgrade = jest.fn();
  const cancel = scheduleUpgrade(element, upgrade);
  jest.runAllTimers();
  // The idle upgrade is a transition: React may not have committed it when the group scrolls into view.
  expect(upgrade).toHaveBeenCalledTimes(1);
  expect(groupsWaiting()).toBe(0);
  visibility(element, false);
  expect(upgrade).toHaveBeenCalledTimes(2);
  // The group, full, cancels: nothing more.
  cancel();
  element.dispatchEvent(new Event('pointerover'));
  expect(upgrade).toHaveBeenCalledTimes(2);
});

test('an unmounted group is not upgraded', () => {
  const element = document.createElement('div');
  const upgrade = jest.fn();
  const cancel = scheduleUpgrade(element, upgrade);
  cancel();
  element.dispatchEvent(new Event('pointerover'));
  jest.runAllTimers();
  expect(upgrade).not.toHaveBeenCalled();
});

test('idle upgrades wait while a person presses, and go on once they pause for a second', () => {
  const upgrade = jest.fn();
  scheduleUpgrade(document.createElement('div'), upgrade);
  dispatchEvent(new Event('pointerdown'));
  jest.advanceTimersByTime(900);
  expect(upgrade).not.toHaveBeenCalled();
  dispatchEvent(new Event('pointerdown'));
  jest.advanceTimersByTime(900);
  expect(upgrade).not.toHaveBeenCalled();
  jest.advanceTimersByTime(200);
  expect(upgrade).toHaveBeenCalledTimes(1);
});
