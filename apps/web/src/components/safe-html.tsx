import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import './safe-html.css';

let hooked = false;
function purifier() {
  if (!hooked) {
    // Every link gets rel="noopener noreferrer"; external ones open in a new window.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        const href = node.getAttribute('href') ?? '';
        const external = /^https?:\/\//i.test(href) && !href.startsWith(window.location.origin);
        if (external) node.setAttribute('target', '_blank');
        else node.removeAttribute('target');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      if (node.tagName === 'IMG') node.setAttribute('loading', 'lazy');
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Sanitizes HTML for rendering: no script, event handler or javascript: URL survives. */
export function sanitizeForRender(html: string): string {
  return purifier().sanitize(html, {
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
  });
}

/** Rich HTML from the server, sanitized again in the browser; images scale to fit. */
export function SafeHtml(props: {
  html: string | null | undefined;
  className?: string;
  as?: 'div' | 'section' | 'article';
}) {
  const clean = useMemo(() => sanitizeForRender(props.html ?? ''), [props.html]);
  const Tag = props.as ?? 'div';
  return <Tag className={`safe-html ${props.className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
