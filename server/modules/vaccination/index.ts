import type { FastifyInstance } from 'fastify'
import { vaccinationRecordFiles } from '../../../src/contract/endpoints/vaccination'
import { vaccinationRecords } from '../../db/schema'
import { definitionRoutes } from '../catalogs/catalogues.routes'
import type { ModuleDeps } from '../deps'
import { attachmentRoutes, type ServerFileOwner } from '../operation/attachments.routes'
import { vaccinationCardRoutes } from './card.routes'
import { vaccinationIndexRoutes } from './index.routes'
import { vaccinationRecordRoutes } from './records.routes'

/** A record's certificate image (decision 0023): its file hangs on the record's row. */
const recordOwner: ServerFileOwner = {
  owner: vaccinationRecordFiles,
  rows: {
    table: vaccinationRecords,
    id: vaccinationRecords.id,
    patientId: vaccinationRecords.patientId,
    deletedAt: vaccinationRecords.deletedAt,
  },
}

/**
 * `/api/vaccination`: a patient's vaccination records (issue 21), their card as a PDF, the
 * `/vaccinations` index's spreadsheet, and the vaccination scheme's
 * calls (`/vaccination-scheme…`, SPEC §7), made from its catalogue definition (decision 0018).
 */
export async function vaccinationModule(app: FastifyInstance, deps: ModuleDeps) {
  await app.register(vaccinationRecordRoutes)
  await app.register(vaccinationCardRoutes, { files: deps.files })
  await app.register(vaccinationIndexRoutes)
  await app.register((scope) => attachmentRoutes(scope, { owner: recordOwner, files: deps.files }))
  await app.register((scope) => definitionRoutes(scope, 'vaccination'))
}
