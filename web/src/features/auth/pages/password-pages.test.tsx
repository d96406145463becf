import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';

const signedOut = { status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHORIZED' } };
const resetSent = 'If an account with that email exists, a password reset link has been sent.';

function renderAt(route: string) {
  return renderWithApp(null, {
    route,
    routes: [
      { path: '/auth/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/auth/reset-password', element: <ResetPasswordPage /> },
      { path: '/auth', element: <p>Sign in page</p> },
    ],
  });
}

describe('ForgotPasswordPage', () => {
  it('validates the email, then shows the server answer', async () => {
    const api = stubFetch({ 'GET /api/user': signedOut, 'POST /api/auth/forgot-password': { body: { message: resetSent } } });
    renderAt('/auth/forgot-password');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(resetSent)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/forgot-password')[0]!.body).toEqual({ email: 'ana@example.com' });
  });
});

describe('ResetPasswordPage', () => {
  it('without a token explains and links to forgot-password', () => {
    stubFetch({ 'GET /api/user': signedOut });
    renderAt('/auth/reset-password');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  it('checks the confirmation, resets, toasts and goes to /auth', async () => {
    const api = stubFetch({
      'GET /api/user': signedOut,
      'POST /api/auth/reset-password': { body: { message: 'Your password has been reset. Please sign in with your new password.' } },
    });
    renderAt('/auth/reset-password?token=rt-1');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm password'), 'newpass2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(screen.getByText('Your password has been reset. Please sign in with your new password.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/reset-password')[0]!.body).toEqual({ token: 'rt-1', password: 'newpass1' });
  });

  it('on INVALID_RESET_TOKEN toasts "Invalid Reset Link" and links to a new request', async () => {
    stubFetch({
      'GET /api/user': signedOut,
      'POST /api/auth/reset-password': { status: 400, body: { message: 'Invalid or expired reset token', code: 'INVALID_RESET_TOKEN' } },
    });
    renderAt('/auth/reset-password?token=old');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getAllByText('Invalid Reset Link').length).toBeGreaterThanOrEqual(1);
    expect(document.querySelector('[data-state="open"]')).toHaveTextContent('Invalid Reset Link');
  });
});
