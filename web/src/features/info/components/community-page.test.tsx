import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import GuidelinesPage from '../pages/guidelines-page';

describe('GuidelinesPage', () => {
  it('renders the stored Markdown, inert', async () => {
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/content/guidelines': {
        body: { page: { contentType: 'guidelines', title: 'House rules', content: '## Kindness\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) **always**', version: 4, updatedAt: '2026-01-01T00:00:00.000Z' } },
      },
    });
    const { container } = renderWithApp(<GuidelinesPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'House rules' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Kindness' })).toBeInTheDocument();
    expect(screen.getByText('always').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('x')).not.toHaveAttribute('href');
  });

  it('shows its built-in text when none was written', async () => {
    stubFetch({ 'GET /api/user': signedOutReply, 'GET /api/content/guidelines': { body: { page: null } } });
    renderWithApp(<GuidelinesPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Community guidelines' })).toBeInTheDocument();
    expect(screen.getByText(/Rate the plate, not the cook/)).toBeInTheDocument();
  });
});
