import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UploadPlateProvider } from '../../features/posts';
import { stubFetch } from '../../test/fetch';
import { signedOutReply } from '../../test/posts';
import { renderWithApp } from '../../test/render';
import { BottomNav } from './bottom-nav';

describe('BottomNav', () => {
  it('holds the one upload button on phones, which asks a guest to log in', async () => {
    stubFetch({ 'GET /api/user': signedOutReply });
    renderWithApp(
      <UploadPlateProvider>
        <BottomNav />
      </UploadPlateProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    const upload = screen.getByRole('button', { name: 'Upload Plate' });
    expect(nav).toContainElement(upload);
    // (once the modal prompt is open, the page behind it is hidden from queries by role)
    await userEvent.setup().click(upload);
    expect(await screen.findByRole('dialog', { name: 'Authentication required' })).toHaveAccessibleDescription(
      'Please log in to upload a plate',
    );
  });
});
