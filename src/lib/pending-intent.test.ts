import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetIntent, hasPendingIntent, INTENT_TTL_MS, intentPath, peekIntent, rememberIntent, rememberIntentOfPath, takeIntent } from './pending-intent';

afterEach(() => {
  forgetIntent();
  vi.useRealTimers();
});

describe('pending intent', () => {
  it('is finished once, by the screen of that very action', () => {
    rememberIntent({ kind: 'follow', brandId: 7 });
    expect(hasPendingIntent()).toBe(true);
    expect(takeIntent('follow', 8)).toBe(false);
    expect(takeIntent('buy', 7)).toBe(false);
    expect(peekIntent('follow', 7)).toBe(true);
    expect(takeIntent('follow', 7)).toBe(true);
    expect(takeIntent('follow', 7)).toBe(false);
    expect(hasPendingIntent()).toBe(false);
  });

  it('a newer action replaces the older one; an old one expires', () => {
    vi.useFakeTimers();
    rememberIntent({ kind: 'follow', brandId: 7 });
    rememberIntent({ kind: 'buy', brandId: 3 });
    expect(peekIntent('follow', 7)).toBe(false);
    expect(peekIntent('buy', 3)).toBe(true);
    vi.advanceTimersByTime(INTENT_TTL_MS + 1);
    expect(hasPendingIntent()).toBe(false);
  });

  it('leads each action to where it is finished', () => {
    expect(intentPath({ kind: 'follow', brandId: 5 })).toBe('/corporate/5');
    expect(intentPath({ kind: 'buy', brandId: 5 })).toBe('/gift-card/5');
    expect(intentPath({ kind: 'target', projectId: 13 })).toBe('/set-target/13');
  });

  it('a guarded target detail is an action; other screens are not', () => {
    rememberIntentOfPath('/wallet');
    expect(hasPendingIntent()).toBe(false);
    rememberIntentOfPath('/set-target/13');
    expect(peekIntent('target', 13)).toBe(true);
  });

  it('ignores stored junk', () => {
    sessionStorage.setItem('socialpay.pending_intent', '{"kind":"follow","brandId":"x","at":1}');
    expect(hasPendingIntent()).toBe(false);
    sessionStorage.setItem('socialpay.pending_intent', 'not json');
    expect(hasPendingIntent()).toBe(false);
  });
});
