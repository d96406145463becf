import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_MESSAGES,
  MESSAGES,
  AcceptChatRequestResponse,
  ChatMessageDto,
  ChatMessagesQuery,
  ChatMessagesResponse,
  ChatReadResponse,
  ChatRequestBody,
  ChatRequestDto,
  ConversationDto,
  IdParams,
  ReactionBody,
  ReactionResponse,
  RejectChatRequestResponse,
  SendChatMessageBody,
} from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import type { RateLimitStore } from '../../plugins/rate-limits.js';
import { limited, perMember } from '../../plugins/rate-limits.js';
import { memberOf, requireUser, signedIn } from '../../plugins/authentication.js';
import type { ChatService } from './chat.service.js';

const READ_ERRORS = errorResponses(400, 401, 404);
export const CHAT_WRITE_ERRORS = errorResponses(400, 401, 403, 404, 409, 429);

export interface ChatRouteOptions {
  chat: ChatService;
  store: RateLimitStore;
  /** Message sends per user per window (config.rateLimits). */
  sendLimit: { max: number; windowMs: number };
  /** Chat requests per user per window (config.rateLimits). */
  requestLimit: { max: number; windowMs: number };
  /** Reactions per user per window: the members' taps counter (config.rateLimits). */
  tapLimit: { max: number; windowMs: number };
}

/** Counts one kind of write per signed-in user, whichever path (simple or legacy) it came by. */
function perUserLimiter(options: ChatRouteOptions, name: string, window: { max: number; windowMs: number }, message: string) {
  // `max` read on every request: the sends' limit is an admin setting (app.ts).
  return limited(options.store, message, [perMember(name, () => window.max, window.windowMs)]);
}

/**
 * The simple chat (document 1 §7 "Simple chat (primary)"): requests, conversations, messages,
 * read markers and reactions; the legacy paths of the same calls are mounted here too (the rest
 * of the legacy API is chat.legacy.routes.ts). Identity comes only from the session; `X-User-ID` and `?userId=`
 * are never read.
 */
export function chatRoutes(options: ChatRouteOptions) {
  const { chat } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['chat'];
    const tagsOf = (path: string) => (path.startsWith('/api/chat/') ? ['chat (legacy)'] : tags);
    const me = (request: Parameters<typeof requireUser>[0]) => requireUser(request).user.id;
    const limiter = perUserLimiter(options, 'chat-send', options.sendLimit, CHAT_MESSAGES.rateLimited);
    const requestLimiter = perUserLimiter(options, 'chat-request', options.requestLimit, CHAT_MESSAGES.requestsRateLimited);
    const tapLimiter = perUserLimiter(options, 'tap-user', options.tapLimit, MESSAGES.rateLimited);

    r.get(
      '/api/simple-chat/conversations',
      { schema: { tags, summary: 'My conversations, newest activity first', response: { 200: z.array(ConversationDto), ...READ_ERRORS } }, preValidation: signedIn },
      async (request) => chat.conversations(me(request)),
    );

    // The thread, sending, read markers and requests: one declaration each, mounted at the simple
    // chat's path and at the legacy paths of document 1 §7 (and their -alt fallbacks).
    for (const path of ['/api/simple-chat/conversations/:id/messages', '/api/chat/sessions/:id', '/api/chat/sessions-alt/:id']) {
      r.get(
        path,
        {
          schema: { tags: tagsOf(path), summary: 'A page of a conversation, newest last; `before` pages back', params: IdParams, querystring: ChatMessagesQuery, response: { 200: ChatMessagesResponse, ...READ_ERRORS } },
          preValidation: signedIn,
        },
        async (request) => chat.messages(me(request), request.params.id, request.query),
      );
    }

    for (const path of ['/api/simple-chat/conversations/:id/messages', '/api/chat/sessions/:id/messages', '/api/chat/sessions-alt/:id/messages']) {
      r.post(
        path,
        {
          schema: { tags: tagsOf(path), summary: 'Send a message (a repeated tempId answers the stored one)', params: IdParams, body: SendChatMessageBody, response: { 200: ChatMessageDto, 201: ChatMessageDto, ...CHAT_WRITE_ERRORS } },
          preValidation: signedIn,
          preHandler: limiter,
        },
        async (request, reply) => {
          const { message, created } = await chat.send(me(request), request.params.id, request.body);
          return reply.code(created ? 201 : 200).send(message);
        },
      );
    }

    for (const path of ['/api/simple-chat/conversations/:id/read', '/api/chat/sessions/:id/read', '/api/chat/sessions-alt/:id/read']) {
      r.post(
        path,
        { schema: { tags: tagsOf(path), summary: 'Mark the conversation read', params: IdParams, response: { 200: ChatReadResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
        async (request) => chat.markRead(me(request), request.params.id),
      );
    }

    for (const path of ['/api/simple-chat/requests', '/api/chat/requests']) {
      r.get(
        path,
        { schema: { tags: tagsOf(path), summary: 'Pending chat requests to and from me', response: { 200: z.array(ChatRequestDto), ...READ_ERRORS } }, preValidation: signedIn },
        async (request) => chat.listRequests(me(request)),
      );
    }

    for (const path of ['/api/simple-chat/request', '/api/chat/requests']) {
      r.post(
        path,
        { schema: { tags: tagsOf(path), summary: 'Send a chat request', body: ChatRequestBody, response: { 201: ChatRequestDto, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn, preHandler: requestLimiter },
        async (request, reply) => reply.code(201).send(await chat.sendRequest(me(request), request.body, { held: memberOf(request).restricted === true })),
      );
    }

    for (const path of ['/api/simple-chat/accept/:id', '/api/chat/requests/:id/accept', '/api/chat/requests-alt/:id/accept']) {
      r.post(
        path,
        { schema: { tags: tagsOf(path), summary: 'Accept a chat request (receiver only)', params: IdParams, response: { 200: AcceptChatRequestResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
        async (request) => chat.accept(me(request), request.params.id),
      );
    }

    for (const path of ['/api/simple-chat/reject/:id', '/api/chat/requests/:id/reject', '/api/chat/requests-alt/:id/reject']) {
      r.post(
        path,
        { schema: { tags: tagsOf(path), summary: 'Decline a chat request (receiver only)', params: IdParams, response: { 200: RejectChatRequestResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
        async (request) => chat.reject(me(request), request.params.id),
      );
    }

    r.post(
      '/api/simple-chat/messages/:id/reactions',
      { schema: { tags, summary: 'Toggle an emoji reaction on a message', params: IdParams, body: ReactionBody, response: { 200: ReactionResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn, preHandler: tapLimiter },
      async (request) => chat.react(me(request), request.params.id, request.body.emoji),
    );
  };
}
