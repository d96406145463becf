import type { SecurityEventDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch, type Recorded } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import SecurityPage from './security-page';

function makeEvent(overrides: Partial<SecurityEventDto> = {}): SecurityEventDto {
  return {
    id: 1,
    createdAt: '2030-01-01T10:00:00.000Z',
    eventType: 'login_failed',
    severity: 'low',
    description: 'Wrong password',
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    user: { id: 42, username: 'chef_ana' },
    isResolved: false,
    metadata: null,
    ...overrides,
  };
}

function renderPage(route = '/admin/security') {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin/security', element: <SecurityPage /> }], route });
}

const session = { 'GET /api/user': { body: { ...sampleUser, isAdmin: true } } };

describe('SecurityPage', () => {
  it('lists events with severity, member link, address and state, and resolves one', async () => {
    const user = userEvent.setup();
    let resolved = false;
    const api = stubFetch({
      ...session,
      'GET /api/admin/security-events': () => ({
        body: {
          events: [
            makeEvent({ isResolved: resolved }),
            makeEvent({ id: 2, eventType: 'ip_blocked', severity: 'medium', user: null, description: 'Refused GET /api/posts', isResolved: true }),
            makeEvent({ id: 3, eventType: 'something_new', severity: 'critical', user: null, ipAddress: null }),
          ],
          page: 1,
          totalPages: 1,
          total: 3,
        },
      }),
      'POST /api/admin/security-events/1/resolve': () => {
        resolved = true;
        return { body: makeEvent({ isResolved: true }) };
      },
    });
    renderPage();

    const list = await screen.findByRole('list', { name: 'Security events' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Failed sign-in')).toBeInTheDocument();
    expect(within(first!).getByText('low')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: '@chef_ana' })).toHaveAttribute('href', '/admin/users/42');
    expect(within(first!).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(second!).getByText('Blocked address refused')).toBeInTheDocument();
    expect(within(second!).getByText('No member')).toBeInTheDocument();
    expect(within(second!).getByText('Resolved')).toBeInTheDocument();
    expect(within(third!).getByText('something_new')).toBeInTheDocument();
    expect(within(third!).getByText('critical')).toBeInTheDocument();
    expect(screen.getByText('3 events, newest first.')).toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: /^Resolve Failed sign-in/ }));
    expect(await screen.findByText('Event resolved')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/security-events/1/resolve')).toHaveLength(1);
    await waitFor(() => expect(within(list).getAllByText('Resolved')).toHaveLength(2));
  });

  it('filters by type, state and address through the URL, and checks what is typed', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      ...session,
      'GET /api/admin/security-events': { body: { events: [], page: 1, totalPages: 1, total: 0 } },
    });
    renderPage('/admin/security?severity=high');
    expect(await screen.findByText('No security events match.')).toBeInTheDocument();
    const lastQuery = () => (api.callsTo('GET', '/api/admin/security-events').at(-1) as Recorded).url.searchParams;
    expect(lastQuery().get('severity')).toBe('high');

    const form = screen.getByRole('form', { name: 'Filter security events' });
    expect(within(form).getByRole('combobox', { name: 'Severity' })).toHaveValue('high');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Type' }), 'rate_limited');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'State' }), 'false');
    await user.type(within(form).getByRole('textbox', { name: 'Address or range' }), 'not-an-ip');
    await user.type(within(form).getByRole('textbox', { name: 'Member id' }), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    expect(within(form).getByText('Enter an address or a CIDR range')).toBeInTheDocument();
    expect(within(form).getByText('Enter a member id (a number)')).toBeInTheDocument();

    const ip = within(form).getByRole('textbox', { name: 'Address or range' });
    await user.clear(ip);
    await user.type(ip, '203.0.113.9/24');
    await user.clear(within(form).getByRole('textbox', { name: 'Member id' }));
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/security?type=rate_limited&severity=high&resolved=false&ip=203.0.113.0%2F24',
      ),
    );
    await waitFor(() => expect(lastQuery().get('ip')).toBe('203.0.113.0/24'));
    expect(lastQuery().get('type')).toBe('rate_limited');
    expect(lastQuery().get('resolved')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/security$/));
  });

  it('pages through events and shows loading failures', async () => {
    const user = userEvent.setup();
    let fail = false;
    stubFetch({
      ...session,
      'GET /api/admin/security-events': (req) => {
        if (fail) return { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Server error. Our team has been notified.' } };
        const page = Number(req.url.searchParams.get('page') ?? '1');
        return { body: { events: [makeEvent({ id: page, description: `Event on page ${page}` })], page, totalPages: 2, total: 51 } };
      },
    });
    renderPage();
    expect(await screen.findByText('Event on page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Event on page 2')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/security?page=2');

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText(/Error loading security events/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
