import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import Fastify from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import { describe, expect, it } from 'vitest'
import { securityHeaders, securityHeadersOf } from './security-headers'

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"], frameAncestors: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
}

/** What helmet's own middleware leaves on a real node:http response. */
function helmetOnARealResponse(options: HelmetOptions): Record<string, string> {
  const res = new ServerResponse(new IncomingMessage(new Socket()))
  res.setHeader('X-Powered-By', 'something')
  helmet(options)(res.req, res, () => {})
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]))
}

describe('security headers', () => {
  it('are the very headers helmet sets, worked out once', () => {
    const headers = securityHeadersOf(OPTIONS)
    expect(headers).toEqual(helmetOnARealResponse(OPTIONS))
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';frame-ancestors 'none'",
    )
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/)
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy')
  })

  it('refuse a CSP directive computed per request, which one answer for all would get wrong', () => {
    const nonce = () => "'nonce-abc'"
    expect(() =>
      securityHeadersOf({
        contentSecurityPolicy: { useDefaults: false, directives: { scriptSrc: ["'self'", nonce] } },
      }),
    ).toThrow(/per request/)
  })

  it('go on every answer: a route, an unknown path, an error', async () => {
    const app = Fastify({ logger: false })
    await app.register(securityHeaders, OPTIONS)
    app.get('/ok', async () => ({ ok: true }))
    app.get('/fails', async () => {
      throw new Error('boom')
    })
    const expected = securityHeadersOf(OPTIONS)
    for (const url of ['/ok', '/nowhere', '/fails']) {
      const res = await app.inject({ url })
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${url} ${name}`).toBe(value)
    }
    await app.close()
  })
})
