// The app's one zod: configured before any schema is built. jitless: zod would otherwise probe
// `new Function('')` to see whether it may compile parsers, which the CSP (no 'unsafe-eval') blocks
// and Firefox and WebKit report as a violation on every form screen. Import z from here, not 'zod'.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
