import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { cn } from '../../lib/utils';

/**
 * Markdown written by staff (the community pages), rendered safely: react-markdown builds React
 * elements from the Markdown's syntax tree, never HTML strings. Raw HTML in the source is dropped
 * (`skipHtml`, and no rehype-raw), only the elements below are made, and every link and image
 * address goes through `safeUrl` (http, https, mailto and site-relative addresses; anything else,
 * `javascript:` included, becomes nothing). Images are not rendered at all: a page's pictures
 * would load from anywhere. Loaded only by the pages that render it (it is not in the first chunk).
 */

const ALLOWED = ['p', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'blockquote', 'code', 'pre', 'hr', 'br', 'del'] as const;

/** The address if it is http(s), mailto or on this site; otherwise an empty string (a dead link). */
export function safeUrl(url: string): string {
  const kept = defaultUrlTransform(url);
  if (!kept) return '';
  if (/^(https?:|mailto:)/i.test(kept) || /^[/#?]/.test(kept)) return kept;
  return /^[^:]*$/.test(kept) ? kept : '';
}

const components: Components = {
  h1: ({ node: _n, ...props }) => <h2 className="font-display text-2xl font-bold tracking-tight" {...props} />,
  h2: ({ node: _n, ...props }) => <h2 className="text-xl font-semibold" {...props} />,
  h3: ({ node: _n, ...props }) => <h3 className="text-lg font-semibold" {...props} />,
  h4: ({ node: _n, ...props }) => <h4 className="font-semibold" {...props} />,
  ul: ({ node: _n, ...props }) => <ul className="grid list-disc gap-1.5 pl-6" {...props} />,
  ol: ({ node: _n, ...props }) => <ol className="grid list-decimal gap-1.5 pl-6" {...props} />,
  blockquote: ({ node: _n, ...props }) => <blockquote className="border-l-4 border-primary/40 pl-4 text-muted-foreground" {...props} />,
  code: ({ node: _n, ...props }) => <code className="rounded bg-muted px-1 py-0.5 font-mono text-sm" {...props} />,
  pre: ({ node: _n, ...props }) => <pre className="overflow-x-auto rounded-lg bg-muted p-3" {...props} />,
  a: ({ node: _n, href, ...props }) => {
    const external = href ? /^(https?:|mailto:)/i.test(href) : false;
    return (
      <a
        className="font-medium text-primary underline underline-offset-2"
        href={href || undefined}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
        {...props}
      />
    );
  },
};

export default function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn('grid gap-4 leading-relaxed [overflow-wrap:anywhere]', className)}>
      <ReactMarkdown skipHtml allowedElements={ALLOWED} unwrapDisallowed urlTransform={safeUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
