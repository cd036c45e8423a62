import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import type { Config } from './config/env.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { requestSerializer } from './lib/log-serializers.ts';
import { registerHealthz } from './health/healthz.ts';
import { serveSpa } from './spa/serve-spa.ts';

/** Builds the whole application without listening; main.ts listens, tests call `inject`. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, serializers: { req: requestSerializer } },
    bodyLimit: 64 * 1024,
    trustProxy: false,
  });

  registerSecurityHeaders(app);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  registerHealthz(app);
  await serveSpa(app, config.webRoot);

  return app;
}
