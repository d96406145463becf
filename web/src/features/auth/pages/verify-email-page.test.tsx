import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import VerifyEmailPage from './verify-email-page';

const signedOut = { status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHORIZED' } };
const failure = {
  status: 400,
  body: { message: 'Invalid or expired verification token', code: 'EMAIL_VERIFICATION_FAILED' },
};

function renderAt(route: string) {
  return renderWithApp(null, {
    route,
    strict: true,
    routes: [
      { path: '/auth/verify-email', element: <VerifyEmailPage /> },
      { path: '/auth', element: <p>Sign in page</p> },
    ],
  });
}
const location = () => screen.getByTestId('location').textContent;

afterEach(() => vi.useRealTimers());

describe('VerifyEmailPage', () => {
  it('verifies the token exactly once under StrictMode, then redirects to /auth after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubFetch({
      'GET /api/user': signedOut,
      'POST /api/auth/verify-email': { body: { message: 'Email verified successfully. You can now sign in.' } },
    });
    renderAt('/auth/verify-email?token=tok-abc');

    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    expect(screen.getByText('Your address is confirmed. You can now sign in to Plates.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/verify-email')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/auth/verify-email')[0]!.body).toEqual({ token: 'tok-abc' });
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth');

    act(() => vi.advanceTimersByTime(2900));
    expect(location()).toBe('/auth/verify-email?token=tok-abc');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(api.callsTo('POST', '/api/auth/verify-email')).toHaveLength(1);
  });

  it('leads Go to Sign In back to the page the member joined from, once', async () => {
    localStorage.setItem('returnAfterJoin', '/posts/12');
    stubFetch({
      'GET /api/user': signedOut,
      'POST /api/auth/verify-email': { body: { message: 'Email verified successfully. You can now sign in.' } },
    });
    renderAt('/auth/verify-email?token=tok-abc');
    expect(await screen.findByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth?returnTo=%2Fposts%2F12');
    expect(localStorage.getItem('returnAfterJoin')).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to Sign In' }));
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(location()).toBe('/auth?returnTo=%2Fposts%2F12');
  });

  it('shows the error state with both buttons, and Try Different Code goes back to the form', async () => {
    const api = stubFetch({ 'GET /api/user': signedOut, 'POST /api/auth/verify-email': failure });
    renderAt('/auth/verify-email?token=used-token');

    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText('Invalid or expired verification token')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request New Verification Email' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/verify-email')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Try Different Code' }));
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/verify-email')).toHaveLength(1);
  });

  it('requests a new verification email from the error state', async () => {
    const api = stubFetch({
      'GET /api/user': signedOut,
      'POST /api/auth/verify-email': failure,
      'POST /api/auth/request-verification': { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } },
    });
    renderAt('/auth/verify-email?token=used-token');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request New Verification Email' }));
    await user.type(screen.getByLabelText('Email address'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect(await screen.findByText('Request Failed')).toBeInTheDocument();
    expect(screen.getByText('Server error. Our team has been notified.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/request-verification')[0]!.body).toEqual({ email: 'ana@example.com' });
  });

  it('idle: requires a code, verifies a typed one, and offers a new email', async () => {
    const api = stubFetch({ 'GET /api/user': signedOut, 'POST /api/auth/verify-email': failure });
    renderAt('/auth/verify-email');
    const user = userEvent.setup();

    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByText('Verification code is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/verify-email')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Send new verification email' }));
    expect(screen.getByLabelText('Email address')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Verification code'), 'code-1');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/verify-email')[0]!.body).toEqual({ token: 'code-1' });
  });
});
