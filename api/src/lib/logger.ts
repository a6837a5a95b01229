import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Secrets never reach them: the paths below are censored wherever they appear.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'cleanquote' },
      redact: {
        paths: [
          'password',
          '*.password',
          'fromPassword',
          '*.fromPassword',
          'token',
          '*.token',
          'req.headers.cookie',
          'req.headers.authorization',
          'headers.cookie',
          'headers.authorization',
          'secret',
          '*.secret',
          'smtpUrl',
          '*.smtpUrl',
        ],
        censor: '[redacted]',
      },
    },
    destination ?? pino.destination(1),
  );
}
