import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from './errors'

/**
 * How deep a JSON body may nest. The deepest request of the contract (a sync batch carrying a
 * patient's COVID tests) is seven levels; anything near this limit is an attack or a bug, and
 * deeper bodies would reach code that recurses (JSON.stringify for the Idempotency-Key's hash,
 * the database driver's jsonb encoding) and overflow its stack.
 */
export const MAX_JSON_DEPTH = 32

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_OBJECT = 0x7b
const OPEN_ARRAY = 0x5b
const CLOSE_OBJECT = 0x7d
const CLOSE_ARRAY = 0x5d

/**
 * Whether JSON text nests deeper than `max`, read in one pass over the text, before anything
 * parses it: brackets inside strings do not count.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) inString = true
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--
  }
  return false
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * False when the JSON body's text holds no `\u` escape: then no string in it can hold a NUL
     * or a lone surrogate (neither can arrive raw in valid UTF-8 JSON), and the storable-text
     * check need not walk it.
     */
    bodyMayHoldEscapes: boolean
  }
}

/**
 * Fastify's own JSON parser (with its prototype-poisoning guard), behind a depth limit: a body
 * nested deeper than MAX_JSON_DEPTH is refused with a 400 before anything recursive touches it.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.decorateRequest('bodyMayHoldEscapes', true)
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req: FastifyRequest, body, done) => {
    const text = body as string
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, 'error.tooDeep'), undefined)
      return
    }
    req.bodyMayHoldEscapes = text.includes('\\u')
    parse(req, text, done)
  })
}
