import type { FastifyReply, FastifyRequest } from 'fastify'
import { BadRequestError, PreconditionFailedError, PreconditionRequiredError } from './errors'

/** `ETag: "7"` for version 7 of a record: the value a client sends back in If-Match. */
export const etagOf = (version: number) => `"${version}"`

export function sendVersion(reply: FastifyReply, version: number): void {
  reply.header('etag', etagOf(version))
}

/** The highest version a record can reach: its `version` column is a PostgreSQL integer. */
export const MAX_VERSION = 2_147_483_647

/**
 * A version no record ever has (they start at 1), for an If-Match beyond MAX_VERSION: such a
 * base can never be the current version, so the route's own comparison answers 412 with the
 * current record, as for any other stale base, instead of the database refusing the number.
 */
const NO_VERSION = 0

/** The version an update is based on, from If-Match ("7", W/"7" or 7); 428 when missing. */
export function ifMatchVersion(req: FastifyRequest): number {
  const header = req.headers['if-match']
  if (header === undefined || header === '') throw new PreconditionRequiredError()
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(String(header).trim())
  if (!match) throw new BadRequestError()
  const version = Number(match[1])
  return version > MAX_VERSION ? NO_VERSION : version
}

/** 412 with the current record when the client's base version is not the current one. */
export function assertVersion<T extends { version: number }>(
  base: number,
  current: T,
  present: (row: T) => unknown,
): void {
  if (current.version !== base) throw new PreconditionFailedError(present(current))
}
