import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@plates/common';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { feedPage } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { makeProfile } from '../../../test/users';
import ProfilePage from '../pages/profile-page';

const routes = [{ path: '/profile/:userId', element: <ProfilePage /> }];
const own = makeProfile({ id: 7, username: 'chef_ana', displayName: 'Ana Cook', isOwn: true, bio: null, location: null });

function setup(extra: Parameters<typeof stubFetch>[0] = {}) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({
    'GET /api/user': { body: sampleUser },
    'GET /api/users/7': { body: own },
    'GET /api/users/7/posts': { body: feedPage([]) },
    ...extra,
  });
  const rendered = renderWithApp(null, { routes, route: '/profile/7' });
  return { api, user: userEvent.setup(), ...rendered };
}

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:avatar'), revokeObjectURL: vi.fn() }));
});

describe('Edit Profile', () => {
  it('checks the display name with the contract\'s message and counts the bio', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const form = screen.getByRole('form', { name: 'Edit Profile' });
    const name = within(form).getByRole('textbox', { name: 'Display name' });
    await user.clear(name);
    await user.type(name, 'x'.repeat(51));
    await user.type(within(form).getByRole('textbox', { name: 'Bio' }), 'Soup');
    expect(within(form).getByText('4/500')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form).findByText('Display name cannot exceed 50 characters')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/profile')).toHaveLength(0);
  });

  it('refuses a photo over 5MB, then saves the fields and a photo as multipart, toasts and returns to view mode', async () => {
    let profile = own;
    let session: Record<string, unknown> = sampleUser;
    const { api, user, queryClient } = setup({
      'GET /api/user': () => ({ body: session }),
      'GET /api/users/7': () => ({ body: profile }),
      'PUT /api/user/profile': () => {
        profile = { ...own, displayName: 'Ana the Cook', bio: 'Soups', isPrivate: true, profileImage: '/uploads/a.webp' };
        session = { ...sampleUser, displayName: 'Ana the Cook', bio: 'Soups', isPrivate: true, profileImage: '/uploads/a.webp' };
        return { body: session };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const form = screen.getByRole('form', { name: 'Edit Profile' });
    const photo = within(form).getByLabelText('Profile photo');
    await user.upload(photo, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }));
    expect(await within(form).findByText('File too large. Images must be 5MB or smaller.')).toBeInTheDocument();
    await user.upload(photo, new File(['jpeg'], 'me.heic', { type: '' }));
    expect(within(form).getByText('New photo: me.heic (saved with Save Changes)')).toBeInTheDocument();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);

    const name = within(form).getByRole('textbox', { name: 'Display name' });
    await user.clear(name);
    await user.type(name, '  Ana the Cook ');
    await user.type(within(form).getByRole('textbox', { name: 'Bio' }), 'Soups');
    await user.click(within(form).getByRole('switch', { name: 'Private account' }));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    const sent = api.callsTo('PUT', '/api/user/profile')[0]!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...sent.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      displayName: 'Ana the Cook',
      bio: 'Soups',
      location: '',
      isPrivate: 'true',
      chatEnabled: 'true',
    });
    expect((sent.get('profileImage') as File).name).toBe('me.heic');
    expect(sent.get('removeProfileImage')).toBeNull();
    // back in view mode with the new values; the session user took the answer
    expect(await screen.findByRole('heading', { level: 1, name: /Ana the Cook/ })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit Profile' })).not.toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData<{ displayName: string }>(['/api/user'])?.displayName).toBe('Ana the Cook'));
  });

  it('sends the display name without badge symbols and puts the server\'s team-name refusal on the field', async () => {
    const { api, user } = setup({
      'PUT /api/user/profile': { status: 400, body: { message: MESSAGES.displayNameReserved, code: 'VALIDATION_ERROR', field: 'displayName' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const form = screen.getByRole('form', { name: 'Edit Profile' });
    const name = within(form).getByRole('textbox', { name: 'Display name' });
    await user.clear(name);
    await user.type(name, 'Аdmin ✔️');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form).findByText(MESSAGES.displayNameReserved)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect((api.callsTo('PUT', '/api/user/profile')[0]!.body as FormData).get('displayName')).toBe('Аdmin');

    await user.clear(name);
    await user.type(name, '✅');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form).findByText(MESSAGES.displayNameOnlySymbols)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/profile')).toHaveLength(1);
  });

  it('shows "Update failed" with the server\'s message, and Cancel leaves edit mode', async () => {
    const { user } = setup({
      'PUT /api/user/profile': { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const form = screen.getByRole('form', { name: 'Edit Profile' });
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('Server error. Our team has been notified.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit Profile' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });
});
