import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UploadPlateProvider } from '../../features/posts';
import { stubFetch } from '../../test/fetch';
import { signedOutReply } from '../../test/posts';
import { renderWithApp } from '../../test/render';
import { SideNav } from './side-nav';

describe('SideNav', () => {
  it('offers a visitor Upload Plate, which opens the sign-in prompt instead of sitting disabled', async () => {
    stubFetch({ 'GET /api/user': signedOutReply });
    renderWithApp(
      <UploadPlateProvider>
        <SideNav />
      </UploadPlateProvider>,
      { route: '/leaderboard', path: '/leaderboard' },
    );
    const upload = screen.getByRole('button', { name: 'Upload Plate' });
    expect(upload).toBeEnabled();
    expect(upload).not.toHaveAttribute('title');
    await userEvent.setup().click(upload);
    const prompt = await screen.findByRole('dialog', { name: 'Authentication required' });
    expect(prompt).toHaveAccessibleDescription('Please log in to upload a plate');
    expect(within(prompt).getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/auth?tab=join&returnTo=%2Fleaderboard');
  });
});
