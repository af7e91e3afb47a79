/**
 * The server's logger (pino): one JSON object a line on stdout. Request lines are written by
 * http/request-log.ts; they carry route patterns and ids, never paths, bodies or headers, so a
 * token, password, email, card number or PIN cannot reach the log through them.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function createLogger(level: LogLevel = 'info', dest?: DestinationStream): Logger {
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, dest);
}

/** The process's logger: main.ts sets its level from the config; jobs and the database adapter use it. */
export const log: Logger = createLogger();
