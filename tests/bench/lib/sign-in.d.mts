import type { Page } from '@playwright/test';

export function signInInPage(page: Page, opts: { email: string; password?: string; coldStart?: boolean; withUser?: boolean }): Promise<void>;
