/**
 * The server's logger (pino): one JSON object a line on stdout. Request lines are written by
 * http/request-log.ts; they carry route patterns and ids, never paths, bodies or headers, so a
 * token, password, email, card number or PIN cannot reach the log through them.
 * On a terminal (`npm start`) the same lines are printed readable (pino-pretty); piped, collected
 * or with LOG_FORMAT=json they stay JSON.
 */
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { PrettyOptions } from 'pino-pretty';

export type { Logger };
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** JSON unless stdout is a terminal; LOG_FORMAT (json or pretty) decides when set. */
export function logFormat(env: NodeJS.ProcessEnv = process.env, isTTY = process.stdout.isTTY === true): LogFormat {
  const asked = env.LOG_FORMAT?.trim();
  if (asked === 'json' || asked === 'pretty') return asked;
  return isTTY ? 'pretty' : 'json';
}

/** pino-pretty's stream, loaded only when used: a deployment's JSON logs never load it. */
function prettyStream(colorize: boolean): DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as (o: PrettyOptions) => DestinationStream;
  return pretty({ colorize, sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}

export function createLogger(level: LogLevel = 'info', dest?: DestinationStream): Logger {
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, dest);
}

/** The process's logger: main.ts sets its level from the config; jobs and the database adapter use it. */
export const log: Logger = createLogger('info', logFormat() === 'pretty' ? prettyStream(process.stdout.isTTY === true) : undefined);

/** Query parameters of a connection URL whose value is a credential (password, sslpassword, …). */
const SECRET_PARAM = /pass|pwd|secret|token/i;

/**
 * A database URL fit for the log: the userinfo's password and credential-like query parameters
 * (`?password=`, `sslpassword=`, …) become `***`. Plain text work, no URL parser, so a URL it would
 * refuse (several hosts, an unencoded `@` or `/` in the password) is redacted too; when in doubt, more.
 */
export function redactUrl(url: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0] ?? '';
  let rest = url.slice(scheme.length);
  let user = '';
  // The userinfo ends at the last '@' (a password may hold an unencoded '@'); its password after the first ':'.
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const info = rest.slice(0, at);
    const colon = info.indexOf(':');
    user = `${colon >= 0 ? `${info.slice(0, colon)}:***` : info}@`;
    rest = rest.slice(at + 1);
  }
  return `${scheme}${user}${rest}`.replace(/([?&])([^=&#]*)=([^&#]*)/g, (all, sep: string, key: string) => {
    let name = key;
    try {
      name = decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      /* a malformed escape: test the raw key */
    }
    return SECRET_PARAM.test(name) ? `${sep}${key}=***` : all;
  });
}
