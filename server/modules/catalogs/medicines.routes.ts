import type { FastifyInstance } from 'fastify'
import {
  createMedicine,
  destroyMedicine,
  destroyPresentation,
  dosesOf,
  exportMedicines,
  importMedicines,
  listMedicines,
  medicinesCatalog,
  presentationsOf,
  showMedicine,
  updateMedicine,
} from '../../../src/contract/endpoints/medicines'
import { route } from '../../platform/route'
import { downloadName, sendWorkbook, workbookOf } from '../configuration/spreadsheet'
import { callerIdOf, tenantIdOf } from '../configuration/tenant-scope'
import * as catalogue from './medicines'
import { importMedicineSheet, SHEET_HEADER, sheetRows } from './medicines-sheet'

/**
 * The tenant's medicines and their presentations (SPEC §3, §7 "Medicines"): the catalogue
 * screen's calls and the lists a device caches. Every change moves the catalogue's version in
 * its transaction and is audited.
 */
export async function medicineRoutes(app: FastifyInstance) {
  route(app, listMedicines, async (_input, req) => req.withTenant((tx) => catalogue.listMedicineOptions(tx)))

  route(app, medicinesCatalog, async (_input, req) => req.withTenant((tx) => catalogue.listMedicines(tx)))

  route(app, showMedicine, async ({ params }, req) =>
    req.withTenant((tx) => catalogue.showMedicine(tx, params.id)),
  )

  route(app, presentationsOf, async ({ params }, req) =>
    req.withTenant(async (tx) => (await catalogue.showMedicine(tx, params.id)).presentations),
  )

  route(app, dosesOf, async ({ params }, req) =>
    req.withTenant((tx) => catalogue.dosesOf(tx, params.medicineId, params.presentationId)),
  )

  route(app, createMedicine, async ({ body }, req) =>
    req.withTenant(async (tx) => {
      const medicine = await catalogue.createMedicine(tx, tenantIdOf(req), body, callerIdOf(req), req.lang)
      await req.audit(tx, {
        action: 'medicine.create',
        entity: 'medicine',
        entityId: medicine.id,
        details: { ...body },
      })
      return medicine
    }),
  )

  route(app, updateMedicine, async ({ params, body }, req) =>
    req.withTenant(async (tx) => {
      const medicine = await catalogue.updateMedicine(tx, params.id, body, callerIdOf(req), req.lang)
      await req.audit(tx, {
        action: 'medicine.update',
        entity: 'medicine',
        entityId: medicine.id,
        details: { ...body },
      })
      return medicine
    }),
  )

  route(app, destroyMedicine, async ({ params }, req) => {
    await req.withTenant(async (tx) => {
      await catalogue.destroyMedicine(tx, params.id, callerIdOf(req))
      await req.audit(tx, { action: 'medicine.delete', entity: 'medicine', entityId: params.id })
    })
    return null
  })

  route(app, destroyPresentation, async ({ params }, req) => {
    await req.withTenant(async (tx) => {
      await catalogue.destroyPresentation(tx, params.id, callerIdOf(req))
      await req.audit(tx, { action: 'medicine.presentation.delete', entity: 'medicine', entityId: params.id })
    })
    return null
  })

  route(app, exportMedicines, async (_input, req, reply) => {
    const rows = await req.withTenant(async (tx) => sheetRows(await catalogue.listMedicines(tx)))
    await sendWorkbook(
      reply,
      downloadName('medicamentos'),
      workbookOf('Medicamentos', SHEET_HEADER[req.lang], rows),
    )
  })

  route(app, importMedicines, async ({ body }, req) =>
    req.withTenant(async (tx) => {
      const report = await importMedicineSheet(tx, tenantIdOf(req), body.file, callerIdOf(req), req.lang)
      await req.audit(tx, {
        action: 'medicine.import',
        entity: 'medicine',
        entityId: null,
        details: { ...report, rejections: report.rejections.length },
      })
      return report
    }),
  )
}
