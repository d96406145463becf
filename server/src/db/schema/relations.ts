// Drizzle relation metadata for the relational query API (`db.query.posts.findMany({ with: ... })`).
// No SQL comes from this file: the foreign keys live on the tables. Where two relations join the
// same pair of tables (follower/following, sender/receiver) each side names its relation.
import { relations } from 'drizzle-orm';
import {
  chatMessages,
  chatRequests,
  chatSessionUserData,
  chatSessions,
  chatTypingStatus,
  messageReactions,
  userOnlineStatus,
} from './chat.js';
import { reports, userWarnings } from './moderation.js';
import { notifications } from './notifications.js';
import { pointRules, pointTransactions } from './points.js';
import {
  categories,
  commentHearts,
  commentReplies,
  featuredPosts,
  likes,
  postCategories,
  posts,
  ratings,
  replyHearts,
  saves,
} from './posts.js';
import { dataExportRequests } from './system.js';
import {
  emailVerificationTokens,
  follows,
  passwordResetTokens,
  sessions,
  userBlocks,
  userRoles,
  userVerifications,
  users,
} from './users.js';

export const usersRelations = relations(users, ({ one, many }) => ({
  sessions: many(sessions),
  posts: many(posts),
  ratings: many(ratings),
  likes: many(likes),
  saves: many(saves),
  followers: many(follows, { relationName: 'follows_following' }),
  following: many(follows, { relationName: 'follows_follower' }),
  notifications: many(notifications, { relationName: 'notifications_recipient' }),
  verification: one(userVerifications),
  roles: many(userRoles),
  onlineStatus: one(userOnlineStatus),
  pointTransactions: many(pointTransactions),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const passwordResetTokensRelations = relations(passwordResetTokens, ({ one }) => ({
  user: one(users, { fields: [passwordResetTokens.userId], references: [users.id] }),
}));

export const emailVerificationTokensRelations = relations(emailVerificationTokens, ({ one }) => ({
  user: one(users, { fields: [emailVerificationTokens.userId], references: [users.id] }),
}));

export const userBlocksRelations = relations(userBlocks, ({ one }) => ({
  blocker: one(users, {
    fields: [userBlocks.blockerId],
    references: [users.id],
    relationName: 'user_blocks_blocker',
  }),
  blocked: one(users, {
    fields: [userBlocks.blockedId],
    references: [users.id],
    relationName: 'user_blocks_blocked',
  }),
}));

export const followsRelations = relations(follows, ({ one }) => ({
  follower: one(users, {
    fields: [follows.followerId],
    references: [users.id],
    relationName: 'follows_follower',
  }),
  following: one(users, {
    fields: [follows.followingId],
    references: [users.id],
    relationName: 'follows_following',
  }),
}));

export const userVerificationsRelations = relations(userVerifications, ({ one }) => ({
  user: one(users, { fields: [userVerifications.userId], references: [users.id] }),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
}));

export const postsRelations = relations(posts, ({ one, many }) => ({
  user: one(users, { fields: [posts.userId], references: [users.id] }),
  ratings: many(ratings),
  likes: many(likes),
  saves: many(saves),
  categories: many(postCategories),
  featured: one(featuredPosts),
}));

export const ratingsRelations = relations(ratings, ({ one, many }) => ({
  post: one(posts, { fields: [ratings.postId], references: [posts.id] }),
  user: one(users, { fields: [ratings.userId], references: [users.id] }),
  replies: many(commentReplies),
  hearts: many(commentHearts),
}));

export const likesRelations = relations(likes, ({ one }) => ({
  post: one(posts, { fields: [likes.postId], references: [posts.id] }),
  user: one(users, { fields: [likes.userId], references: [users.id] }),
}));

export const savesRelations = relations(saves, ({ one }) => ({
  post: one(posts, { fields: [saves.postId], references: [posts.id] }),
  user: one(users, { fields: [saves.userId], references: [users.id] }),
}));

export const commentHeartsRelations = relations(commentHearts, ({ one }) => ({
  rating: one(ratings, { fields: [commentHearts.ratingId], references: [ratings.id] }),
  user: one(users, { fields: [commentHearts.userId], references: [users.id] }),
}));

export const commentRepliesRelations = relations(commentReplies, ({ one, many }) => ({
  rating: one(ratings, { fields: [commentReplies.ratingId], references: [ratings.id] }),
  user: one(users, { fields: [commentReplies.userId], references: [users.id] }),
  hearts: many(replyHearts),
}));

export const replyHeartsRelations = relations(replyHearts, ({ one }) => ({
  reply: one(commentReplies, { fields: [replyHearts.replyId], references: [commentReplies.id] }),
  user: one(users, { fields: [replyHearts.userId], references: [users.id] }),
}));

export const categoriesRelations = relations(categories, ({ many }) => ({
  posts: many(postCategories),
}));

export const postCategoriesRelations = relations(postCategories, ({ one }) => ({
  post: one(posts, { fields: [postCategories.postId], references: [posts.id] }),
  category: one(categories, { fields: [postCategories.categoryId], references: [categories.id] }),
}));

export const featuredPostsRelations = relations(featuredPosts, ({ one }) => ({
  post: one(posts, { fields: [featuredPosts.postId], references: [posts.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, {
    fields: [notifications.userId],
    references: [users.id],
    relationName: 'notifications_recipient',
  }),
  actor: one(users, {
    fields: [notifications.actorId],
    references: [users.id],
    relationName: 'notifications_actor',
  }),
  post: one(posts, { fields: [notifications.postId], references: [posts.id] }),
}));

export const chatRequestsRelations = relations(chatRequests, ({ one }) => ({
  sender: one(users, {
    fields: [chatRequests.senderId],
    references: [users.id],
    relationName: 'chat_requests_sender',
  }),
  receiver: one(users, {
    fields: [chatRequests.receiverId],
    references: [users.id],
    relationName: 'chat_requests_receiver',
  }),
}));

export const chatSessionsRelations = relations(chatSessions, ({ one, many }) => ({
  request: one(chatRequests, { fields: [chatSessions.requestId], references: [chatRequests.id] }),
  user1: one(users, {
    fields: [chatSessions.user1Id],
    references: [users.id],
    relationName: 'chat_sessions_user1',
  }),
  user2: one(users, {
    fields: [chatSessions.user2Id],
    references: [users.id],
    relationName: 'chat_sessions_user2',
  }),
  messages: many(chatMessages),
  userData: many(chatSessionUserData),
}));

export const chatMessagesRelations = relations(chatMessages, ({ one, many }) => ({
  session: one(chatSessions, { fields: [chatMessages.sessionId], references: [chatSessions.id] }),
  sender: one(users, {
    fields: [chatMessages.senderId],
    references: [users.id],
    relationName: 'chat_messages_sender',
  }),
  receiver: one(users, {
    fields: [chatMessages.receiverId],
    references: [users.id],
    relationName: 'chat_messages_receiver',
  }),
  reactions: many(messageReactions),
}));

export const chatSessionUserDataRelations = relations(chatSessionUserData, ({ one }) => ({
  session: one(chatSessions, {
    fields: [chatSessionUserData.sessionId],
    references: [chatSessions.id],
  }),
  user: one(users, { fields: [chatSessionUserData.userId], references: [users.id] }),
}));

export const userOnlineStatusRelations = relations(userOnlineStatus, ({ one }) => ({
  user: one(users, { fields: [userOnlineStatus.userId], references: [users.id] }),
}));

export const chatTypingStatusRelations = relations(chatTypingStatus, ({ one }) => ({
  session: one(chatSessions, { fields: [chatTypingStatus.sessionId], references: [chatSessions.id] }),
  user: one(users, { fields: [chatTypingStatus.userId], references: [users.id] }),
}));

export const messageReactionsRelations = relations(messageReactions, ({ one }) => ({
  message: one(chatMessages, { fields: [messageReactions.messageId], references: [chatMessages.id] }),
  user: one(users, { fields: [messageReactions.userId], references: [users.id] }),
}));

export const reportsRelations = relations(reports, ({ one }) => ({
  reporter: one(users, {
    fields: [reports.userId],
    references: [users.id],
    relationName: 'reports_reporter',
  }),
  reviewer: one(users, {
    fields: [reports.reviewerId],
    references: [users.id],
    relationName: 'reports_reviewer',
  }),
}));

export const userWarningsRelations = relations(userWarnings, ({ one }) => ({
  user: one(users, {
    fields: [userWarnings.userId],
    references: [users.id],
    relationName: 'user_warnings_user',
  }),
  admin: one(users, {
    fields: [userWarnings.adminId],
    references: [users.id],
    relationName: 'user_warnings_admin',
  }),
  report: one(reports, { fields: [userWarnings.reportId], references: [reports.id] }),
}));

export const pointRulesRelations = relations(pointRules, ({ many }) => ({
  transactions: many(pointTransactions),
}));

export const pointTransactionsRelations = relations(pointTransactions, ({ one }) => ({
  user: one(users, { fields: [pointTransactions.userId], references: [users.id] }),
  rule: one(pointRules, { fields: [pointTransactions.pointRuleId], references: [pointRules.id] }),
}));

export const dataExportRequestsRelations = relations(dataExportRequests, ({ one }) => ({
  user: one(users, { fields: [dataExportRequests.userId], references: [users.id] }),
}));
