import type { EvidenceRatingDto, RingFindingDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import RatingsPage, { CHECKS } from './ratings-page';

const member = (id: number, username: string) => ({ id, username, displayName: null, joinedAt: '2025-01-01T00:00:00.000Z' });
const ring: RingFindingDto = {
  kind: 'ring',
  members: [
    { ...member(1, 'ann'), insideCount: 6, insideAverage: 5, usualCount: 3, usualAverage: 2 },
    { ...member(2, 'bob'), insideCount: 6, insideAverage: 5, usualCount: 0, usualAverage: null },
    { ...member(3, 'cat'), insideCount: 6, insideAverage: 5, usualCount: 2, usualAverage: 2.5 },
  ],
  pairs: [],
};
const rating = (id: number, postId: number): EvidenceRatingDto => ({
  id,
  rating: 5,
  createdAt: '2026-01-02T10:00:00.000Z',
  rater: { id: 1, username: 'ann' },
  post: { id: postId, title: `Plate ${postId}`, authorId: 2, authorUsername: 'bob' },
});

const admin = { 'GET /api/user': { body: { ...sampleUser, isAdmin: true } } };
const render = (route = '/admin/ratings') => {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin/ratings', element: <RatingsPage /> }], route });
};

describe('RatingsPage', () => {
  it('shows a ring with its averages, opens its ratings, voids the selected with a reason, then refreshes', async () => {
    let voided = false;
    const api = stubFetch({
      ...admin,
      'GET /api/admin/ratings/rings': () => ({ body: { findings: voided ? [] : [ring] } }),
      'GET /api/admin/ratings/evidence': { body: { ratings: [rating(11, 100), rating(12, 100), rating(13, 101)], nextCursor: null } },
      'POST /api/admin/ratings/void': () => {
        voided = true;
        return { body: { voided: 2, skipped: 0, posts: [{ id: 100, ratingCount: 0, averageRating: 0 }], pointsTakenBack: 30, membersNotified: 2 } };
      },
    });
    const user = userEvent.setup();
    render();
    const card = await screen.findByRole('listitem', { name: 'Ring of 3: @ann, @bob, @cat' });
    const ann = within(card).getByRole('row', { name: /@ann/ });
    expect(within(ann).getAllByRole('cell').map((c) => c.textContent)).toEqual(['5.0 ★ (6)', '2.0 ★ (3)']);
    expect(within(within(card).getByRole('row', { name: /@bob/ })).getAllByRole('cell')[1]).toHaveTextContent('— (0)');
    expect(screen.getByRole('button', { name: 'Void selected' })).toBeDisabled();

    await user.click(within(card).getByRole('button', { name: 'Show ratings' }));
    expect(within(card).getByRole('button', { name: 'Hide ratings' })).toHaveAttribute('aria-expanded', 'true');
    const list = await within(card).findByRole('list', { name: /^Ratings of/ });
    expect(api.callsTo('GET', '/api/admin/ratings/evidence')[0]!.url.searchParams.get('raterIds')).toBe('1,2,3');
    expect(api.callsTo('GET', '/api/admin/ratings/evidence')[0]!.url.searchParams.get('authorIds')).toBe('1,2,3');
    const boxes = within(list).getAllByRole('checkbox');
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    await user.click(screen.getByRole('button', { name: 'Void selected (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Void 2 ratings' });
    expect(dialog).toHaveTextContent('on 1 plate will be removed');
    await user.click(within(dialog).getByRole('button', { name: 'Void ratings' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/ratings/void')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Ring');
    await user.click(within(dialog).getByRole('button', { name: 'Void ratings' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/admin/ratings/void')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/ratings/void')[0]!.body).toEqual({ ratingIds: [11, 12], reason: 'Ring' });
    expect(await screen.findByText(/2 ratings voided on 1 plate; 30 points taken back; 2 members told/)).toBeInTheDocument();
    expect(await screen.findByText('Nothing suspicious found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Void selected' })).toBeDisabled();
  });

  it('says what was checked when nothing is found, and keeps the tab in the address', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin/ratings/rings': { body: { findings: [] } },
      'GET /api/admin/ratings/bursts': { body: { findings: [] } },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Nothing suspicious found.')).toBeInTheDocument();
    expect(screen.getByText(`Checked: ${CHECKS.rings}`)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Bursts' }));
    expect(await screen.findByText(`Checked: ${CHECKS.bursts}`)).toBeInTheDocument();
  });

  it('opens on the tab the address names, and shows a failed list with Try Again', async () => {
    let fail = true;
    stubFetch({
      ...admin,
      'GET /api/admin/ratings/shared-accounts': () =>
        fail
          ? { status: 500, body: { message: 'Server exploded', code: 'INTERNAL_ERROR' } }
          : {
              body: {
                findings: [
                  {
                    ip: '203.0.113.7',
                    userAgent: 'Firefox',
                    lastSignInAt: '2026-01-02T10:00:00.000Z',
                    accounts: [
                      { ...member(5, 'main'), signIns: 1, lastSignInAt: '2026-01-02T10:00:00.000Z' },
                      { ...member(6, 'sock'), signIns: 2, lastSignInAt: '2026-01-02T10:00:00.000Z' },
                    ],
                  },
                ],
              },
            },
    });
    const user = userEvent.setup();
    render('/admin/ratings?tab=shared');
    expect(screen.getByRole('tab', { name: 'Shared accounts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Loading shared accounts')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading shared accounts');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    const card = await screen.findByRole('listitem', { name: '2 accounts from 203.0.113.7' });
    expect(within(card).getByText(/2 sign-ins/)).toBeInTheDocument();
  });
});
