import sanitizeHtml from 'sanitize-html';

/**
 * Rich HTML as stored: tags and attributes from an allow-list, only http(s),
 * mailto and tel links, images over http(s) or site paths; scripts, event
 * handlers and javascript: URLs never survive. External links get
 * rel="noopener noreferrer" and a new window.
 */
export function sanitizeRich(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'iframe'),
      'img',
      'figure',
      'figcaption',
      'span',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      '*': ['class'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const external = /^https?:\/\//i.test(href);
        const out: Record<string, string> = { ...attribs };
        if (external) {
          out.target = '_blank';
          out.rel = 'noopener noreferrer';
        } else {
          delete out.target;
          if (out.rel) out.rel = 'noopener noreferrer';
        }
        return { tagName, attribs: out };
      },
    },
  });
}

/** Plain text: every tag removed (titles, names). */
export function sanitizePlain(text: string | null | undefined): string {
  if (!text) return '';
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).trim();
}
