import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  downloadClinicalHistory,
  noteOfflineOpening,
  showDigitalRecord,
} from '../../../src/contract/endpoints/digital-record'
import type { OfflineOpening } from '../../../src/contract/schemas/digital-record'
import { digitalRecordDocumentOf } from '../../../src/documents/digital-record-document'
import { buildDigitalRecordPdf } from '../../../src/documents/digital-record-pdf'
import { patients } from '../../db/schema'
import { assignedUserOf, isAssigned } from '../../platform/assignment-scope'
import { NotFoundError } from '../../platform/errors'
import type { FileStore } from '../../platform/files'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'
import { gatherDigitalRecord, recordContextOf } from './digital-record'

/**
 * SPEC §7's `digital-record` and `clinical-history download` (issue 24, decision 0031): the
 * patient's whole record as data, and as the PDF the device builds from the same rows. Either is
 * reading the patient's clinical data: scoped to the caller's patients, audited (NOM-024) with the
 * kinds and how many records left the server.
 */
export async function digitalRecordRoutes(app: FastifyInstance, opts: { files: FileStore }) {
  const counts = (record: Awaited<ReturnType<typeof gatherDigitalRecord>>) =>
    Object.fromEntries(Object.entries(record.records).map(([kind, rows]) => [kind, rows.length]))

  route(app, showDigitalRecord, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      const record = await gatherDigitalRecord(tx, req, params.id)
      await req.audit(tx, {
        action: 'digital-record.read',
        entity: 'patient',
        entityId: params.id,
        details: { records: counts(record) },
      })
      return record
    }),
  )

  // An opening made offline (decision 0038): the access happened, so it is recorded even when the
  // patient has left the caller's care since (refusing would leave the device's note rejected
  // for good, and the log short of a real access); whether they still are goes with it.
  route(
    app,
    noteOfflineOpening,
    async ({ params, body }, req): Promise<OfflineOpening> =>
      // Claimed under its Idempotency-Key: a note resent after a lost answer is logged once.
      idempotent(req, async (tx, claim) => {
        await claim.take(tx)
        const [patient] = await tx
          .select({ id: patients.id })
          .from(patients)
          .where(eq(patients.id, params.id))
        if (!patient) throw new NotFoundError()
        const assignedUser = assignedUserOf(req)
        await req.audit(tx, {
          action: 'digital-record.read-offline',
          entity: 'patient',
          entityId: params.id,
          details: {
            opening_id: body.id,
            opened_at: body.opened_at,
            in_care: assignedUser === null || (await isAssigned(tx, assignedUser, params.id)),
          },
        })
        return { ...body, patient_id: params.id, version: 1 }
      }),
  )

  route(app, downloadClinicalHistory, async ({ params, query }, req, reply) => {
    const input = await req.withTenant(async (tx) => {
      const record = await gatherDigitalRecord(tx, req, params.id)
      const context = await recordContextOf(tx, req, opts.files, record, query.time_zone)
      await req.audit(tx, {
        action: 'digital-record.pdf',
        entity: 'patient',
        entityId: params.id,
        details: { records: counts(record) },
      })
      return digitalRecordDocumentOf(record, context)
    })
    const { bytes, fileName } = buildDigitalRecordPdf(input)
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(Buffer.from(bytes))
  })
}
