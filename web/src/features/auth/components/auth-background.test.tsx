import { TIMING } from '@plates/common';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_BACKGROUNDS, AuthBackground } from './auth-background';

afterEach(() => vi.useRealTimers());

describe('AuthBackground', () => {
  it('asks for the dishes only once the page has loaded and is idle, then turns them every few seconds', () => {
    vi.useFakeTimers();
    const { container } = render(<AuthBackground />);
    const images = () => [...container.querySelectorAll('img')];
    // Nothing competes with the heading and the form for the first paint.
    expect(images()).toHaveLength(0);

    act(() => vi.advanceTimersByTime(3000));
    expect(images().map((img) => img.getAttribute('src'))).toEqual([...AUTH_BACKGROUNDS]);
    expect(images().map((img) => img.dataset.active)).toEqual(['true', 'false', 'false', 'false', 'false', 'false']);

    act(() => vi.advanceTimersByTime(TIMING.authBackgroundRotationMs));
    expect(images()[1]?.dataset.active).toBe('true');
  });
});
