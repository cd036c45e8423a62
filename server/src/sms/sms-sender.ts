import type { FastifyBaseLogger } from 'fastify';

/** Where phone codes go: a webhook in production, the log without one, memory in tests. */
export interface SmsSender {
  send(phone: string, message: string): Promise<void>;
}

/**
 * POSTs `{phone, message}` as JSON to SMS_WEBHOOK_URL (a gateway of the operator's choice). A
 * failure or a non-2xx answer throws, so the caller can tell the user the code was not sent.
 */
export function webhookSmsSender(url: string, timeoutMs = 10_000): SmsSender {
  return {
    async send(phone, message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, message }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
    },
  };
}

/**
 * Without SMS_WEBHOOK_URL the message is written to the log, so whoever runs the server can read
 * the code — a one-time credential, which is the point on a local install and the reason
 * production sets the webhook.
 */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, message) {
      log.info(
        { sms: { phone, message } },
        'SMS not sent (no SMS_WEBHOOK_URL): written to the log',
      );
    },
  };
}

/** Keeps messages in memory for tests to read. */
export function memorySmsSender(): SmsSender & { sent: { phone: string; message: string }[] } {
  const sent: { phone: string; message: string }[] = [];
  return {
    sent,
    async send(phone, message) {
      sent.push({ phone, message });
    },
  };
}
