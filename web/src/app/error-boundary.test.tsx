import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors } from '../test/console';
import { ErrorBoundary } from './error-boundary';

let shouldThrow = true;
function Flaky() {
  const [n] = useState(() => Math.random());
  if (shouldThrow) throw new Error('kaboom');
  return <p>Recovered {n > -1 ? 'ok' : ''}</p>;
}

describe('ErrorBoundary', () => {
  it('shows the fallback and Try Again renders the children anew', async () => {
    allowConsoleErrors();
    shouldThrow = true;
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Recovered ok')).toBeInTheDocument();
  });
});
