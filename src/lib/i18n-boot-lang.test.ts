import { describe, expect, it } from 'vitest';
import { getLang, initI18n } from './i18n';

// The boot prefetch (src/app/boot-prefetch.ts) sends requests right after initI18n was called, before
// it resolves: their Accept-Language must already be the URL's language.
describe('getLang while booting', () => {
  it('is the language i18next is being started with as soon as initI18n was called', async () => {
    const ready = initI18n('nl');
    expect(getLang()).toBe('nl'); // not the 'en' default: Accept-Language of boot requests follows the URL
    await ready;
    expect(getLang()).toBe('nl');
  });
});
