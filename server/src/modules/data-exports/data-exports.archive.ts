import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { DATA_EXPORT_TTL_DAYS } from '@plates/common';
import type { ImageStorage } from '../../lib/storage/index.js';
import type { DataExportsRepository } from './data-exports.repository.js';

type Sections = Pick<DataExportsRepository, 'profile' | 'plates' | 'ratings' | 'comments' | 'messages' | 'follows'>;
type Plate = Awaited<ReturnType<Sections['plates']>>[number];

/** Opens a stored image as a stream, or undefined when it is gone. */
export type ImageOpener = (key: string) => Promise<Readable | undefined>;

/**
 * Reads stored images: local storage streams its file; S3 has no reader here, so the presigned
 * GET URL is fetched and its body streamed.
 */
export function imageOpener(storage: Pick<ImageStorage, 'read' | 'url'>, fetchImpl: typeof fetch = fetch): ImageOpener {
  return async (key) => {
    if (storage.read) return (await storage.read(key))?.stream;
    const response = await fetchImpl(await storage.url(key));
    if (!response.ok || !response.body) return undefined;
    return Readable.fromWeb(response.body as ReadableStream);
  };
}

/** The best copy kept of a plate's photo: the stored key (the largest rendition), else the widest variant. */
export function bestImageKey(plate: Pick<Plate, 'imageKey' | 'imageVariants'>): string | undefined {
  if (plate.imageKey) return plate.imageKey;
  const widest = [...plate.imageVariants].filter((v) => v.key).sort((a, b) => b.width - a.width)[0];
  return widest?.key;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

export const README = `Your Plates data
================

This archive holds a copy of what you shared on Plates, as it was when it was made.

profile.json   your account: name, email, bio, location, settings, points and level
plates.json    your plates (every state: approved, waiting, rejected), with their counters
plates/        each plate's photo at the best quality Plates keeps (the largest WebP
               rendition made at upload; the file you sent is not kept), named by plate id;
               an empty file means the photo was missing from storage
ratings.json   the stars you gave, by plate id
comments.json  the comments and replies you wrote, held and removed ones included
messages.json  your conversations (the other person by username only) and the messages you sent
follows.json   whom you follow or asked to follow, who follows you or asks to, and whom you block

Other people's messages, photos and private details are not included.
The download link works for ${DATA_EXPORT_TTL_DAYS} days; then the archive is deleted.
`;

/**
 * Writes the member's zip to `file` (through a temporary file renamed at the end), streaming: the
 * JSON sections are small buffers, each photo is read from storage only when the zip reaches it and
 * piped through (no recompression: WebP is compressed already), and the zip's output goes to disk
 * with back-pressure. Answers the file's size. `onProgress` runs between photos (lease renewal);
 * throwing from it aborts the build.
 */
export async function writeArchive(options: {
  userId: number;
  sections: Sections;
  openImage: ImageOpener;
  file: string;
  onProgress?: () => void;
}): Promise<number> {
  const { userId, sections, openImage, file } = options;
  const profile = await sections.profile(userId);
  if (!profile) throw new Error('the account no longer exists');
  const [plates, ratings, comments, messages, follows] = await Promise.all([
    sections.plates(userId),
    sections.ratings(userId),
    sections.comments(userId),
    sections.messages(userId),
    sections.follows(userId),
  ]);

  const zip = new yazl.ZipFile();
  const temporary = `${file}.${process.pid}.tmp`;
  const written = pipeline(zip.outputStream, createWriteStream(temporary));
  const failed = new Promise<never>((_, reject) => zip.on('error', reject));
  failed.catch(() => undefined);

  zip.addBuffer(Buffer.from(README, 'utf8'), 'README.txt');
  zip.addBuffer(
    json({
      ...profile,
      createdAt: iso(profile.createdAt),
      lastLoginAt: iso(profile.lastLoginAt),
    }),
    'profile.json',
  );

  const plateEntries = plates.map((plate) => {
    const key = bestImageKey(plate);
    const ext = key ? path.extname(key).slice(1) || 'webp' : null;
    const image = key ? `plates/${plate.id}.${ext}` : null;
    return { plate, key, image };
  });
  zip.addBuffer(
    json(
      plateEntries.map(({ plate, image }) => ({
        id: plate.id,
        title: plate.title,
        description: plate.description,
        location: plate.location,
        altText: plate.altText,
        approvalStatus: plate.approvalStatus,
        rejectionReason: plate.rejectionReason,
        averageRating: plate.ratingCount > 0 ? Math.round((plate.ratingSum / plate.ratingCount) * 100) / 100 : null,
        ratingCount: plate.ratingCount,
        commentCount: plate.commentCount,
        saveCount: plate.saveCount,
        likeCount: plate.likeCount,
        image,
        imageWidth: plate.imageWidth,
        imageHeight: plate.imageHeight,
        createdAt: iso(plate.createdAt),
        updatedAt: iso(plate.updatedAt),
      })),
    ),
    'plates.json',
  );
  zip.addBuffer(json(ratings.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) }))), 'ratings.json');
  zip.addBuffer(
    json({
      comments: comments.comments.map((c) => ({ ...c, heldAt: iso(c.heldAt), removedAt: iso(c.removedAt), createdAt: iso(c.createdAt) })),
      replies: comments.replies.map((c) => ({ ...c, heldAt: iso(c.heldAt), createdAt: iso(c.createdAt) })),
    }),
    'comments.json',
  );
  zip.addBuffer(
    json({
      conversations: messages.conversations.map((c) => ({ ...c, createdAt: iso(c.createdAt), lastMessageAt: iso(c.lastMessageAt) })),
      sent: messages.sent.map((m) => ({ ...m, heldAt: iso(m.heldAt), sentAt: iso(m.sentAt) })),
    }),
    'messages.json',
  );
  zip.addBuffer(
    json({
      following: follows.following.map((f) => ({ ...f, since: iso(f.since) })),
      followers: follows.followers.map((f) => ({ ...f, since: iso(f.since) })),
      blocked: follows.blocked.map((f) => ({ ...f, since: iso(f.since) })),
    }),
    'follows.json',
  );

  // Each photo is opened only when the zip reaches it, so one file is open at a time.
  for (const { key, image } of plateEntries) {
    if (!key || !image) continue;
    zip.addReadStreamLazy(image, { compress: false }, (callback) => {
      try {
        options.onProgress?.();
      } catch (error) {
        callback(error as Error, Readable.from([]));
        return;
      }
      openImage(key).then(
        (stream) => callback(null, stream ?? Readable.from([])),
        (error: unknown) => callback(error as Error, Readable.from([])),
      );
    });
  }
  zip.end();

  try {
    await Promise.race([written, failed]);
    await rename(temporary, file);
  } catch (error) {
    (zip.outputStream as Readable).destroy();
    await rm(temporary, { force: true });
    throw error;
  }
  return (await stat(file)).size;
}
