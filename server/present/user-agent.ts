/**
 * A device's name for the signed-in devices list: browser and system from the user agent, by a few
 * ordered rules (most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari").
 * Null when a part is not recognised: the app then shows "Unknown browser" in the user's language.
 */
export interface DeviceName {
  browser: string | null;
  os: string | null;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, 'iPadOS'],
  [/\b(iPhone|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, rules: [RegExp, string][]) => rules.find(([re]) => re.test(ua))?.[1] ?? null;

export function deviceName(userAgent: string | null | undefined): DeviceName {
  const ua = userAgent ?? '';
  return { browser: first(ua, BROWSERS), os: first(ua, SYSTEMS) };
}
