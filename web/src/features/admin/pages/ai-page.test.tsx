import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AiPage, { AI_PARTS } from './ai-page';

describe('AiPage (/admin/ai, before photo analysis exists)', () => {
  it('says what the page will hold and offers no control that would do nothing', () => {
    const { container } = render(<AiPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Photo analysis' })).toBeInTheDocument();
    expect(screen.getByText(/Not switched on yet/)).toBeInTheDocument();
    const parts = within(screen.getByRole('list', { name: 'What photo analysis will do' })).getAllByRole('heading', { level: 2 });
    expect(parts.map((h) => h.textContent)).toEqual(AI_PARTS.map((p) => p.title));
    expect(container.querySelectorAll('button, input, select, textarea, a')).toHaveLength(0);
  });
});
