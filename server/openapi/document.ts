/**
 * The OpenAPI 3.1 document of the reference server, built once from the route registry
 * (operations.ts) and the response schemas (schemas.ts). Served at /openapi.json (serve.ts) and
 * written to a file by `node build/server/cli/openapi.js` for the linter.
 */
import { createDocument } from 'zod-openapi';
import { paths } from './operations.ts';

const DESCRIPTION = `The HTTP API of SocialPay's reference server: the app API, the OAuth token endpoint, the partner
networks' conversions, the operator API, files and health.

- Every \`/api/v1.0\` path is served under \`/api/v1\` too.
- Money is integer minor units (euro cents) in answers; request amounts in euros say so. 1 point = 1 cent.
- Dates are ISO 8601 in UTC. Paged lists take \`limit\` and \`offset\` and answer \`{ results, metadata }\`.
- Every refusal answers \`ApiError\` \`{ error, error_description, violations? }\`; invalid bodies are 422 with violations.
- \`Accept-Language: en | nl\` picks the language of texts the server writes.`;

let cached: object | null = null;

export function openApiDocument(): object {
  cached ??= createDocument({
    openapi: '3.1.0',
    info: {
      title: 'SocialPay API',
      version: '1.0.0',
      description: DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-SocialPay' },
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [
      { name: 'Auth', description: 'OAuth 2 tokens: sign in, refresh, visitor tokens, sign out.' },
      { name: 'Users', description: 'Sign up, the profile, interests, countries, the data export.' },
      { name: 'Privacy', description: 'Privacy settings, signed-in devices, screen-visit tracking.' },
      { name: 'Notifications', description: 'Web Push subscriptions, per-kind switches and the in-app inbox.' },
      { name: 'Files', description: 'Image uploads (profile photos).' },
      { name: 'Catalogue', description: 'Brands (corporate partners), categories and favourites.' },
      { name: 'Wallet', description: 'Gift cards: buying, paying, balances, the fund sign-up.' },
      { name: 'Orders', description: 'Gift-card orders and their receipts.' },
      { name: 'Projects', description: 'Projects, reward targets, donations, savings and points transactions.' },
      { name: 'Trips', description: 'Shopping trips (SHOP taps) and missing-reward claims.' },
      { name: 'Partner', description: 'Affiliate networks posting conversions (HMAC-signed).' },
      { name: 'Operator', description: 'The operator desk: claims, unmatched conversions, the audit trail.' },
      { name: 'Media', description: 'Generated images and uploaded files.' },
      { name: 'Health', description: 'Liveness, readiness and metrics.' },
      { name: 'Docs', description: 'This document and its reference page.' },
    ],
    components: {
      securitySchemes: {
        userToken: { type: 'http', scheme: 'bearer', description: "A user's access token (password or refresh_token grant)." },
        visitorToken: { type: 'http', scheme: 'bearer', description: "A visitor's access token (client_credentials grant)." },
        operatorKey: { type: 'http', scheme: 'bearer', description: 'An operator key (`npm run operator:create`).' },
        partnerSignature: {
          type: 'apiKey', in: 'header', name: 'X-SocialPay-Signature',
          description: '`t=<unix seconds>,v1=<hex HMAC-SHA256(network secret, "<t>.<raw body>")>`, at most 5 minutes old.',
        },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN (not needed from loopback).' },
      },
    },
    paths: paths(),
  });
  return cached;
}
