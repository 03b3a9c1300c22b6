import type { FastifyReply, FastifyRequest } from 'fastify'
import { BadRequestError, PreconditionFailedError, PreconditionRequiredError } from './errors'

/** `ETag: "7"` for version 7 of a record: the value a client sends back in If-Match. */
export const etagOf = (version: number) => `"${version}"`

export function sendVersion(reply: FastifyReply, version: number): void {
  reply.header('etag', etagOf(version))
}

/** The version an update is based on, from If-Match ("7", W/"7" or 7); 428 when missing. */
export function ifMatchVersion(req: FastifyRequest): number {
  const header = req.headers['if-match']
  if (header === undefined || header === '') throw new PreconditionRequiredError()
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(String(header).trim())
  if (!match) throw new BadRequestError()
  return Number(match[1])
}

/** 412 with the current record when the client's base version is not the current one. */
export function assertVersion<T extends { version: number }>(
  base: number,
  current: T,
  present: (row: T) => unknown,
): void {
  if (current.version !== base) throw new PreconditionFailedError(present(current))
}
