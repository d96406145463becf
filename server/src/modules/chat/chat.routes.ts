import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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
import type { Limit, RateLimitStore } from '../../plugins/rate-limits.js';
import { limited } from '../../plugins/rate-limits.js';
import { requireUser, signedIn } from '../../plugins/authentication.js';
import type { ChatService } from './chat.service.js';

const READ_ERRORS = errorResponses(400, 401, 404);
export const CHAT_WRITE_ERRORS = errorResponses(400, 401, 403, 404, 409, 429);

export interface ChatRouteOptions {
  chat: ChatService;
  store: RateLimitStore;
  /** Message sends per user per window (config.rateLimits). */
  sendLimit: { max: number; windowMs: number };
}

/** Counts message sends per signed-in user. */
export function sendLimiter(options: ChatRouteOptions) {
  const limit: Limit = {
    name: 'chat-send',
    max: options.sendLimit.max,
    windowMs: options.sendLimit.windowMs,
    key: (request) => (request.auth ? `user:${request.auth.user.id}` : undefined),
  };
  return limited(options.store, 'You are sending messages too fast. Please wait a moment.', [limit]);
}

/**
 * The simple chat (document 1 §7 "Simple chat (primary)"): requests, conversations, messages,
 * read markers and reactions. Identity comes only from the session; `X-User-ID` and `?userId=`
 * are never read.
 */
export function chatRoutes(options: ChatRouteOptions) {
  const { chat } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['chat'];
    const me = (request: Parameters<typeof requireUser>[0]) => requireUser(request).user.id;

    r.get(
      '/api/simple-chat/conversations',
      { schema: { tags, summary: 'My conversations, newest activity first', response: { 200: z.array(ConversationDto), ...READ_ERRORS } }, preValidation: signedIn },
      async (request) => chat.conversations(me(request)),
    );

    r.get(
      '/api/simple-chat/conversations/:id/messages',
      {
        schema: { tags, summary: 'A page of a conversation, newest last; `before` pages back', params: IdParams, querystring: ChatMessagesQuery, response: { 200: ChatMessagesResponse, ...READ_ERRORS } },
        preValidation: signedIn,
      },
      async (request) => chat.messages(me(request), request.params.id, request.query),
    );

    r.post(
      '/api/simple-chat/conversations/:id/messages',
      {
        schema: { tags, summary: 'Send a message (a repeated tempId answers the stored one)', params: IdParams, body: SendChatMessageBody, response: { 200: ChatMessageDto, 201: ChatMessageDto, ...CHAT_WRITE_ERRORS } },
        preValidation: signedIn,
        preHandler: sendLimiter(options),
      },
      async (request, reply) => {
        const { message, created } = await chat.send(me(request), request.params.id, request.body);
        return reply.code(created ? 201 : 200).send(message);
      },
    );

    r.post(
      '/api/simple-chat/conversations/:id/read',
      { schema: { tags, summary: 'Mark the conversation read', params: IdParams, response: { 200: ChatReadResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
      async (request) => chat.markRead(me(request), request.params.id),
    );

    r.get(
      '/api/simple-chat/requests',
      { schema: { tags, summary: 'Pending chat requests to and from me', response: { 200: z.array(ChatRequestDto), ...READ_ERRORS } }, preValidation: signedIn },
      async (request) => chat.listRequests(me(request)),
    );

    r.post(
      '/api/simple-chat/request',
      { schema: { tags, summary: 'Send a chat request', body: ChatRequestBody, response: { 201: ChatRequestDto, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
      async (request, reply) => reply.code(201).send(await chat.sendRequest(me(request), request.body)),
    );

    r.post(
      '/api/simple-chat/accept/:id',
      { schema: { tags, summary: 'Accept a chat request (receiver only)', params: IdParams, response: { 200: AcceptChatRequestResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
      async (request) => chat.accept(me(request), request.params.id),
    );

    r.post(
      '/api/simple-chat/reject/:id',
      { schema: { tags, summary: 'Decline a chat request (receiver only)', params: IdParams, response: { 200: RejectChatRequestResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
      async (request) => chat.reject(me(request), request.params.id),
    );

    r.post(
      '/api/simple-chat/messages/:id/reactions',
      { schema: { tags, summary: 'Toggle an emoji reaction on a message', params: IdParams, body: ReactionBody, response: { 200: ReactionResponse, ...CHAT_WRITE_ERRORS } }, preValidation: signedIn },
      async (request) => chat.react(me(request), request.params.id, request.body.emoji),
    );
  };
}
