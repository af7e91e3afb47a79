// Route path → screen name (the session's screen value and the screen-visit tracking name).
import { MENU_SCREEN, START_SCREEN } from '../lib/session';

const EXACT: Record<string, string> = {
  '/start': START_SCREEN,
  '/sign-in': 'Sign In',
  '/sign-up': 'Sign Up',
  '/finish-sign-up': 'Finish Sign Up',
  '/interests': 'Select Interest',
  '/forgot-password': 'Forgot Password',
  '/menu': MENU_SCREEN,
  '/my-impact': 'My Impact',
  '/settings': 'Settings',
  '/calculator': 'Calculating income',
  '/investment': 'Investment Screen',
  '/edit-profile': 'Edit Profile',
  '/transactions': 'Transaction Screen',
  '/trips': 'Shopping Trips',
  '/terms': 'Terms Of Use',
  '/favorites': 'Favorites',
  '/ambassador': 'Ambassador',
  '/faq': 'FAQ',
  '/accessibility': 'Accessibility Statement',
  '/delete-account': 'Delete Account Process',
  '/journey/success': 'Fondo Success',
  '/gift-card': 'Gift Card',
  '/set-target': 'Set Target',
  '/wallet': 'Wallet',
  '/purchases': 'Purchases',
};

const PREFIX: [RegExp, string][] = [
  [/^\/project\/[^/]+\/sponsor/, 'Project Sponsor'],
  [/^\/project\/[^/]+\/thanks/, 'Thanks for donate'],
  [/^\/project\//, 'Project Details'],
  [/^\/(brand|corporate)\/[^/]+\/slider/, 'Corporate Details Slider'],
  [/^\/corporate\//, 'Corporate Details'],
  [/^\/brand\//, 'Corporate Details'],
  [/^\/gift-card\//, 'Gift Card'],
  [/^\/set-target\//, 'Reward Target Details'],
  [/^\/transactions\//, 'Transaction Details'],
  [/^\/wallet\//, 'Wallet'],
  [/^\/purchases\//, 'Receipt'],
  [/^\/investment/, 'Investment Screen'],
  [/^\/invite\//, MENU_SCREEN],
];

/** The screen name for an unprefixed path, or null for the root (shop page). */
export function screenForPath(rest: string): string | null {
  const path = rest.split('?')[0]!.replace(/\/$/, '') || '/';
  if (path === '/') return null;
  if (EXACT[path]) return EXACT[path]!;
  for (const [re, name] of PREFIX) if (re.test(path)) return name;
  return path;
}
