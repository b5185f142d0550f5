import { UploadScheduler } from '../../src/features/sync/uploadScheduler';

/** A send whose requests the test finishes by hand. */
function controlledSend() {
  const requests: Array<() => void> = [];
  const send = jest.fn(() => new Promise<void>((resolve) => requests.push(resolve)));
  return { send, requests };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('nothing is sent before attach, nor after detach', async () => {
  const scheduler = new UploadScheduler(500, 3000);
  const { send } = controlledSend();
  scheduler.changed();
  scheduler.attach(send);
  await jest.advanceTimersByTimeAsync(1000);
  expect(send).not.toHaveBeenCalled();
  scheduler.changed();
  scheduler.detach(send);
  await jest.advanceTimersByTimeAsync(5000);
  await scheduler.flush();
  expect(send).not.toHaveBeenCalled();
});

test('changes during a request go out in one more request once it ends', async () => {
  const scheduler = new UploadScheduler(500, 3000);
  const { send, requests } = controlledSend();
  scheduler.attach(send);
  scheduler.changed();
  await jest.advanceTimersByTimeAsync(500);
  expect(send).toHaveBeenCalledTimes(1);
  for (let i = 0; i < 10; i++) scheduler.changed();
  await jest.advanceTimersByTimeAsync(5000);
  expect(send).toHaveBeenCalledTimes(1); // one in flight at a time
  requests[0]!();
  await jest.advanceTimersByTimeAsync(0);
  expect(send).toHaveBeenCalledTimes(2);
  requests[1]!();
  await jest.advanceTimersByTimeAsync(5000);
  expect(send).toHaveBeenCalledTimes(2);
});

test('flush sends at once and resolves when everything is sent', async () => {
  const scheduler = new UploadScheduler(500, 3000);
  const { send, requests } = controlledSend();
  scheduler.attach(send);
  scheduler.changed();
  let done = false;
  const flushed = scheduler.flush().then(() => (done = true));
  expect(send).toHaveBeenCalledTimes(1); // synchronously: pagehide gives no second chance
  scheduler.changed();
  requests[0]!();
  await jest.advanceTimersByTimeAsync(0);
  expect(done).toBe(false);
  expect(send).toHaveBeenCalledTimes(2);
  requests[1]!();
  await flushed;
  expect(done).toBe(true);
});

test('a failing send is logged and does not block later ones', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const scheduler = new UploadScheduler(500, 3000);
  const send = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
  scheduler.attach(send);
  scheduler.changed();
  await jest.advanceTimersByTimeAsync(500);
  expect(warn).toHaveBeenCalledWith('Cloud sync: upload failed', expect.any(Error));
  scheduler.changed();
  await jest.advanceTimersByTimeAsync(500);
  expect(send).toHaveBeenCalledTimes(2);
  warn.mockRestore();
});

test('the first change after a quiet moment goes at once; the ones that follow within the window are batched', async () => {
  const scheduler = new UploadScheduler(150, 1000);
  const { send, requests } = controlledSend();
  scheduler.attach(send);
  scheduler.changed();
  await jest.advanceTimersByTimeAsync(0);
  expect(send).toHaveBeenCalledTimes(1); // no debounce wait for a single edit
  requests[0]!();
  await jest.advanceTimersByTimeAsync(10);
  // Within the window: these wait for a pause and go out together.
  for (let i = 0; i < 5; i++) {
    scheduler.changed();
    await jest.advanceTimersByTimeAsync(20);
  }
  expect(send).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(150);
  expect(send).toHaveBeenCalledTimes(2);
  requests[1]!();
  // Quiet again: the next one leaves at once.
  await jest.advanceTimersByTimeAsync(500);
  scheduler.changed();
  await jest.advanceTimersByTimeAsync(0);
  expect(send).toHaveBeenCalledTimes(3);
  requests[2]!();
});

test('a page that is leaving sends its unsent changes at once, beside the request in flight', async () => {
  const scheduler = new UploadScheduler(500, 3000);
  const { send, requests } = controlledSend();
  scheduler.attach(send);
  scheduler.changed();
  await jest.advanceTimersByTimeAsync(0);
  expect(send).toHaveBeenCalledTimes(1);
  // An edit right before the tab closes: its request cannot wait for the first one's answer.
  scheduler.changed();
  scheduler.leaving();
  expect(send).toHaveBeenCalledTimes(2);
  // Nothing more is unsent: no third request, whichever answer comes first.
  requests[1]!();
  requests[0]!();
  await jest.advanceTimersByTimeAsync(5000);
  expect(send).toHaveBeenCalledTimes(2);
});

test('leaving with nothing in flight sends what is unsent, and nothing when all is sent', async () => {
  const scheduler = new UploadScheduler(500, 3000);
  const { send, requests } = controlledSend();
  scheduler.attach(send);
  scheduler.leaving();
  expect(send).not.toHaveBeenCalled();
  scheduler.changed();
  scheduler.leaving();
  await jest.advanceTimersByTimeAsync(0);
  expect(send).toHaveBeenCalledTimes(1);
  requests[0]!();
  await jest.advanceTimersByTimeAsync(5000);
  expect(send).toHaveBeenCalledTimes(1);
});
