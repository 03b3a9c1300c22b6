import { and, asc, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  federalEntities,
  localities,
  municipalities,
  nationalities,
} from '../../../src/contract/endpoints/catalogs'
import { foldText, searchWords } from '../../../src/contract/rules/search-text'
import type { Db } from '../../db/client'
import {
  federalEntities as entitiesTable,
  localities as localitiesTable,
  municipalities as municipalitiesTable,
  nationalities as nationalitiesTable,
} from '../../db/schema'
import { route } from '../../platform/route'
import { containsWords, startsWith } from './search'

/** Nationalities, federal entities, municipalities and the locality search (INEGI, RENAPO codes). */
export async function placeRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts

  // Mexican first: it is the answer for almost every patient.
  route(app, nationalities, async () => {
    const rows = await db.select().from(nationalitiesTable).orderBy(asc(nationalitiesTable.name))
    return [...rows.filter((n) => n.code === 'MEX'), ...rows.filter((n) => n.code !== 'MEX')]
  })

  route(app, federalEntities, async () => {
    const rows = await db.select().from(entitiesTable).orderBy(asc(entitiesTable.code))
    return rows.map((e) => ({
      code: e.code,
      curp_code: e.curpCode,
      name: e.name,
      abbreviation: e.abbreviation,
    }))
  })

  route(app, municipalities, async ({ query }) => {
    const rows = await db
      .select()
      .from(municipalitiesTable)
      .where(
        query.federal_entity_code
          ? eq(municipalitiesTable.federalEntityCode, query.federal_entity_code)
          : undefined,
      )
      .orderBy(asc(municipalitiesTable.federalEntityCode), asc(municipalitiesTable.name))
    return rows.map((m) => ({ federal_entity_code: m.federalEntityCode, code: m.code, name: m.name }))
  })

  route(app, localities, async ({ query }) => {
    const words = searchWords(query.search ?? '')
    const rows = await db
      .select()
      .from(localitiesTable)
      .where(
        and(
          query.federal_entity_code
            ? eq(localitiesTable.federalEntityCode, query.federal_entity_code)
            : undefined,
          query.municipality_code ? eq(localitiesTable.municipalityCode, query.municipality_code) : undefined,
          containsWords(localitiesTable.searchText, words),
        ),
      )
      // Names that start with what was typed come first, then the rest alphabetically.
      .orderBy(
        ...(words.length > 0
          ? [desc(startsWith(localitiesTable.searchText, foldText(query.search ?? '')))]
          : []),
        asc(localitiesTable.name),
        asc(localitiesTable.code),
      )
      .limit(query.limit)
    return rows.map((l) => ({
      federal_entity_code: l.federalEntityCode,
      municipality_code: l.municipalityCode,
      code: l.code,
      name: l.name,
    }))
  })
}
