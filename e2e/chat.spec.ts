import { expect, test } from '@playwright/test';
import { idOf } from './api';
import { createMember, signInUi } from './members';
import { sendChatRequest, signedInPage } from './pages';

test('two people chat: a request, an accept, and messages that arrive at once', async ({ browser, request }) => {
  const asker = await createMember(request, 'asker');
  const host = await createMember(request, 'host');
  const hostId = await idOf(host);

  const askerPage = await signedInPage(browser, asker);
  const hostPage = await signedInPage(browser, host);

  // The asker presses Message on the host's profile, writes a greeting and sends the request.
  const greeting = 'Your saffron risotto looks amazing! Could we swap recipes?';
  await askerPage.goto(`/profile/${hostId}`);
  await askerPage.getByRole('button', { name: new RegExp(`^Message ${host.username}`) }).click();
  await sendChatRequest(askerPage, greeting);
  await expect(askerPage.getByText('Chat request sent')).toBeVisible();
  await askerPage.getByRole('button', { name: new RegExp(`^Message ${host.username}`) }).click();
  await expect(askerPage.getByText('Request already sent')).toBeVisible();

  // The host sees it at once (no reload), accepts, and the conversation opens.
  await expect(hostPage.getByText('New Chat Request')).toBeVisible({ timeout: 5_000 });
  await hostPage.getByRole('button', { name: /^Messages, / }).click();
  const hostDialog = hostPage.getByRole('dialog', { name: 'Messages' });
  await hostDialog.getByRole('tab', { name: /^Requests/ }).click();
  await expect(hostDialog.getByRole('list', { name: 'Chat requests' }).getByText(greeting)).toBeVisible();
  await hostDialog.getByRole('button', { name: new RegExp(`^Accept ${asker.username}`) }).click();
  const hostThread = hostDialog.getByRole('region', { name: 'Conversation' });
  await hostThread.getByPlaceholder('Type a message...').fill('Welcome! What are you cooking tonight?');
  await hostThread.getByRole('button', { name: 'Send' }).click();
  await expect(hostThread.getByPlaceholder('Type a message...')).toHaveValue('');
  await expect(hostThread.getByRole('list', { name: 'Messages' }).getByText('Welcome! What are you cooking tonight?')).toBeVisible();

  // The asker is told, sees the unread badge, opens the conversation and answers.
  const badge = askerPage.getByRole('button', { name: /^Messages, [1-9]\d* unread$/ });
  await expect(badge).toBeVisible({ timeout: 5_000 });
  await badge.click();
  const askerDialog = askerPage.getByRole('dialog', { name: 'Messages' });
  await askerDialog.getByRole('button', { name: new RegExp(`${host.username}`) }).first().click();
  const askerThread = askerDialog.getByRole('region', { name: 'Conversation' });
  await expect(askerThread.getByRole('list', { name: 'Messages' }).getByText('Welcome! What are you cooking tonight?')).toBeVisible();
  await askerThread.getByPlaceholder('Type a message...').fill('Saffron risotto, wish me luck.');
  await askerThread.getByRole('button', { name: 'Send' }).click();

  // The answer reaches the host's open thread without a reload.
  await expect(hostThread.getByRole('list', { name: 'Messages' }).getByText('Saffron risotto, wish me luck.')).toBeVisible({ timeout: 5_000 });

  // The host reacts to it; the asker's open thread shows the reaction at once.
  const answer = hostThread.getByRole('listitem').filter({ hasText: 'Saffron risotto, wish me luck.' });
  await answer.getByRole('button', { name: /^React to / }).click();
  await hostPage.getByRole('button', { name: 'React with 😋' }).click();
  await expect(answer.getByRole('button', { name: '😋 1 reaction' })).toHaveAttribute('aria-pressed', 'true');
  const askerAnswer = askerThread.getByRole('listitem').filter({ hasText: 'Saffron risotto, wish me luck.' });
  await expect(askerAnswer.getByRole('button', { name: '😋 1 reaction' })).toHaveAttribute('aria-pressed', 'false', { timeout: 5_000 });
  await hostPage.screenshot({ quality: 80, path: 'e2e/artifacts/chat-desktop.jpg' });

  // The asker again on a phone, in dark theme: the list or the thread, with Back between them.
  const phone = await signedInPage(browser, asker, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' });
  await phone.goto('/messages');
  const phoneDialog = phone.getByRole('dialog', { name: 'Messages' });
  await phoneDialog.getByRole('button', { name: new RegExp(host.username) }).first().click();
  const phoneThread = phoneDialog.getByRole('region', { name: 'Conversation' });
  await expect(phoneThread.getByRole('button', { name: '😋 1 reaction' })).toBeVisible();
  await phone.screenshot({ quality: 80, path: 'e2e/artifacts/chat-phone-dark-thread.jpg' });
  await phoneThread.getByRole('button', { name: /^Back/ }).click();
  await expect(phoneThread).toBeHidden();
  await expect(phoneDialog.getByRole('button', { name: new RegExp(host.username) }).first()).toBeVisible();
  await phone.screenshot({ quality: 80, path: 'e2e/artifacts/chat-phone-dark-list.jpg' });
});

test('with the realtime socket blocked (WebSocket and its long-polling fallback), chat keeps working by HTTP polling', async ({ browser, request }) => {
  const walled = await createMember(request, 'walled');
  const friend = await createMember(request, 'friend');
  const walledId = await idOf(walled);

  // The friend asks over a normal connection; the walled member's proxy refuses /socket.io entirely.
  const friendPage = await signedInPage(browser, friend);
  const context = await browser.newContext();
  await context.route('**/socket.io/**', (route) => route.abort());
  const walledPage = await context.newPage();
  await signInUi(walledPage, walled);

  await friendPage.goto(`/profile/${walledId}`);
  await friendPage.getByRole('button', { name: new RegExp(`^Message ${walled.username}`) }).click();
  await sendChatRequest(friendPage);
  await expect(friendPage.getByText('Chat request sent')).toBeVisible();

  // The request and then the messages arrive through the polling intervals (8 s, 5 s, 2 s).
  await walledPage.goto('/chat?tab=requests');
  const dialog = walledPage.getByRole('dialog', { name: 'Messages' });
  await dialog.getByRole('button', { name: new RegExp(`^Accept ${friend.username}`) }).click({ timeout: 15_000 });
  const thread = dialog.getByRole('region', { name: 'Conversation' });
  await thread.getByPlaceholder('Type a message...').fill('Can you hear me through the wall?');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByPlaceholder('Type a message...')).toHaveValue('');
  await expect(thread.getByRole('list', { name: 'Messages' }).getByText('Can you hear me through the wall?')).toBeVisible();

  await friendPage.getByRole('button', { name: /^Messages, [1-9]\d* unread$/ }).click();
  const friendDialog = friendPage.getByRole('dialog', { name: 'Messages' });
  await friendDialog.getByRole('button', { name: new RegExp(walled.username) }).first().click();
  const friendThread = friendDialog.getByRole('region', { name: 'Conversation' });
  await expect(friendThread.getByRole('list', { name: 'Messages' }).getByText('Can you hear me through the wall?')).toBeVisible();
  await friendThread.getByPlaceholder('Type a message...').fill('Loud and clear.');
  await friendThread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByRole('list', { name: 'Messages' }).getByText('Loud and clear.')).toBeVisible({ timeout: 10_000 });
  await context.close();
});
