import { IdParams, type PostDto } from '@plates/common';
import type { PostsRepository } from './posts.repository.js';
import type { PostsService } from './posts.service.js';

/** Search-engine and link-preview descriptions are cut at 150 characters (document 2 §9). */
export const DESCRIPTION_MAX = 150;
const SITE = 'Plates';

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** At most `max` characters, cut on a word where one is near, with an ellipsis when cut. */
export function cutDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image?: string;
  type: 'article' | 'profile';
}

/** `<title>`, description, Open Graph and Twitter card tags, every value escaped. */
export function renderHead(meta: PageMeta): string {
  const tags: Array<[string, string, string]> = [
    ['name', 'description', meta.description],
    ['property', 'og:site_name', SITE],
    ['property', 'og:type', meta.type],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
  ];
  if (meta.image) tags.push(['property', 'og:image', meta.image]);
  tags.push(
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  );
  if (meta.image) tags.push(['name', 'twitter:image', meta.image]);
  const lines = tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`);
  return `<title>${escapeHtml(`${meta.title} | ${SITE}`)}</title>${lines.join('')}`;
}

const POST_PAGE = /^\/posts\/([^/]+)\/?$/;
const PROFILE_PAGE = /^\/(?:profile|users)\/([^/]+)\/?$/;

/**
 * The `<head>` of a shared link: a plate page (`/posts/{id}`) or a profile (`/profile/{id}`),
 * only for what an anonymous visitor may see (approved plates of public, active users; public
 * active profiles).
 * Anything else gets the plain shell (undefined).
 */
export function createShareMeta(deps: { posts: PostsService; repo: PostsRepository; appUrl: string }) {
  const absolute = (url: string) => new URL(url, `${deps.appUrl}/`).href;

  async function forPost(id: number): Promise<string | undefined> {
    let post: PostDto;
    try {
      post = await deps.posts.getPost(id, null);
    } catch {
      return undefined;
    }
    if (post.approvalStatus !== 'approved') return undefined;
    const by = post.user.displayName ?? post.user.username;
    return renderHead({
      title: post.title,
      description: cutDescription(post.description ?? `A plate by ${by}${post.location ? ` in ${post.location}` : ''} on ${SITE}.`),
      url: absolute(`/posts/${post.id}`),
      image: absolute(post.imageUrl),
      type: 'article',
    });
  }

  async function forProfile(id: number): Promise<string | undefined> {
    const user = await deps.repo.publicProfile(id);
    if (!user) return undefined;
    const name = user.displayName ?? user.username;
    return renderHead({
      title: `${name} (@${user.username})`,
      description: cutDescription(user.bio ?? `See ${name}'s plates on ${SITE}.`),
      url: absolute(`/profile/${user.id}`),
      ...(user.profileImage ? { image: absolute(user.profileImage) } : {}),
      type: 'profile',
    });
  }

  return async function headFor(path: string): Promise<string | undefined> {
    const post = POST_PAGE.exec(path);
    const profile = post ? undefined : PROFILE_PAGE.exec(path);
    const raw = post?.[1] ?? profile?.[1];
    if (raw === undefined) return undefined;
    const parsed = IdParams.safeParse({ id: raw });
    if (!parsed.success || !/^\d+$/.test(raw)) return undefined;
    return post ? forPost(parsed.data.id) : forProfile(parsed.data.id);
  };
}
