import { describe, expect, it } from 'vitest';
import { SHARE_TARGETS, isMobileUserAgent, shareUrl } from './share-links';

const input = { url: 'https://app.test/invite/AB12C?x=1&y=2', title: 'Join me', text: 'Join me on SocialPay:' };

describe('share links', () => {
  it('encodes the link in every target', () => {
    for (const target of SHARE_TARGETS) {
      const href = shareUrl(target, input);
      expect(href).toContain(encodeURIComponent(input.url));
      expect(href).not.toContain('?x=1&y=2');
    }
  });

  it('uses the real share endpoints', () => {
    expect(shareUrl('x', input)).toMatch(/^https:\/\/x\.com\/intent\/tweet\?text=.+&url=/);
    expect(shareUrl('facebook', input)).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/);
    expect(shareUrl('whatsapp', input)).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(shareUrl('email', input)).toMatch(/^mailto:\?subject=Join%20me&body=/);
    expect(shareUrl('threads', input)).toMatch(/^https:\/\/www\.threads\.net\/intent\/post\?text=/);
    expect(shareUrl('telegram', input)).toMatch(/^https:\/\/t\.me\/share\/url\?url=/);
  });

  it('Messenger: app scheme on phones, send dialog with an app id, else the Facebook sharer', () => {
    expect(shareUrl('messenger', input, { mobile: true })).toMatch(/^fb-messenger:\/\/share\/\?link=/);
    expect(shareUrl('messenger', input, { facebookAppId: '123' })).toMatch(
      /^https:\/\/www\.facebook\.com\/dialog\/send\?app_id=123&link=.+&redirect_uri=/,
    );
    expect(shareUrl('messenger', input)).toMatch(/^https:\/\/www\.facebook\.com\/sharer\//);
  });

  it('detects phones', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/130')).toBe(false);
  });
});
