import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { RequireAuth } from './require-auth';

const signedOut = { status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHORIZED' } };

function renderGuarded(element: ReactElement, route = '/private') {
  return renderWithApp(null, {
    route,
    routes: [
      { path: '/private', element },
      { path: '/auth', element: <p>Sign in page</p> },
    ],
  });
}
const location = () => screen.getByTestId('location').textContent;

describe('RequireAuth', () => {
  it('shows a spinner while the user loads', () => {
    stubFetch({ 'GET /api/user': () => new Promise(() => {}) });
    renderGuarded(<RequireAuth><p>Secret</p></RequireAuth>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText('Secret')).not.toBeInTheDocument();
  });

  it('redirects to /auth without a user, with the way back to the page', async () => {
    stubFetch({ 'GET /api/user': signedOut });
    renderGuarded(<RequireAuth><p>Secret</p></RequireAuth>, '/private?sessionId=4#latest');
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(location()).toBe('/auth?returnTo=%2Fprivate%3FsessionId%3D4%23latest');
  });

  it('renders the page for a user', async () => {
    stubFetch({ 'GET /api/user': { body: sampleUser } });
    renderGuarded(<RequireAuth><p>Secret</p></RequireAuth>);
    expect(await screen.findByText('Secret')).toBeInTheDocument();
  });
});
