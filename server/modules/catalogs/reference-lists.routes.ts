import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { bloodPressureRanges, referenceLists } from '../../../src/contract/endpoints/catalogs'
import { REFERENCE_LIST_NAMES } from '../../../src/contract/schemas/catalogs'
import type { Db } from '../../db/client'
import { bloodPressureRanges as rangesTable, referenceItems } from '../../db/schema'
import { route } from '../../platform/route'

/** The small lists of SPEC §7 and the blood-pressure categories, in the request's language. */
export async function referenceListRoutes(app: FastifyInstance, opts: { db: Db }) {
  for (const name of REFERENCE_LIST_NAMES) {
    route(app, referenceLists[name], async (_input, req) => {
      const rows = await opts.db
        .select()
        .from(referenceItems)
        .where(eq(referenceItems.list, name))
        .orderBy(asc(referenceItems.sort), asc(referenceItems.code))
      return rows.map((row) => ({ code: row.code, name: req.lang === 'en' ? row.nameEn : row.nameEs }))
    })
  }

  route(app, bloodPressureRanges, async (_input, req) => {
    const rows = await opts.db.select().from(rangesTable).orderBy(asc(rangesTable.sort))
    return rows.map((row) => ({
      code: row.code,
      name: req.lang === 'en' ? row.nameEn : row.nameEs,
      systolic_min: row.systolicMin,
      systolic_max: row.systolicMax,
      diastolic_min: row.diastolicMin,
      diastolic_max: row.diastolicMax,
      color: row.color,
      sort: row.sort,
    }))
  })
}
