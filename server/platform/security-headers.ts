import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

/** Every value of every CSP directive in the options. */
function directiveValues(options: Readonly<HelmetOptions>): unknown[] {
  const csp = options.contentSecurityPolicy
  if (typeof csp !== 'object' || !csp.directives) return []
  return Object.values(csp.directives).flatMap((values) =>
    values && typeof values === 'object' ? [...values] : [],
  )
}

/**
 * The headers helmet's middleware sets for these options. With no nonces and no directive
 * computed per request, they are the same on every answer, so they are worked out once by
 * running the middleware against a response that only records them.
 */
export function securityHeadersOf(options: Readonly<HelmetOptions>): Record<string, string> {
  // Worked out once, a directive computed per request (a nonce) would be computed for no request.
  if (directiveValues(options).some((value) => typeof value === 'function')) {
    throw new Error('A CSP directive computed per request (a nonce) needs helmet run for each request')
  }
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error
  })
  return headers
}

/**
 * Helmet's security headers on every answer, worked out at start. The Fastify wrapper
 * (@fastify/helmet) built helmet's middleware anew for each request, parsing the whole
 * configuration and the CSP every time: that was half the time of an authenticated read
 * (docs/benchmarks.md, 2026-11-25 evening).
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: Readonly<HelmetOptions>) => {
  const headers = securityHeadersOf(options)
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers)
    done()
  })
})
