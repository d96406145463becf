import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptChatRequestResponse,
  CanChatResponse,
  ChatMessageDto,
  ChatMessagesQuery,
  ChatMessagesResponse,
  ChatReadResponse,
  ChatRequestBody,
  ChatRequestDto,
  ChatUserIdParams,
  IdParams,
  LegacyChatSessionDto,
  OkResponse,
  PingResponse,
  RejectChatRequestResponse,
  SendChatMessageBody,
  TypingBody,
  TypingStatusBody,
  TypingStatusResponse,
  UnreadCountResponse,
  ViewSessionBody,
} from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { requireUser, signedIn } from '../../plugins/authentication.js';
import { CHAT_WRITE_ERRORS, sendLimiter, type ChatRouteOptions } from './chat.routes.js';

const READ_ERRORS = errorResponses(400, 401, 404);

/**
 * The legacy `/api/chat/*` calls and their `-alt` fallbacks (document 1 §7 "Legacy chat and
 * fallbacks"), adapted onto the same service as the simple chat. The fallbacks carry `X-User-ID`
 * and `?userId=`; both are ignored: identity is only ever the session.
 */
export function chatLegacyRoutes(options: ChatRouteOptions) {
  const { chat } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['chat (legacy)'];
    const me = (request: Parameters<typeof requireUser>[0]) => requireUser(request).user.id;
    const limiter = sendLimiter(options);

    r.get(
      '/api/chat/requests',
      { schema: { tags, summary: 'Pending chat requests to and from me', response: { 200: z.array(ChatRequestDto), ...READ_ERRORS } }, preValidation: signedIn },
      async (request) => chat.listRequests(me(request)),
    );
    r.post(
      '/api/chat/requests',
      { schema: { tags, summary: 'Send a chat request', body: ChatRequestBody, response: { 201: ChatRequestDto, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
      async (request, reply) => reply.code(201).send(await chat.sendRequest(me(request), request.body)),
    );
    for (const base of ['/api/chat/requests', '/api/chat/requests-alt']) {
      r.post(
        `${base}/:id/accept`,
        { schema: { tags, summary: 'Accept a chat request (receiver only)', params: IdParams, response: { 200: AcceptChatRequestResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
        async (request) => chat.accept(me(request), request.params.id),
      );
      r.post(
        `${base}/:id/reject`,
        { schema: { tags, summary: 'Decline a chat request (receiver only)', params: IdParams, response: { 200: RejectChatRequestResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
        async (request) => chat.reject(me(request), request.params.id),
      );
    }

    for (const base of ['/api/chat/sessions', '/api/chat/sessions-alt']) {
      r.get(
        base,
        { schema: { tags, summary: 'My conversations (legacy shape)', response: { 200: z.array(LegacyChatSessionDto), ...READ_ERRORS } }, preValidation: signedIn },
        async (request) => chat.legacySessions(me(request)),
      );
      r.get(
        `${base}/:id`,
        { schema: { tags, summary: 'A page of a conversation, newest last', params: IdParams, querystring: ChatMessagesQuery, response: { 200: ChatMessagesResponse, ...READ_ERRORS } }, preValidation: signedIn },
        async (request) => chat.messages(me(request), request.params.id, request.query),
      );
      r.post(
        `${base}/:id/messages`,
        {
          schema: { tags, summary: 'Send a message (a repeated tempId answers the stored one)', params: IdParams, body: SendChatMessageBody, response: { 200: ChatMessageDto, 201: ChatMessageDto, ...CHAT_WRITE_ERRORS } },
          preValidation: signedIn,
          preHandler: limiter,
        },
        async (request, reply) => {
          const { message, created } = await chat.send(me(request), request.params.id, request.body);
          return reply.code(created ? 201 : 200).send(message);
        },
      );
      r.post(
        `${base}/:id/read`,
        { schema: { tags, summary: 'Mark the conversation read', params: IdParams, response: { 200: ChatReadResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
        async (request) => chat.markRead(me(request), request.params.id),
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
