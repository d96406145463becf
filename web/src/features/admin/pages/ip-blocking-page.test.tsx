import type { EmailDomainBlockDto, IpBlockDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import IpBlockingPage from './ip-blocking-page';

const staff = { id: 1, username: 'head_chef' };

function makeBlock(overrides: Partial<IpBlockDto> = {}): IpBlockDto {
  return {
    id: 1,
    ipAddress: '203.0.113.7',
    blockType: 'no_access',
    reason: 'Scraping every profile',
    status: 'active',
    expiresAt: null,
    createdAt: '2030-01-01T10:00:00.000Z',
    blockedBy: staff,
    removedAt: null,
    removedBy: null,
    removeReason: null,
    ...overrides,
  };
}

function renderPage() {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin/ip-blocking', element: <IpBlockingPage /> }], route: '/admin/ip-blocking' });
}

const session = { 'GET /api/user': { body: { ...sampleUser, isAdmin: true } } };

describe('IpBlockingPage', () => {
  it('lists blocks in force first, then history, and removes one with a reason', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      ...session,
      'GET /api/admin/ip-blocks': {
        body: {
          yourIp: '192.0.2.1',
          blocks: [
            makeBlock(),
            makeBlock({ id: 2, ipAddress: '2001:db8::/32', blockType: 'sign_up_block', reason: 'Spam sign-ups', expiresAt: '2031-01-01T00:00:00.000Z' }),
            makeBlock({
              id: 3,
              ipAddress: '198.51.100.0/24',
              blockType: 'sign_up_requires_approval',
              status: 'removed',
              removedAt: '2030-01-02T00:00:00.000Z',
              removedBy: staff,
              removeReason: 'Office network',
            }),
          ],
        },
      },
      'GET /api/admin/email-domain-blocks': { body: { domains: [] } },
      'DELETE /api/admin/ip-blocks/1': { body: makeBlock({ status: 'removed' }) },
    });
    renderPage();

    const live = await screen.findByRole('region', { name: 'Blocks in force (2)' });
    expect(within(live).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(live).getByText('No access')).toBeInTheDocument();
    expect(within(live).getByText('2001:db8::/32')).toBeInTheDocument();
    expect(within(live).getByText('Block sign-ups')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Expired and removed (last 90 days)' });
    expect(within(history).getByText('198.51.100.0/24')).toBeInTheDocument();
    expect(within(history).getByText(/Removed by head_chef on .*: Office network/)).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByText('No email domains are blocked.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove block on 203.0.113.7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove block' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Shared café wifi');
    await user.click(within(dialog).getByRole('button', { name: 'Remove block' }));
    expect(await screen.findByText('Block removed')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/admin/ip-blocks/1')[0]!.url.searchParams.get('reason')).toBe('Shared café wifi');
  });

  it('checks the address, explains the type, and sends the block with its expiry', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      ...session,
      'GET /api/admin/ip-blocks': { body: { yourIp: '192.0.2.1', blocks: [] } },
      'GET /api/admin/email-domain-blocks': { body: { domains: [] } },
      'POST /api/admin/ip-blocks': (req) => ({ status: 201, body: makeBlock({ ...(req.body as object), id: 9 }) }),
    });
    renderPage();
    expect(await screen.findByText('No addresses are blocked.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Block an address' });
    expect(within(form).getByText(/Nobody can create an account from this address/)).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'Address or range' }), '10.0.0.1/33');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Card testing');
    await user.click(within(form).getByRole('button', { name: 'Block' }));
    expect(await within(form).findByText(/Enter an IP address/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/ip-blocks')).toHaveLength(0);

    const address = within(form).getByRole('textbox', { name: 'Address or range' });
    await user.clear(address);
    await user.type(address, '10.0.0.9/24');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'What to block' }), 'no_access');
    expect(within(form).getByText(/Every page, the app and live updates refuse this address/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Expires (optional)'), '2099-05-01T12:30');
    await user.click(within(form).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Address blocked')).toBeInTheDocument();
    const [sent] = api.callsTo('POST', '/api/admin/ip-blocks');
    expect(sent!.body).toEqual({
      ipAddress: '10.0.0.0/24',
      blockType: 'no_access',
      reason: 'Card testing',
      expiresAt: new Date('2099-05-01T12:30').toISOString(),
    });
  });

  it('warns of a self-lockout and asks for confirmation before blocking your own address', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      ...session,
      'GET /api/admin/ip-blocks': { body: { yourIp: '192.0.2.1', blocks: [] } },
      'GET /api/admin/email-domain-blocks': { body: { domains: [] } },
      'POST /api/admin/ip-blocks': (req) =>
        (req.body as { confirm?: boolean }).confirm
          ? { status: 201, body: makeBlock({ ipAddress: '192.0.2.0/24' }) }
          : {
              status: 409,
              body: { code: 'CONFLICT', field: 'confirm', message: 'This block covers your own address (192.0.2.1): confirm to block it anyway.' },
            },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Block an address' });
    await waitFor(() => expect(within(form).getByText(/Yours is 192.0.2.1/)).toBeInTheDocument());
    await user.type(within(form).getByRole('textbox', { name: 'Address or range' }), '192.0.2.0/24');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'What to block' }), 'no_access');
    expect(within(form).getByText('This covers your own address')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Testing');
    await user.click(within(form).getByRole('button', { name: 'Block' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Block your own address?' });
    expect(within(confirm).getByText(/covers your own address \(192.0.2.1\)/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Block anyway' }));
    expect(await screen.findByText('Address blocked')).toBeInTheDocument();
    const calls = api.callsTo('POST', '/api/admin/ip-blocks');
    expect(calls.map((c) => (c.body as { confirm?: boolean }).confirm)).toEqual([undefined, true]);
  });

  it('blocks and unblocks email domains', async () => {
    const user = userEvent.setup();
    let domains: EmailDomainBlockDto[] = [{ id: 4, domain: 'spam.test', reason: 'Throwaway', createdAt: '2030-01-01T00:00:00.000Z', createdBy: staff }];
    const api = stubFetch({
      ...session,
      'GET /api/admin/ip-blocks': { body: { yourIp: '192.0.2.1', blocks: [] } },
      'GET /api/admin/email-domain-blocks': () => ({ body: { domains } }),
      'POST /api/admin/email-domain-blocks': (req) => {
        const body = req.body as { domain: string };
        domains = [...domains, { id: 5, domain: body.domain, reason: null, createdAt: '2030-01-01T00:00:00.000Z', createdBy: staff }];
        return { status: 201, body: domains[1] };
      },
      'DELETE /api/admin/email-domain-blocks/4': () => {
        domains = domains.filter((d) => d.id !== 4);
        return { body: { message: 'Email domain unblocked' } };
      },
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Email domains' });
    expect(await within(section).findByText('spam.test')).toBeInTheDocument();
    await user.type(within(section).getByRole('textbox', { name: 'Domain' }), '@Mailinator.COM');
    await user.click(within(section).getByRole('button', { name: 'Block domain' }));
    expect(await within(section).findByText('mailinator.com')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/email-domain-blocks')[0]!.body).toEqual({ domain: 'mailinator.com', reason: '' });

    await user.click(within(section).getByRole('button', { name: 'Unblock spam.test' }));
    await user.click(await screen.findByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(within(section).queryByText('spam.test')).not.toBeInTheDocument());
  });

  it('says so when the blocks cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch({
      ...session,
      'GET /api/admin/ip-blocks': () =>
        fail ? { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Server error. Our team has been notified.' } } : { body: { yourIp: '192.0.2.1', blocks: [] } },
      'GET /api/admin/email-domain-blocks': { body: { domains: [] } },
    });
    renderPage();
    expect(await screen.findByText(/Error loading IP blocks/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No addresses are blocked.')).toBeInTheDocument();
  });
});
