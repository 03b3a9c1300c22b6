import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  covidTests,
  createCovidTest,
  deleteCovidTest,
  updateCovidTest,
} from '../../../src/contract/endpoints/covid'
import type { CovidTest } from '../../../src/contract/schemas/covid'
import type { Tx } from '../../db/client'
import { covidTests as testsTable } from '../../db/schema'
import { recordChange } from '../../platform/change-log'
import { ConflictError, NotFoundError, UnprocessableError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'
import { assertVersion, ifMatchVersion, sendVersion } from '../../platform/versions'
import { assertKnownCodes, type CovidTestRow, patientInReach, presentCovidTest, withAuthors } from './triage'

const ENTITY = 'covid-test'

async function presented(tx: Tx, row: CovidTestRow): Promise<CovidTest> {
  return (await withAuthors(tx, [row], presentCovidTest))[0] as CovidTest
}

/**
 * A patient's COVID tests (SPEC §3 date, type, result; §7 `covid-history/covid-tests`), moved
 * off the patient (decision 0025): created once with the device's id, edited against If-Match,
 * deleted softly (a tombstone the devices pull). Every read and change is audited.
 */
export async function covidTestRoutes(app: FastifyInstance) {
  const tenantOf = (req: FastifyRequest) => req.tenant?.id as string

  /** The live test of this patient (a test of another patient is unknown under this path). */
  const find = async (tx: Tx, patientId: string, testId: string) => {
    const [row] = await tx
      .select()
      .from(testsTable)
      .where(and(eq(testsTable.id, testId), eq(testsTable.patientId, patientId)))
    return row ?? null
  }

  route(app, covidTests, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      await patientInReach(tx, req, params.patientId)
      const rows = await tx
        .select()
        .from(testsTable)
        .where(and(eq(testsTable.patientId, params.patientId), isNull(testsTable.deletedAt)))
        .orderBy(desc(testsTable.date), desc(testsTable.id))
      await req.audit(tx, { action: `${ENTITY}.list`, entity: 'patient', entityId: params.patientId })
      return withAuthors(tx, rows, presentCovidTest)
    }),
  )

  route(app, createCovidTest, async ({ params, body }, req, reply) => {
    const test = await idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      await patientInReach(tx, req, params.patientId, 'write')
      await assertKnownCodes(tx, { type: body.type, result: body.result }, req.lang)
      const userId = req.user?.id ?? null
      const [row] = await tx
        .insert(testsTable)
        .values({
          tenantId: tenantOf(req),
          id: body.id,
          patientId: params.patientId,
          date: body.date,
          type: body.type,
          result: body.result,
          createdBy: userId,
          updatedBy: userId,
        })
        .onConflictDoNothing()
        .returning()
      if (!row) {
        // The same create sent again under another key answers the first result.
        const [existing] = await tx.select().from(testsTable).where(eq(testsTable.id, body.id))
        const same =
          existing &&
          existing.patientId === params.patientId &&
          existing.version === 1 &&
          existing.date === body.date &&
          existing.type === body.type &&
          existing.result === body.result
        if (existing && same) return presented(tx, existing)
        throw new ConflictError()
      }
      await recordChange(tx, {
        tenantId: tenantOf(req),
        entity: ENTITY,
        entityId: row.id,
        op: 'upsert',
        version: row.version,
        patientId: row.patientId,
      })
      await req.audit(tx, {
        action: `${ENTITY}.create`,
        entity: 'patient',
        entityId: row.patientId,
        details: { test: row.id },
      })
      return presented(tx, row)
    })
    sendVersion(reply, test.version)
    return test
  })

  route(app, updateCovidTest, async ({ params, body }, req, reply) => {
    const base = ifMatchVersion(req)
    const test = await idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      await patientInReach(tx, req, params.patientId, 'write')
      const current = await find(tx, params.patientId, params.testId)
      if (!current) throw new NotFoundError()
      if (current.deletedAt) throw new UnprocessableError('record.deleted')
      assertVersion(base, current, (row) => presentCovidTest(row, null))
      await assertKnownCodes(tx, { type: body.type, result: body.result }, req.lang)
      const [row] = await tx
        .update(testsTable)
        .set({
          ...(body.date !== undefined && { date: body.date }),
          ...(body.type !== undefined && { type: body.type }),
          ...(body.result !== undefined && { result: body.result }),
          version: current.version + 1,
          updatedAt: new Date().toISOString(),
          updatedBy: req.user?.id ?? null,
        })
        .where(and(eq(testsTable.id, current.id), eq(testsTable.version, current.version)))
        .returning()
      if (!row) throw new ConflictError()
      await recordChange(tx, {
        tenantId: tenantOf(req),
        entity: ENTITY,
        entityId: row.id,
        op: 'upsert',
        version: row.version,
        patientId: row.patientId,
      })
      await req.audit(tx, {
        action: `${ENTITY}.update`,
        entity: 'patient',
        entityId: row.patientId,
        details: { test: row.id, fields: Object.keys(body) },
      })
      return presented(tx, row)
    })
    sendVersion(reply, test.version)
    return test
  })

  // Deletes are soft and win (DESIGN §5): a tombstone the devices pull.
  route(app, deleteCovidTest, async ({ params }, req) =>
    idempotent(req, async (tx, claim) => {
      await claim.take(tx)
      await patientInReach(tx, req, params.patientId, 'write')
      const current = await find(tx, params.patientId, params.testId)
      if (!current) throw new NotFoundError()
      if (!current.deletedAt) {
        const now = new Date().toISOString()
        const [row] = await tx
          .update(testsTable)
          .set({
            deletedAt: now,
            updatedAt: now,
            version: current.version + 1,
            updatedBy: req.user?.id ?? null,
          })
          .where(eq(testsTable.id, current.id))
          .returning()
        if (row) {
          await recordChange(tx, {
            tenantId: tenantOf(req),
            entity: ENTITY,
            entityId: row.id,
            op: 'delete',
            version: row.version,
            patientId: row.patientId,
          })
        }
      }
      await req.audit(tx, {
        action: `${ENTITY}.delete`,
        entity: 'patient',
        entityId: current.patientId,
        details: { test: current.id },
      })
      return null
    }),
  )
}
