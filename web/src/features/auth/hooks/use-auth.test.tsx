import { PAGE_DATA_ID, STORAGE_KEYS } from '@plates/common';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPageAnswers } from '../../../lib/page-data';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { authKeys } from '../api/keys';
import { useAuth } from './use-auth';

/** Writes the block the server puts in the page (server/src/plugins/page-data.ts). */
function servePage(viewer: number | null, user: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_DATA_ID;
  block.textContent = JSON.stringify({ viewer, answers: { '/api/user': user } });
  document.head.append(block);
  resetPageAnswers();
}

function Who() {
  const { user, isLoading } = useAuth();
  return <p>{isLoading ? 'Loading' : user ? `Signed in as ${user.username}` : 'Visitor'}</p>;
}

afterEach(() => {
  document.getElementById(PAGE_DATA_ID)?.remove();
  resetPageAnswers();
});

describe('who is signed in, without a 401 for visitors', () => {
  it('a visitor whose page says so is never asked for, not even when the session is checked again', async () => {
    servePage(null, null);
    const api = stubFetch({ 'GET /api/user': signedOutReply });
    const { queryClient } = renderWithApp(<Who />);
    expect(screen.getByText('Visitor')).toBeInTheDocument();
    // what a window focus after the stale time, or an invalidation, does
    await act(() => queryClient.refetchQueries({ queryKey: authKeys.user }));
    await act(() => queryClient.invalidateQueries({ queryKey: authKeys.user }));
    expect(screen.getByText('Visitor')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user')).toEqual([]);
  });

  it('a token left by an ended session is asked about once, then forgotten: the next load asks nothing', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'ended-session');
    localStorage.setItem(STORAGE_KEYS.userId, '7');
    servePage(null, null); // the cookie's session has ended too
    const api = stubFetch({ 'GET /api/user': signedOutReply });
    const first = renderWithApp(<Who />);
    expect(await screen.findByText('Visitor')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
    first.unmount();

    servePage(null, null);
    renderWithApp(<Who />);
    expect(screen.getByText('Visitor')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user')).toHaveLength(1);
  });

  it('a visitor who signs in in another tab is asked for again (the stored user id is the hint)', async () => {
    servePage(null, null);
    const api = stubFetch({ 'GET /api/user': { body: sampleUser } });
    const { queryClient } = renderWithApp(<Who />);
    expect(screen.getByText('Visitor')).toBeInTheDocument();
    localStorage.setItem(STORAGE_KEYS.userId, String(sampleUser.id)); // the other tab's sign-in
    await act(() => queryClient.refetchQueries({ queryKey: authKeys.user }));
    expect(await screen.findByText(`Signed in as ${sampleUser.username}`)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user')).toHaveLength(1);
  });

  it('a page that did not say (no block) still asks, and a signed-in member is kept asking', async () => {
    const api = stubFetch({ 'GET /api/user': { body: sampleUser } });
    const { queryClient } = renderWithApp(<Who />);
    expect(await screen.findByText(`Signed in as ${sampleUser.username}`)).toBeInTheDocument();
    await act(() => queryClient.refetchQueries({ queryKey: authKeys.user }));
    expect(api.callsTo('GET', '/api/user')).toHaveLength(2);
  });
});
