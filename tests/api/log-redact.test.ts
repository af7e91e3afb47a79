/**
 * The start-up line names the database (main.ts: "opening PostgreSQL (…)"): its URL's password,
 * in the userinfo or in a query parameter, never reaches the log.
 */
import { expect, test } from 'vitest';
import { redactUrl } from '../../server/log.ts';

test('the userinfo password is hidden, the user, host and database stay', () => {
  expect(redactUrl('postgres://sp:hunter2zz@db.internal:5432/sp1')).toBe('postgres://sp:***@db.internal:5432/sp1');
  expect(redactUrl('postgresql://sp@db.internal/sp1')).toBe('postgresql://sp@db.internal/sp1');
  // Unencoded '@' and '/' in the password, several hosts: redacted all the same.
  expect(redactUrl('postgres://sp:p@ss/w0rd@h1:5432,h2:5432/sp1')).toBe('postgres://sp:***@h1:5432,h2:5432/sp1');
});

test('password-like query parameters are hidden, the others stay', () => {
  expect(redactUrl('postgres://db.internal/sp1?password=hunter2zz')).toBe('postgres://db.internal/sp1?password=***');
  expect(redactUrl('postgres://u@db/sp1?sslmode=verify-full&sslpassword=k3y&application_name=sp')).toBe(
    'postgres://u@db/sp1?sslmode=verify-full&sslpassword=***&application_name=sp',
  );
  expect(redactUrl('postgres://db/sp1?PassWord=x&%70assword=y&token=z')).toBe('postgres://db/sp1?PassWord=***&%70assword=***&token=***');
  for (const url of ['postgres://u:hunter2zz@db/sp1?password=hunter2zz', 'postgres://db/sp1?x=a@b&password=hunter2zz']) {
    expect(redactUrl(url)).not.toContain('hunter2zz');
  }
});
