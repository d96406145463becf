import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CanChatResponse,
  ChatReadResponse,
  ChatUserIdParams,
  IdParams,
  LegacyChatSessionDto,
  OkResponse,
  PingResponse,
  TypingBody,
  TypingStatusBody,
  TypingStatusResponse,
  UnreadCountResponse,
  ViewSessionBody,
} from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { requireUser, signedIn } from '../../plugins/authentication.js';
import { CHAT_WRITE_ERRORS, type ChatRouteOptions } from './chat.routes.js';

const READ_ERRORS = errorResponses(400, 401, 404);

/**
 * The legacy `/api/chat/*` calls and their `-alt` fallbacks (document 1 §7 "Legacy chat and
 * fallbacks") that the simple chat has no twin of, adapted onto the same service. The thread,
 * sending, read markers and requests are declared once in chat.routes.ts at both families' paths.
 * The fallbacks carry `X-User-ID` and `?userId=`; both are ignored: identity is only ever the session.
 */
export function chatLegacyRoutes(options: ChatRouteOptions) {
  const { chat } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['chat (legacy)'];
    const me = (request: Parameters<typeof requireUser>[0]) => requireUser(request).user.id;

    for (const base of ['/api/chat/sessions', '/api/chat/sessions-alt']) {
      r.get(
        base,
        { schema: { tags, summary: 'My conversations (legacy shape)', response: { 200: z.array(LegacyChatSessionDto), ...READ_ERRORS } }, preValidation: signedIn },
        async (request) => chat.legacySessions(me(request)),
      );
    }

    for (const path of ['/api/chat/unread', '/api/chat/unread-alt']) {
      r.get(
        path,
        { schema: { tags, summary: 'Unread messages across my conversations', response: { 200: UnreadCountResponse, ...READ_ERRORS } }, preValidation: signedIn },
        async (request) => chat.unread(me(request)),
      );
    }

    r.post(
      '/api/chat/sessions/:id/view',
      { schema: { tags, summary: 'The conversation is on screen: marks it read', params: IdParams, body: ViewSessionBody, response: { 200: ChatReadResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
      async (request) => chat.markRead(me(request), request.params.id),
    );
    r.post(
      '/api/chat/sessions-alt/:id/typing',
      { schema: { tags, summary: 'Set my typing flag in a conversation', params: IdParams, body: TypingBody, response: { 200: OkResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
      async (request) => chat.setTyping(me(request), request.params.id, request.body.isTyping),
    );
    r.post(
      '/api/chat/typing-status',
      { schema: { tags, summary: 'Set my typing flag in a conversation', body: TypingStatusBody, response: { 200: OkResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
      async (request) => chat.setTyping(me(request), request.body.sessionId, request.body.isTyping),
    );
    r.get(
      '/api/chat/sessions-alt/:id/typing-status',
      { schema: { tags, summary: "The other member's typing flag (false after 5 s without an update)", params: IdParams, response: { 200: TypingStatusResponse, ...READ_ERRORS } }, preValidation: signedIn },
      async (request) => chat.typingStatus(me(request), request.params.id),
    );
    r.post(
      '/api/chat/ping',
      { schema: { tags, summary: 'HTTP-only presence heartbeat', response: { 200: PingResponse, ...READ_ERRORS } }, preValidation: signedIn },
      async (request) => chat.ping(me(request)),
    );
    r.get(
      '/api/chat/can-chat/:userId',
      { schema: { tags, summary: 'Whether I can chat with a user, or what stands in the way', params: ChatUserIdParams, response: { 200: CanChatResponse, ...READ_ERRORS } }, preValidation: signedIn },
      async (request) => chat.canChat(me(request), request.params.userId),
    );
  };
}
