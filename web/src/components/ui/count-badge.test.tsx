import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountBadge, countText } from './count-badge';

describe('CountBadge', () => {
  it('caps the count at its max with a plus', () => {
    expect(countText(9, 9)).toBe('9');
    expect(countText(10, 9)).toBe('9+');
    expect(countText(99, 99)).toBe('99');
    expect(countText(150, 99)).toBe('99+');
  });

  it('shows nothing at zero, and stays out of the accessible name', () => {
    const { container, rerender } = render(<CountBadge count={0} max={9} testId="b" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<CountBadge count={12} max={9} testId="b" />);
    expect(screen.getByTestId('b')).toHaveTextContent('9+');
    expect(screen.getByTestId('b')).toHaveAttribute('aria-hidden', 'true');
  });
});
