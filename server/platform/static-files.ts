import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { failure } from './envelope'
import { translate } from './messages'

/** Room for every send a page's answer may go through (see the hook below). */
const PAGE_SEND_LISTENERS = 32

const NEVER_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js'])

/**
 * Serves the built PWA and answers every other unknown path: `/api/*` with the 404 envelope, an
 * HTML navigation with `index.html` (the client router takes it from there).
 */
export async function installStaticFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = resolve(staticDir)
  const hasPwa = existsSync(resolve(root, 'index.html'))
  if (hasPwa) {
    // A page's answer goes through several sends on one response: @fastify/static tries the
    // brotli copy, the gzip copy, then the file, and a client route falls through to index.html
    // (tried the same way); each send and each await of the reply watches the response's
    // `close`. That passes Node's default of 10 listeners, and Node warns of a leak that is not
    // one (they go with the response). The API's paths never get here, and keep the default.
    app.addHook('onRequest', (req, reply, done) => {
      if (!req.url.startsWith('/api/')) reply.raw.setMaxListeners(PAGE_SEND_LISTENERS)
      done()
    })
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      // The build writes each file also brotli- and gzip-compressed (vite.config.ts): sent as is.
      preCompressed: true,
      setHeaders(res, path) {
        const file = path
          .slice(root.length)
          .replaceAll('\\', '/')
          .replace(/\.(br|gz)$/, '')
        if (NEVER_CACHE.has(file)) res.header('cache-control', 'no-cache')
        else if (file.startsWith('/assets/'))
          res.header('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  }

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      req.method === 'GET' && !req.url.startsWith('/api/') && req.headers.accept?.includes('text/html')
    if (hasPwa && wantsPage && (req.tenant || req.isLandlord)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return reply.code(404).send(failure(translate('error.notFound', req.lang ?? 'es')))
  })
}
