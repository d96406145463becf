import { describe, expect, it, vi } from 'vitest';
import { LatestStateSender } from './latest-state';

describe('LatestStateSender', () => {
  it('sends one request for a burst of clicks and only the last state', async () => {
    const sender = new LatestStateSender();
    let release!: () => void;
    const send = vi.fn(
      (wanted: boolean) =>
        new Promise<boolean>((resolve) => {
          release = () => resolve(wanted);
        }),
    );
    const onSettled = vi.fn();
    const callbacks = { send, onSettled, onError: vi.fn() };
    sender.toggle('p1', true, false, callbacks); // sends true
    sender.toggle('p1', false, true, callbacks); // wanted false while in flight
    sender.toggle('p1', true, false, callbacks); // back to true
    release();
    await vi.waitFor(() => expect(onSettled).toHaveBeenCalledWith(true, true));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends the change made while a request was in flight, then reports errors with the confirmed state', async () => {
    const sender = new LatestStateSender();
    const resolvers: ((v: boolean) => void)[] = [];
    const send = vi.fn((_wanted: boolean) => new Promise<boolean>((resolve) => resolvers.push(resolve)));
    const onSettled = vi.fn();
    sender.toggle('p1', true, false, { send, onSettled, onError: vi.fn() });
    sender.toggle('p1', false, true, { send, onSettled, onError: vi.fn() });
    resolvers[0]!(true);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send).toHaveBeenLastCalledWith(false);
    resolvers[1]!(false);
    await vi.waitFor(() => expect(onSettled).toHaveBeenCalledWith(false, false));

    const onError = vi.fn();
    sender.toggle('p2', true, false, { send: () => Promise.reject(new Error('no')), onSettled, onError });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.any(Error), true, false));
    expect(sender.isPending('p2')).toBe(false);
  });
});
