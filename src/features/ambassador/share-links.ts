/**
 * Share URLs for the ambassador link (X, Facebook, Messenger, WhatsApp, email, Threads,
 * Telegram, copy). Each is a real web share endpoint with the link (and text) URL-encoded.
 * Messenger has no app-free web share URL: phones use the fb-messenger:// scheme; elsewhere the
 * Facebook send dialog when an app id is configured (VITE_FACEBOOK_APP_ID), else the Facebook
 * sharer, whose dialog offers "Send in Messenger".
 */
export type ShareTarget = 'x' | 'facebook' | 'messenger' | 'whatsapp' | 'email' | 'threads' | 'telegram';

export const SHARE_TARGETS: readonly ShareTarget[] = ['x', 'facebook', 'messenger', 'whatsapp', 'email', 'threads', 'telegram'];

export interface ShareInput {
  url: string;
  title: string;
  text: string;
}

export function isMobileUserAgent(ua: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(ua);
}

export function shareUrl(
  target: ShareTarget,
  { url, title, text }: ShareInput,
  opts: { mobile?: boolean; facebookAppId?: string | null } = {},
): string {
  const u = encodeURIComponent(url);
  const withLink = encodeURIComponent(`${text} ${url}`);
  switch (target) {
    case 'x':
      return `https://x.com/intent/tweet?text=${encodeURIComponent(text)}&url=${u}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'messenger':
      if (opts.mobile) return `fb-messenger://share/?link=${u}`;
      if (opts.facebookAppId) {
        return `https://www.facebook.com/dialog/send?app_id=${encodeURIComponent(opts.facebookAppId)}&link=${u}&redirect_uri=${u}`;
      }
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'whatsapp':
      return `https://wa.me/?text=${withLink}`;
    case 'email':
      return `mailto:?subject=${encodeURIComponent(title)}&body=${withLink}`;
    case 'threads':
      return `https://www.threads.net/intent/post?text=${withLink}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${encodeURIComponent(text)}`;
  }
}

/** Whether the target opens a web page (new tab) rather than an app or mail client. */
export function opensInNewTab(href: string): boolean {
  return href.startsWith('https://');
}
