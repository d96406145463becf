/** The chat feature's public surface: the header's Messages button, the profile's Message button and the chat routes. */
import { lazyPage } from '../../lib/lazy-page';

export { chatKeys } from './api/keys';
// In the header of every signed-in page: small; it loads the dialog on first open.
export { MessagesButton } from './components/messages-button';
export { MessageButton } from './components/message-button';

export const ChatPage = lazyPage(() => import('./pages/chat-page'));
export const MessagesUserPage = lazyPage<object>(() => import('./pages/chat-page').then((m) => ({ default: m.MessagesUserPage })));
export { messagesStore } from './lib/messages-store';
