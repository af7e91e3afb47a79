import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type PluginOption, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { CATEGORIES_PATH } from './src/lib/catalogue/categories-path';
import { NOT_FOUND_PAGES } from './server/contract/app-paths';

// The build id: the persisted query cache's buster and the data-build mark on <html> (src/offline/build-info.ts).
// Pass VITE_BUILD_ID to pin it (the offline update test builds two versions); otherwise a timestamp.
process.env.VITE_BUILD_ID ||= new Date().toISOString().replace(/[-:.TZ]/g, '');

/**
 * The built index.html names the app's stylesheets as `<link rel="preload" as="style" data-app-css>`
 * instead of `rel="stylesheet"`: fetched as early and at the same priority, but they no longer block
 * the inline-styled skeleton's first paint. src/app/app-styles.ts (main.tsx's first import) applies
 * them and main.tsx awaits them before React renders anything, so the app never shows unstyled.
 */
function nonBlockingAppCss(): PluginOption {
  return {
    name: 'socialpay:non-blocking-app-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const out = html.replace(/<link rel="stylesheet"((?: crossorigin)?) href="(\/assets\/[^"]+\.css)">/g, '<link rel="preload" as="style"$1 href="$2" data-app-css>');
        if (/<link rel="stylesheet"/.test(out)) throw new Error('nonBlockingAppCss: a stylesheet link was left render-blocking (pattern out of date?)');
        return out;
      },
    },
  };
}

/**
 * index.html preloads the English boot translations (src/lib/boot-strings-en.ts): the first render
 * waits for them in every language (English is the fallback of Dutch), and asked for by the entry they
 * left only once it had downloaded and run, a round trip after it. Alternated Lighthouse A/Bs, 12 pairs:
 * LCP −50 ms on the shop, −40 ms on the wallet (tests/bench/RESULTS.md section 9).
 */
function preloadBootStrings(): PluginOption {
  return {
    name: 'socialpay:preload-boot-strings',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/lib/boot-strings-en.ts'));
        if (!chunk) throw new Error('preloadBootStrings: no chunk for src/lib/boot-strings-en.ts');
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * The early start (src/early.ts; what it does and why: src/app/early-start.ts), inline at the end of
 * index.html's body: it runs as the document is parsed, ~90 ms before the entry has downloaded and
 * been compiled on an installed start (a script file of its own, even `async`, arrived only ~25 ms
 * before the entry: it waited for the worker like every file). Built apart as one small classic
 * script with its own copy of the few modules it runs. The CSP allows exactly this script by its hash,
 * on the app's page only (server/http/static.ts); a server that does not simply blocks it, and the
 * entry then does the same work itself.
 */
function earlyStart(): PluginOption {
  let code = '';
  return {
    name: 'socialpay:early-start',
    apply: 'build',
    async buildStart() {
      const out = (await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          lib: { entry: fileURLToPath(new URL('./src/early.ts', import.meta.url)), formats: ['iife'], name: 'socialpayEarly' },
        },
      })) as Rolldown.RolldownOutput[];
      code = out[0]!.output[0].code.trim();
      if (code.includes('</script')) throw new Error('earlyStart: the script cannot be inlined as it is');
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', children: code, injectTo: 'body' }],
    },
  };
}

/**
 * index.html preloads the shop's categories (the first rows wait for them, and the largest images for
 * the rows): the request starts with the document instead of after the entry script has run. Same URL,
 * mode and credentials as the app's fetch (src/lib/catalogue/api.ts), so the fetch takes the preload.
 */
function preloadCategories(): PluginOption {
  const href = `${process.env.VITE_API_BASE ?? '/api/v1.0'}${CATEGORIES_PATH}`;
  return {
    name: 'socialpay:preload-categories',
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'preload', href, as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' }],
  };
}

/**
 * The web app manifest in English or Dutch. Both are built (manifest.webmanifest and
 * manifest.nl.webmanifest, same id: one app); the page's <link rel="manifest"> follows the app's
 * language (setLanguage in src/lib/i18n.ts), so a Dutch user installs a Dutch app: name, description,
 * shortcuts, screenshot labels, and a start URL and share action that open the app in Dutch.
 * The screenshots come from the real app: `node scripts/screenshots.mjs` (README).
 */
const DUTCH_MANIFEST = '/manifest.nl.webmanifest';
function manifest(lang: 'en' | 'nl'): Partial<ManifestOptions> {
  const nl = lang === 'nl';
  const home = nl ? '/#/nl' : '/';
  const icon = [{ src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' }];
  return {
    id: '/',
    name: 'SocialPay',
    short_name: 'SocialPay',
    description: nl
      ? 'Shop bij partnermerken, bewaar je cadeaukaarten in een portemonnee die ook offline werkt, en laat je pensioen- en impactbeloningen groeien.'
      : 'Shop with partner brands, keep your gift cards in a wallet that works offline, and grow your pension and impact rewards.',
    lang,
    dir: 'ltr',
    start_url: home,
    scope: '/',
    display: 'standalone',
    theme_color: '#0f5132',
    background_color: '#f6f8f7',
    categories: ['shopping', 'finance', 'lifestyle'],
    icons: [
      { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // Browsers with a richer install dialog show these (taken by scripts/screenshots.mjs).
    screenshots: [
      { src: 'screenshots/shop-narrow.webp', sizes: '720x1560', type: 'image/webp', form_factor: 'narrow', label: nl ? 'Partnermerken en de beloning die elk merk geeft' : 'Partner brands and the reward each one gives' },
      { src: 'screenshots/brand-narrow.webp', sizes: '720x1560', type: 'image/webp', form_factor: 'narrow', label: nl ? 'Een merk met zijn beloning en de knop SHOP' : "A brand's reward and the SHOP button" },
      { src: 'screenshots/shop-wide.webp', sizes: '1280x800', type: 'image/webp', form_factor: 'wide', label: nl ? 'De winkel met een merk ernaast' : 'The shop with a brand beside it' },
    ],
    // A share or a shortcut loads the open window with its URL instead of opening a second one.
    launch_handler: { client_mode: 'navigate-existing' },
    // Share → SocialPay: main.tsx turns the action into the in-app share route (src/features/share).
    share_target: {
      action: nl ? '/nl/share-target' : '/share-target',
      method: 'GET',
      enctype: 'application/x-www-form-urlencoded',
      params: { url: 'url', text: 'text', title: 'title' },
    },
    shortcuts: [
      { name: nl ? 'Portemonnee' : 'Wallet', short_name: nl ? 'Portemonnee' : 'Wallet', description: nl ? 'Je cadeaukaarten' : 'Your gift cards', url: nl ? '/#/nl/wallet' : '/#/wallet', icons: icon },
      { name: nl ? 'Winkelen' : 'Shop', short_name: nl ? 'Winkelen' : 'Shop', description: nl ? 'Partnermerken' : 'Partner brands', url: home, icons: icon },
    ],
  };
}

/** Emits the Dutch manifest next to the English one vite-plugin-pwa writes. */
function dutchManifest(): PluginOption {
  return {
    name: 'socialpay:dutch-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: DUTCH_MANIFEST.slice(1), source: JSON.stringify(manifest('nl')) });
    },
  };
}

/**
 * The page the server (and, offline, the service worker) answers a path no screen has with, status 404:
 * not-found.html in English, not-found.nl.html in Dutch (server/http/static.ts picks by the path's
 * language, else Accept-Language). Plain HTML, no script: it works whatever the app's state. Its words
 * are info.json's not_found_page in locales/.
 */
function notFoundPages(): PluginOption {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const page = (lang: 'en' | 'nl') => {
    const t = JSON.parse(readFileSync(new URL(`./locales/${lang}/info.json`, import.meta.url), 'utf8')).not_found_page as Record<'title' | 'heading' | 'body' | 'home', string>;
    return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(t.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f6f8f7; color: #1b2521; }
  main { max-width: 32rem; margin: 3rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin: 0 0 .75rem; }
  p { line-height: 1.5; }
  a { color: #0b5e43; font-weight: 600; }
  a:focus-visible { outline: 3px solid #1b4fd6; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${escape(t.heading)}</h1>
<p>${escape(t.body)}</p>
<p><a href="${lang === 'nl' ? '/#/nl' : '/'}">${escape(t.home)}</a></p>
</main>
</body>
</html>
`;
  };
  return {
    name: 'socialpay:not-found-pages',
    apply: 'build',
    generateBundle() {
      for (const lang of ['en', 'nl'] as const) this.emitFile({ type: 'asset', fileName: NOT_FOUND_PAGES[lang], source: page(lang) });
    },
  };
}

// The API server the dev server proxies to (npm run dev starts it on this port).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  resolve: {
    alias: [
      // The client imports the API contract (types and shared field rules) as @contract/<file>.
      { find: /^@contract\//, replacement: fileURLToPath(new URL('./server/contract/', import.meta.url)) },
      // @tanstack/react-store and react-i18next import the React < 18 shim of use-sync-external-store;
      // on React 19 the package's own entries (same API, React's built-in useSyncExternalStore, which the
      // shim itself hands out when React has it) do the same without shipping the shim.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  plugins: [
    react(),
    nonBlockingAppCss(),
    earlyStart(),
    preloadCategories(),
    preloadBootStrings(),
    dutchManifest(),
    notFoundPages(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      includeAssets: ['apple-touch-icon-180x180.png'],
      manifest: manifest('en'),
      // The Dutch manifest is precached like the English one (the plugin adds that one itself).
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,ico,woff2,json}', DUTCH_MANIFEST.slice(1)] },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/oauth': apiTarget,
      '/media': apiTarget,
      '/sandbox': apiTarget,
      '/partner': apiTarget,
      '/operator': apiTarget,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (the first paint) goes into ONE chunk. Left to
        // itself, Rolldown splits the modules that lazy screens share with the entry into 14 small
        // chunks, each gzipped on its own (no shared dictionary) and each one more request: 6 KB
        // gzip more for the same code. Lazy screens import what they share from this chunk instead.
        //
        // The frame every screen opens in (the modal, its header, buttons, external links) is one lazy
        // chunk too: left apart, a start straight onto a screen fetched five small chunks for it.
        // So is the offline boot (worker registration, saved query cache): an installed start waits for
        // it before its first render, as one file.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'screen-frame', test: /\/src\/(app\/screen-modal\.tsx|ui\/(modal|screen-header|button)\.tsx|lib\/links\.ts)$/ },
            { name: 'offline-boot', test: /\/src\/(app\/offline-boot\.ts|offline\/(query-persist|register-sw)\.ts)$|\/query-persist-client-core\// },
          ],
        },
      },
    },
  },
});
