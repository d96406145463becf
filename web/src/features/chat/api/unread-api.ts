import type { UnreadCountResponse } from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** On every signed-in page (the header badge): kept apart from the dialog's calls. */
export const fetchUnreadCount = () => apiRequest<UnreadCountResponse>('GET', '/api/chat/unread');
