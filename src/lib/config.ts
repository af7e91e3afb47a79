// Where the API lives is configuration, not code: another server honouring the contract can be used
// by building with VITE_API_BASE / VITE_TOKEN_URL (the revocation endpoint sits beside the token one).
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api/v1.0';
export const TOKEN_URL: string = import.meta.env.VITE_TOKEN_URL ?? '/oauth/v2/token';
export const REVOKE_URL: string = TOKEN_URL.replace(/\/token$/, '/revoke');
export const SUPPORT_EMAIL = 'support@socialpay.test';
export const OAUTH_SCOPE = 'ios' as const;
