import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSmsSender } from './sms-sender.ts';

describe('webhookSmsSender', () => {
  const received: { body: unknown; type: string | undefined }[] = [];
  let status = 200;
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        type: request.headers['content-type'],
      });
      response.writeHead(status).end();
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sms`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs {phone, message} as JSON', async () => {
    await webhookSmsSender(url).send('+420777123456', 'Kód: 123456');
    expect(received.at(-1)).toEqual({
      body: { phone: '+420777123456', message: 'Kód: 123456' },
      type: 'application/json',
    });
  });

  it('throws when the gateway refuses or is unreachable', async () => {
    status = 503;
    await expect(webhookSmsSender(url).send('+420777123456', 'x')).rejects.toThrow(/503/);
    await expect(webhookSmsSender('http://127.0.0.1:1/sms').send('+1', 'x')).rejects.toThrow();
  });
});
