import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { RequireStaff } from './require-staff';

const signedOut = { status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHORIZED' } };

function renderGuarded() {
  return renderWithApp(null, {
    route: '/admin/x',
    routes: [
      { path: '/admin/x', element: <RequireStaff forbidden={<p>Not found</p>}><p>Admin area</p></RequireStaff> },
      { path: '/auth', element: <p>Sign in page</p> },
    ],
  });
}

describe('RequireStaff', () => {
  it('shows a spinner while the user loads', () => {
    stubFetch({ 'GET /api/user': () => new Promise(() => {}) });
    renderGuarded();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });

  it('sends a visitor to /auth, and back here once signed in', async () => {
    stubFetch({ 'GET /api/user': signedOut });
    renderGuarded();
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth\?returnTo=%2Fadmin%2Fx$/);
  });

  it('shows a member without an admin permission the forbidden treatment, where they are', async () => {
    stubFetch({ 'GET /api/user': { body: { ...sampleUser, permissions: [] } } });
    renderGuarded();
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/x');
  });

  it('lets a moderator in by their permissions, not isAdmin', async () => {
    stubFetch({ 'GET /api/user': { body: { ...sampleUser, permissions: ['review_posts', 'manage_reports', 'view_audit_log'] } } });
    renderGuarded();
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
  });

  it('lets an admin in, including snake_case is_admin and the username "Admin"', async () => {
    stubFetch({ 'GET /api/user': { body: { ...sampleUser, isAdmin: undefined, is_admin: true } } });
    const first = renderGuarded();
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
    first.unmount();
    stubFetch({ 'GET /api/user': { body: { ...sampleUser, username: 'Admin', isAdmin: false } } });
    renderGuarded();
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
  });
});
