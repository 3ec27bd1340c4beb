// Serves the built single-page app: hashed assets cached for a year (immutable), index.html and
// the other unhashed files revalidated on every use (no-cache), index.html for every non-API GET so
// the router's history-mode routes work on reload; /auth/login is sent with the login's markup in the
// visitor's language (login-page.ts). The build writes brotli and gzip copies of its
// text files (apps/web/build/precompress.ts); the copy the browser accepts is sent, with Vary.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { LOGIN_PAGE_PATH, hasLoginPages, loginPageFile } from './login-page.ts';

async function webAppPlugin(app: FastifyInstance, options: { distDir: string }) {
  const root = path.resolve(options.distDir);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: run npm run build:web');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const loginPages = hasLoginPages(root);
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/')) return reply.callNotFound();
    // The static plugin adds Accept-Encoding to Vary when it sends a compressed copy.
    if (pathname === LOGIN_PAGE_PATH && loginPages)
      return reply.header('vary', 'Cookie, Accept-Language').sendFile(loginPageFile(request.headers));
    const file = path.join(root, path.normalize(pathname));
    if (file.startsWith(root) && path.extname(file) && existsSync(file))
      return reply.sendFile(path.relative(root, file));
    if (path.extname(pathname) && !pathname.endsWith('.html')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
