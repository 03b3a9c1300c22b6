import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { CatalogName } from '../../../src/contract/schemas/catalogs'
import type { Tx } from '../../db/client'
import { affectedSystems, diagnoses, localities, municipalities } from '../../db/schema'
import { AFFECTED_SYSTEM_ROWS } from './affected-systems'
import type { ImportText } from './import-texts'

export interface MunicipalityRow {
  federalEntityCode: string
  code: string
  name: string
}

export interface LocalityRow {
  federalEntityCode: string
  municipalityCode: string
  code: string
  name: string
  searchText: string
}

export interface DiagnosisRow {
  code: string
  description: string
  chapter: string
  affectedSystemCode: string
  searchText: string
}

/** A catalog table an import writes to: how its rows are keyed, compared, looked up and written. */
export interface CatalogTarget<R> {
  catalog: CatalogName
  keyOf(row: R): string
  /** The stored rows that share a key with one of `rows`. */
  stored(tx: Tx, rows: readonly R[]): Promise<R[]>
  same(stored: R, incoming: R): boolean
  /** Inserts the new rows and overwrites the changed ones, in one statement. */
  write(tx: Tx, rows: R[]): Promise<void>
  /** The rows whose parent record does not exist, each with its reason. */
  orphans?(tx: Tx, rows: readonly R[]): Promise<Map<R, ImportText>>
  /** Makes sure what every row refers to exists, before the first batch. */
  prepare?(tx: Tx): Promise<void>
}

/**
 * `(a, b) in (select * from unnest($1::text[], $2::text[]))`: a batch of composite keys as one
 * array per column. A list of row literals instead grows the parse tree with the batch until the
 * embedded database runs out of stack; this form stays one small query that uses the primary key.
 */
function keyIn(columns: PgColumn[], keys: string[][]): SQL {
  const arrays = columns.map((_, i) => sql`${sql.param(keys.map((key) => key[i]))}::text[]`)
  return sql`(${sql.join(columns, sql`, `)}) in (select * from unnest(${sql.join(arrays, sql`, `)}))`
}

const excluded = (column: PgColumn) => sql.raw(`excluded."${column.name}"`)

export const municipalitiesTarget: CatalogTarget<MunicipalityRow> = {
  catalog: 'municipalities',
  keyOf: (row) => `${row.federalEntityCode}-${row.code}`,
  stored: (tx, rows) =>
    tx
      .select({
        federalEntityCode: municipalities.federalEntityCode,
        code: municipalities.code,
        name: municipalities.name,
      })
      .from(municipalities)
      .where(
        keyIn(
          [municipalities.federalEntityCode, municipalities.code],
          rows.map((r) => [r.federalEntityCode, r.code]),
        ),
      ),
  same: (a, b) => a.name === b.name,
  async write(tx, rows) {
    await tx
      .insert(municipalities)
      .values(rows)
      .onConflictDoUpdate({
        target: [municipalities.federalEntityCode, municipalities.code],
        set: { name: excluded(municipalities.name) },
      })
  },
}

export const localitiesTarget: CatalogTarget<LocalityRow> = {
  catalog: 'localities',
  keyOf: (row) => `${row.federalEntityCode}-${row.municipalityCode}-${row.code}`,
  stored: (tx, rows) =>
    tx
      .select({
        federalEntityCode: localities.federalEntityCode,
        municipalityCode: localities.municipalityCode,
        code: localities.code,
        name: localities.name,
        searchText: localities.searchText,
      })
      .from(localities)
      .where(
        keyIn(
          [localities.federalEntityCode, localities.municipalityCode, localities.code],
          rows.map((r) => [r.federalEntityCode, r.municipalityCode, r.code]),
        ),
      ),
  same: (a, b) => a.name === b.name && a.searchText === b.searchText,
  async write(tx, rows) {
    await tx
      .insert(localities)
      .values(rows)
      .onConflictDoUpdate({
        target: [localities.federalEntityCode, localities.municipalityCode, localities.code],
        set: { name: excluded(localities.name), searchText: excluded(localities.searchText) },
      })
  },
  async orphans(tx, rows) {
    const wanted = new Map(rows.map((r) => [`${r.federalEntityCode}-${r.municipalityCode}`, r]))
    const found = await tx
      .select({ federalEntityCode: municipalities.federalEntityCode, code: municipalities.code })
      .from(municipalities)
      .where(
        keyIn(
          [municipalities.federalEntityCode, municipalities.code],
          [...wanted.values()].map((r) => [r.federalEntityCode, r.municipalityCode]),
        ),
      )
    const known = new Set(found.map((m) => `${m.federalEntityCode}-${m.code}`))
    const orphans = new Map<LocalityRow, ImportText>()
    for (const row of rows) {
      const municipality = `${row.federalEntityCode}-${row.municipalityCode}`
      if (!known.has(municipality))
        orphans.set(row, { key: 'unknownMunicipality', values: { value: municipality } })
    }
    return orphans
  },
}

export const diagnosesTarget: CatalogTarget<DiagnosisRow> = {
  catalog: 'diagnoses',
  // Every diagnosis is filed under a system of the fixed list, even on a database never seeded.
  async prepare(tx) {
    await tx.insert(affectedSystems).values(AFFECTED_SYSTEM_ROWS).onConflictDoNothing()
  },
  keyOf: (row) => row.code,
  stored: (tx, rows) =>
    tx
      .select({
        code: diagnoses.code,
        description: diagnoses.description,
        chapter: diagnoses.chapter,
        affectedSystemCode: diagnoses.affectedSystemCode,
        searchText: diagnoses.searchText,
      })
      .from(diagnoses)
      .where(
        keyIn(
          [diagnoses.code],
          rows.map((r) => [r.code]),
        ),
      ),
  same: (a, b) =>
    a.description === b.description &&
    a.chapter === b.chapter &&
    a.affectedSystemCode === b.affectedSystemCode &&
    a.searchText === b.searchText,
  async write(tx, rows) {
    await tx
      .insert(diagnoses)
      .values(rows)
      .onConflictDoUpdate({
        target: diagnoses.code,
        set: {
          description: excluded(diagnoses.description),
          chapter: excluded(diagnoses.chapter),
          affectedSystemCode: excluded(diagnoses.affectedSystemCode),
          searchText: excluded(diagnoses.searchText),
        },
      })
  },
}
