import { VERIFICATION_MESSAGES, type MyVerificationResponse } from '@plates/common';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { VerificationSection } from './verification-section';

const none: MyVerificationResponse = { verifiedType: null, request: null, canRequest: true, canRequestAt: null };
const pendingRequest = {
  id: 5,
  reason: 'I run a bistro',
  links: ['https://bistro.example'],
  status: 'pending' as const,
  decisionReason: null,
  verifiedType: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  decidedAt: null,
};

function setup(routes: Parameters<typeof stubFetch>[0]) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({ 'GET /api/user': { body: sampleUser }, ...routes });
  renderWithApp(<VerificationSection />);
  return { api, user: userEvent.setup() };
}

describe('Settings, Verification', () => {
  it('sends a request with its reason and the links filled in, then shows it pending', async () => {
    let state: MyVerificationResponse = none;
    const { api, user } = setup({
      'GET /api/verification': () => ({ body: state }),
      'POST /api/verification/requests': () => {
        state = { verifiedType: null, request: pendingRequest, canRequest: false, canRequestAt: null };
        return { status: 201, body: pendingRequest };
      },
    });
    await user.type(await screen.findByLabelText('Why should your account be verified?'), 'I run a bistro');
    await user.type(screen.getByLabelText('Link 2'), 'https://bistro.example');
    await user.click(screen.getByRole('button', { name: 'Request verification' }));
    expect(await screen.findByText('Request pending')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/verification/requests')[0]!.body).toEqual({ reason: 'I run a bistro', links: ['https://bistro.example'] });
  });

  it('refuses an empty reason and a link that is not a web address, with the catalogue words, without sending', async () => {
    const { api, user } = setup({ 'GET /api/verification': { body: none } });
    await user.type(await screen.findByLabelText('Link 1'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Request verification' }));
    expect(await screen.findByText(VERIFICATION_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(screen.getByText(VERIFICATION_MESSAGES.badLink)).toBeInTheDocument();
    expect(screen.getByLabelText('Link 1')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/verification/requests')).toHaveLength(0);
  });

  it('shows the server refusal of a second request and what is true now', async () => {
    let state: MyVerificationResponse = none;
    const { user } = setup({
      'GET /api/verification': () => ({ body: state }),
      'POST /api/verification/requests': () => {
        state = { verifiedType: null, request: pendingRequest, canRequest: false, canRequestAt: null };
        return { status: 409, body: { message: VERIFICATION_MESSAGES.alreadyPending, code: 'CONFLICT' } };
      },
    });
    await user.type(await screen.findByLabelText('Why should your account be verified?'), 'Again');
    await user.click(screen.getByRole('button', { name: 'Request verification' }));
    expect(await screen.findByText('Request pending')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Request verification' })).not.toBeInTheDocument();
  });

  it('shows a decline with its reason and when they may ask again, without the form', async () => {
    setup({
      'GET /api/verification': {
        body: {
          verifiedType: null,
          request: { ...pendingRequest, status: 'declined', decisionReason: 'Add a link to your restaurant.', decidedAt: '2026-03-02T10:00:00.000Z' },
          canRequest: false,
          canRequestAt: '2026-04-01T10:00:00.000Z',
        },
      },
    });
    expect(await screen.findByText('Add a link to your restaurant.')).toBeInTheDocument();
    expect(screen.getByText(/You can ask again from 1 Apr/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request verification' })).not.toBeInTheDocument();
  });

  it('shows "Verified (Gold)" with the gold badge to a verified member', async () => {
    setup({ 'GET /api/verification': { body: { verifiedType: 'gold', request: null, canRequest: false, canRequestAt: null } } });
    expect(await screen.findByText('Verified (Gold)')).toBeInTheDocument();
    expect(document.querySelector('[data-verified="gold"]')).not.toBeNull();
  });

  it('offers Try Again when the state cannot load', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/verification': () => (fail ? { status: 500, body: { message: 'Boom', code: 'INTERNAL_ERROR' } } : { body: none }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your verification');
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request verification' })).toBeInTheDocument());
  });
});
