import { and, asc, desc, eq, or, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { cie10AffectedSystems, cie10All, cie10Search } from '../../../src/contract/endpoints/catalogs'
import { diagnosisCodePrefix } from '../../../src/contract/rules/diagnosis-code'
import { searchWords } from '../../../src/contract/rules/search-text'
import type { Db } from '../../db/client'
import { diagnoses, affectedSystems as systemsTable } from '../../db/schema'
import { route } from '../../platform/route'
import { containsWords, startsWith } from './search'

const presentDiagnosis = (d: typeof diagnoses.$inferSelect) => ({
  code: d.code,
  description: d.description,
  chapter: d.chapter,
  affected_system_code: d.affectedSystemCode,
})

interface DiagnosisSearch {
  search?: string | undefined
  affectedSystem?: string | undefined
  limit: number
}

/** Code-prefix matches first (in code order), then the descriptions holding every word. */
async function searchDiagnoses(db: Db, { search = '', affectedSystem, limit }: DiagnosisSearch) {
  const prefix = diagnosisCodePrefix(search)
  const byCode = prefix ? startsWith(diagnoses.code, prefix) : undefined
  const byWords = containsWords(diagnoses.searchText, searchWords(search))
  const matches: SQL | undefined = byCode && byWords ? or(byCode, byWords) : (byCode ?? byWords)
  const rows = await db
    .select()
    .from(diagnoses)
    .where(and(affectedSystem ? eq(diagnoses.affectedSystemCode, affectedSystem) : undefined, matches))
    .orderBy(...(byCode ? [desc(byCode)] : []), asc(diagnoses.code))
    .limit(limit)
  return rows.map(presentDiagnosis)
}

/** The shared CIE-10 (ICD-10) and the review-of-systems list it is filed under, at `/catalog/cie10…`. */
export async function diagnosisRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts

  route(app, cie10AffectedSystems, async (_input, req) => {
    const rows = await db.select().from(systemsTable).orderBy(asc(systemsTable.sort))
    return rows.map((s) => ({ code: s.code, name: req.lang === 'en' ? s.nameEn : s.nameEs }))
  })

  route(app, cie10Search, async ({ query }) =>
    searchDiagnoses(db, { search: query.search, affectedSystem: query.affected_system, limit: query.limit }),
  )

  route(app, cie10All, async () =>
    (await db.select().from(diagnoses).orderBy(asc(diagnoses.code))).map(presentDiagnosis),
  )
}
