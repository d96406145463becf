import { EMAIL_TEMPLATE_MESSAGES as M, type EmailTemplateDraft, type EmailTemplateIssue } from '@plates/common';
import { Parser } from 'htmlparser2';
import type { TemplateDefinition } from './email-templates.registry.js';

/**
 * What a saved email template may hold (decision record 0033). The HTML is parsed (htmlparser2,
 * entities decoded, names lower-cased) and checked against allowlists, never matched with regexes:
 * layout and text tags only, presentational attributes only, links to http, https and mailto (or a
 * variable), styles that load nothing. The draft is refused rather than cleaned, so what the admin
 * sees in the preview is what members get.
 */

const ALLOWED_TAGS = new Set([
  'html', 'head', 'title', 'body', 'div', 'span', 'p', 'br', 'hr', 'a', 'img', 'center', 'font',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'code',
  'section', 'header', 'footer', 'article', 'main', 'nav', 'aside',
]);

const ALLOWED_ATTRIBUTES = new Set([
  'style', 'class', 'id', 'align', 'valign', 'width', 'height', 'dir', 'lang', 'title', 'role',
  'bgcolor', 'color', 'border', 'cellpadding', 'cellspacing', 'colspan', 'rowspan', 'alt',
  'target', 'rel', 'face', 'size', 'href', 'src', 'aria-label', 'aria-hidden',
]);

/** Attributes that hold a URL, and the schemes each may use. */
const URL_SCHEMES: Record<string, readonly string[]> = {
  href: ['http:', 'https:', 'mailto:'],
  src: ['http:', 'https:'],
};

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * Whether a URL attribute's value is safe: the server's own link, an in-page anchor, or an allowed
 * scheme. Only `{{link}}` (a Plates address the server makes) may start one: a member's words
 * ({{displayName}} of "javascript:…") must never become a link's scheme.
 */
function urlIsSafe(value: string, schemes: readonly string[]): boolean {
  // Browsers drop whitespace and control characters inside a scheme ("java\tscript:").
  const squeezed = [...value].filter((c) => c > ' ' && c !== '\u007f').join('').toLowerCase();
  if (squeezed.startsWith('{{link}}') || squeezed.startsWith('#')) return true;
  return schemes.some((scheme) => squeezed.startsWith(scheme));
}

function styleIsSafe(value: string): boolean {
  const squeezed = value.replace(/\/\*[\s\S]*?\*\//g, '').replace(/[\s\\]/g, '').toLowerCase();
  return !/url\(|expression\(|javascript:|@import|behavior:|-moz-binding/.test(squeezed);
}

/** The first unsafe thing in `html`, as the catalogue says it, or null. */
export function htmlProblem(html: string): string | null {
  let problem: string | null = null;
  const found = (message: string) => {
    problem ??= message;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!ALLOWED_TAGS.has(name)) {
          found(M.unsafeTag(name));
          return;
        }
        for (const [attribute, value] of Object.entries(attributes)) {
          if (!ALLOWED_ATTRIBUTES.has(attribute)) found(M.unsafeAttribute(attribute));
          else if (attribute === 'style' && !styleIsSafe(value)) found(M.unsafeStyle);
          else if (attribute in URL_SCHEMES && !urlIsSafe(value, URL_SCHEMES[attribute]!)) found(M.unsafeUrl(attribute));
          else if ((attribute === 'href' && name !== 'a') || (attribute === 'src' && name !== 'img')) found(M.unsafeAttribute(attribute));
        }
      },
      onprocessinginstruction(name) {
        if (name.toLowerCase() !== '!doctype') found(M.unsafeTag(name));
      },
      oncomment(data) {
        if (/[<>]|\[if/i.test(data)) found(M.unsafeComment);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return problem;
}

/** Every reason a save of `draft` would be refused, by field (at most one per field). */
export function draftIssues(definition: TemplateDefinition, draft: EmailTemplateDraft): EmailTemplateIssue[] {
  const declared = new Set(definition.variables.map((v) => v.name));
  const issues: EmailTemplateIssue[] = [];
  for (const field of ['subject', 'html', 'text'] as const) {
    const source = draft[field];
    const used = new Set([...source.matchAll(PLACEHOLDER)].map((m) => m[1]!));
    const unknown = [...used].find((name) => !declared.has(name));
    const missing = field === 'subject' ? undefined : definition.variables.find((v) => v.required && !used.has(v.name));
    const unsafe = field === 'html' ? htmlProblem(source) : null;
    const message = unknown ? M.unknownVariable(unknown) : missing ? M.missingVariable(missing.name) : unsafe;
    if (message) issues.push({ field, message });
  }
  return issues;
}
