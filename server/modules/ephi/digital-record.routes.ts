import type { FastifyInstance } from 'fastify'
import {
  downloadClinicalHistory,
  noteOfflineOpening,
  showDigitalRecord,
} from '../../../src/contract/endpoints/digital-record'
import { digitalRecordDocumentOf } from '../../../src/documents/digital-record-document'
import { buildDigitalRecordPdf } from '../../../src/documents/digital-record-pdf'
import type { FileStore } from '../../platform/files'
import { recordOfflineOpening } from '../../platform/offline-openings'
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

  // An opening made offline (decision 0038).
  route(app, noteOfflineOpening, ({ params, body }, req) =>
    recordOfflineOpening(req, 'digital-record.read-offline', params.id, body),
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
