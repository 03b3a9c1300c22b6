import { and, asc, desc, eq, or, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { affectedSystems, diagnostics, diagnosticsOfSystem } from '../../../src/contract/endpoints/catalogs'
import { searchWords } from '../../../src/contract/rules/search-text'
import type { Db } from '../../db/client'
import { diagnoses, affectedSystems as systemsTable } from '../../db/schema'
import { NotFoundError } from '../../platform/errors'
import { route } from '../../platform/route'
import { containsWords, startsWith } from './search'

/** What a search looks like when it is the start of a code: `I1`, `i10x`, `A00.9`. */
const CODE_PREFIX = /^[a-z]\d{0,2}(\.?\d)?x?$/i

/** The stored form of a typed code prefix (no dot, no DGIS X), or null for words. */
function codePrefix(search: string): string | null {
  const text = search.trim()
  if (!CODE_PREFIX.test(text)) return null
  const code = text.toUpperCase().replace('.', '')
  return code.length === 4 && code.endsWith('X') ? code.slice(0, 3) : code
}

interface DiagnosisSearch {
  search?: string | undefined
  affectedSystem?: string | undefined
  limit: number
}

/** Code-prefix matches first (in code order), then the descriptions holding every word. */
async function searchDiagnoses(db: Db, { search = '', affectedSystem, limit }: DiagnosisSearch) {
  const prefix = codePrefix(search)
  const byCode = prefix ? startsWith(diagnoses.code, prefix) : undefined
  const byWords = containsWords(diagnoses.searchText, searchWords(search))
  const matches: SQL | undefined = byCode && byWords ? or(byCode, byWords) : (byCode ?? byWords)
  const rows = await db
    .select()
    .from(diagnoses)
    .where(and(affectedSystem ? eq(diagnoses.affectedSystemCode, affectedSystem) : undefined, matches))
    .orderBy(...(byCode ? [desc(byCode)] : []), asc(diagnoses.code))
    .limit(limit)
  return rows.map((d) => ({
    code: d.code,
    description: d.description,
    chapter: d.chapter,
    affected_system_code: d.affectedSystemCode,
  }))
}

/** ICD-10 (CIE-10) and the affected systems it is filed under. */
export async function diagnosisRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts

  route(app, affectedSystems, async (_input, req) => {
    const rows = await db.select().from(systemsTable).orderBy(asc(systemsTable.sort))
    return rows.map((s) => ({ code: s.code, name: req.lang === 'en' ? s.nameEn : s.nameEs }))
  })

  route(app, diagnostics, async ({ query }) =>
    searchDiagnoses(db, { search: query.search, affectedSystem: query.affected_system, limit: query.limit }),
  )

  route(app, diagnosticsOfSystem, async ({ params, query }) => {
    const [system] = await db.select().from(systemsTable).where(eq(systemsTable.code, params.id))
    if (!system) throw new NotFoundError()
    return searchDiagnoses(db, { search: query.search, affectedSystem: system.code, limit: query.limit })
  })
}
