import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPanel, type ErrorPanelVariant } from './error-panel';

describe('ErrorPanel', () => {
  it('is an alert with the message, and Try Again calls the retry once per click', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<ErrorPanel message="Error loading the leaderboard: Network error" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error loading the leaderboard: Network error');
    expect(onRetry).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows a title above the failure words when given one', () => {
    render(<ErrorPanel title="Error loading search results" message="Too many requests" onRetry={() => undefined} />);
    const lines = within(screen.getByRole('alert')).getAllByText(/./, { selector: 'p' });
    expect(lines.map((p) => p.textContent)).toEqual(['Error loading search results', 'Too many requests']);
  });

  it.each<ErrorPanelVariant>(['page', 'card', 'inline', 'compact', 'quiet'])('%s: one alert, one Try Again, the message as text', async (variant) => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<ErrorPanel variant={variant} message="Failed to load" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to loadTry Again$/);
    // the card's warning icon is decoration: nothing else is named in the alert
    expect(within(alert).getAllByRole('button')).toHaveLength(1);
    expect(within(alert).queryByRole('img')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the place\'s own classes beside its look', () => {
    render(<ErrorPanel variant="compact" message="x" onRetry={() => undefined} className="justify-items-start" />);
    expect(screen.getByRole('alert')).toHaveClass('grid', 'gap-2', 'text-sm', 'justify-items-start');
  });
});
