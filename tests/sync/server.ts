import { desc, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import type { Config } from '../../server/config'
import { type Database, withTenant } from '../../server/db/client'
import {
  auditLog,
  bloodPressureReadings,
  changeLog,
  glucoseReadings,
  habitReadings,
  idempotencyKeys,
  nutritionReadings,
  patients,
  recordSections,
  somatometryReadings,
} from '../../server/db/schema'
import { presentPatient } from '../../server/modules/operation/patients'
import { presentReading } from '../../server/modules/operation/readings'
import { presentRecordSection } from '../../server/modules/operation/record-sections'
import { buildTestApp } from '../fixtures/app'
import { listen } from '../fixtures/http'
import { buildTenant } from '../fixtures/tenants'
import { buildUser, signIn } from '../fixtures/users'

/**
 * The real server on a real port for the client-against-server sync tests (DESIGN §8), and what
 * its database holds, read behind row-level security like any request would.
 */
export interface SyncServer {
  /** Where it listens now: a restart gets a new port. */
  readonly base: string
  readonly app: FastifyInstance
  readonly database: Database
  readonly config: Config
  /** Closes the app and builds a new one on the same database, as a deploy or a crash would. */
  restart(): Promise<void>
  close(): Promise<void>
}

export async function startSyncServer(
  /** Registers test-only routes (a test file owner) on every build of the app. */
  extend?: (app: FastifyInstance) => void | Promise<void>,
): Promise<SyncServer> {
  const built = await buildTestApp(
    {
      // The devices name their tenant in X-Forwarded-Host: fetch may not set Host.
      TRUST_PROXY: 'true',
      // Three devices replaying queues from one address would meet the per-IP limit.
      RATE_LIMIT_MAX: '1000000',
    },
    extend,
  )
  const { database, config } = built
  let app = built.app
  let listening = await listen(app)
  return {
    get base() {
      return listening.base
    },
    get app() {
      return app
    },
    database,
    config,
    async restart() {
      await listening.close()
      app = await buildApp({ database, config, logger: false })
      await extend?.(app)
      await app.ready()
      listening = await listen(app)
    },
    async close() {
      await listening.close()
      await database.close()
    },
  }
}

/** A signed-in nurse: what the device keeps of the session. */
export interface Nurse {
  id: string
  email: string
  accessToken: string
  refreshToken: string
}

export interface Clinic {
  tenantId: string
  host: string
  nurses: Nurse[]
}

export function nurseOf(clinic: Clinic, index: number): Nurse {
  const nurse = clinic.nurses[index]
  if (!nurse) throw new Error(`the clinic has no nurse number ${index}`)
  return nurse
}

/**
 * A tenant with `count` nurses who may list, create and edit patients (and whatever else
 * `permissions` adds), each signed in.
 */
export async function openClinic(
  server: SyncServer,
  slug: string,
  count = 1,
  permissions: readonly string[] = [],
): Promise<Clinic> {
  const { id: tenantId } = await buildTenant(server.database.db, { slug })
  const host = `${slug}.localhost`
  const nurses: Nurse[] = []
  for (let index = 0; index < count; index++) {
    const email = `enfermeria${index + 1}@${slug}.mx`
    const user = await buildUser(server.database.db, tenantId, {
      email,
      permissions: ['patients-index', 'patients-create', 'patients-edit', 'assignments.all', ...permissions],
    })
    const session = await signIn(server.app, host, email)
    nurses.push({ id: user.id, email, accessToken: session.accessToken, refreshToken: session.refreshToken })
  }
  return { tenantId, host, nurses }
}

export type ServerRecord = Record<string, unknown> & { id: string; version: number }

/** What the server holds for a tenant, presented as the API answers it. */
export async function serverRecords(server: SyncServer, tenantId: string) {
  return withTenant(server.database.db, tenantId, async (tx) => {
    const patientRows = (await tx.select().from(patients)).map(presentPatient)
    const readings = [
      ...(await tx.select().from(bloodPressureReadings)).map((row) => ({
        ...presentReading(row),
        kind: 'blood-pressure',
      })),
      ...(await tx.select().from(glucoseReadings)).map((row) => ({
        ...presentReading(row),
        kind: 'glucose',
      })),
      ...(await tx.select().from(somatometryReadings)).map((row) => ({
        ...presentReading(row),
        kind: 'somatometry',
      })),
      ...(await tx.select().from(nutritionReadings)).map((row) => ({
        ...presentReading(row),
        kind: 'nutrition',
      })),
      ...(await tx.select().from(habitReadings)).map((row) => ({
        ...presentReading(row),
        kind: 'habit',
      })),
    ]
    const entries = (await tx.select().from(recordSections)).map(presentRecordSection)
    return {
      patients: new Map<string, ServerRecord>(patientRows.map((row) => [row.id, row])),
      readings: new Map<string, ServerRecord>(readings.map((row) => [row.id, row])),
      recordSections: new Map<string, ServerRecord>(entries.map((row) => [row.id, row])),
    }
  })
}

/** The bookkeeping of every write: its Idempotency-Key, its change-feed row and its audit entry. */
export async function serverTrail(server: SyncServer, tenantId: string) {
  return withTenant(server.database.db, tenantId, async (tx) => ({
    keys: await tx.select().from(idempotencyKeys),
    changes: await tx.select().from(changeLog),
    audit: await tx
      .select({ action: auditLog.action, entityId: auditLog.entityId, details: auditLog.details })
      .from(auditLog),
  }))
}

/** The position of the tenant's newest change: where a device that heard everything has its cursor. */
export async function feedEnd(server: SyncServer, tenantId: string): Promise<string | null> {
  const [last] = await withTenant(server.database.db, tenantId, (tx) =>
    tx
      .select({ txid: sql<string>`${changeLog.txid}::text`, seq: changeLog.seq })
      .from(changeLog)
      .orderBy(desc(changeLog.txid), desc(changeLog.seq))
      .limit(1),
  )
  return last ? `${last.txid}.${last.seq}` : null
}
