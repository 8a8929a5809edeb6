import { describe, expect, it } from 'vitest';
import { isSafeLink, linkField } from './links.ts';

describe('a banner or news link', () => {
  it('is an http or https address only', () => {
    for (const ok of ['https://www.chsi.com.cn/', 'http://example.edu.cn/a?b=1&c=中文#x', 'HTTPS://EXAMPLE.COM'])
      expect(isSafeLink(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'javascript://example.com/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'mailto:a@example.com',
      '//evil.example.com/',
      '/home',
      'https://',
      'https://exa mple.com',
      'https://example.com/"><script>',
      '',
    ])
      expect(isSafeLink(bad), bad).toBe(false);
  });

  it('is refused on save with the message naming the field, and may be left empty', () => {
    expect(linkField.safeParse('javascript:alert(1)').error?.issues[0]!.message).toBe('content.linkInvalid');
    expect(linkField.safeParse('  https://example.com/  ').data).toBe('https://example.com/');
    expect(linkField.safeParse('').data).toBe('');
    expect(linkField.safeParse(null).success).toBe(true);
  });
});
