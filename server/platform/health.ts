import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { health } from '../../src/contract/endpoints/platform'
import { type Database, schemaVersion } from '../db/client'
import { route } from './route'

const appVersion: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version

/** `GET /api/health`: is the database reachable, and at which schema version. */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  route(app, health, async (_input, req, reply) => {
    const { db, kind } = opts.database
    try {
      await db.execute(sql`select 1`)
      const version = await schemaVersion(db)
      return {
        status: 'ok' as const,
        database: { reachable: true, kind, schemaVersion: version.latest, migrations: version.migrations },
        version: appVersion,
      }
    } catch (error) {
      req.log.error({ err: error }, 'health: database unreachable')
      reply.code(503)
      return {
        status: 'degraded' as const,
        database: { reachable: false, kind, schemaVersion: null, migrations: 0 },
        version: appVersion,
      }
    }
  })
}
