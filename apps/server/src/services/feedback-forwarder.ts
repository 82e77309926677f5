import type { Logger } from 'pino';

export interface ForwardedFeedback {
  id: number;
  user: string;
  workId: number;
  category: string;
  details: string;
}

/**
 * Forwards feedback to an error-reporting service with a Sentry-style DSN
 * (`https://<key>@<host>/<project>`), as the ecosystem's web app did. Fire and forget: the inbox in the
 * database is the record; a failed forward is logged, never shown to the listener.
 */
export function createFeedbackForwarder(dsn: string | null, logger: Logger, send: typeof fetch = fetch) {
  if (!dsn) return async (_feedback: ForwardedFeedback) => {};
  const url = new URL(dsn);
  const project = url.pathname.replace(/^\/+/, '');
  const endpoint = `${url.protocol}//${url.host}/api/${project}/store/`;
  const auth = `Sentry sentry_version=7, sentry_client=sasayaki/1, sentry_key=${url.username}`;
  return async (feedback: ForwardedFeedback) => {
    try {
      const response = await send(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Sentry-Auth': auth },
        body: JSON.stringify({
          message: `Feedback ${feedback.category} on RJ${feedback.workId}`,
          level: 'info',
          tags: { category: feedback.category, work_id: String(feedback.workId) },
          user: { username: feedback.user },
          extra: { details: feedback.details, feedback_id: feedback.id },
        }),
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) logger.warn({ status: response.status }, 'feedback forward refused');
    } catch (error) {
      logger.warn({ err: error }, 'feedback forward failed');
    }
  };
}
