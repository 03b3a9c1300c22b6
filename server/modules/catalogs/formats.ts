import { FEDERAL_ENTITIES } from '../../../src/contract/rules/federal-entities'
import { foldText } from '../../../src/contract/rules/search-text'
import { chapterOf, normalizeIcd10 } from './icd10'
import type { ImportText } from './import-texts'
import {
  type CatalogTarget,
  type DiagnosisRow,
  diagnosesTarget,
  type LocalityRow,
  localitiesTarget,
  type MunicipalityRow,
  municipalitiesTarget,
} from './targets'

/** A row's cell by its column name (lower case), or '' when the file lacks the column. */
type Cell = (column: string) => string

/**
 * One agency file format: the columns its header must name, the catalog it feeds, and how a row
 * becomes a catalog row or the reason it is rejected.
 */
export interface CatalogFormat<R> {
  id: string
  target: CatalogTarget<R>
  columns: readonly string[]
  /** When a folder holds several files of one catalog, the lowest goes first and wins. */
  precedence: number
  read(cell: Cell): R | ImportText
}

export type AnyCatalogFormat =
  | CatalogFormat<MunicipalityRow>
  | CatalogFormat<LocalityRow>
  | CatalogFormat<DiagnosisRow>

const MAX_NAME = 250
const ENTITY_CODES = new Set(FEDERAL_ENTITIES.filter((e) => e.code !== 'NE').map((e) => e.code))

export const isReason = (value: unknown): value is ImportText =>
  typeof value === 'object' && value !== null && 'key' in value

/** A numeric key, left-padded the way a spreadsheet strips it (`1` → `01`). */
function digitsKey(column: string, value: string, digits: number): string | ImportText {
  const text = value.trim()
  if (!/^\d+$/.test(text) || text.length > digits) {
    return { key: 'notDigits', values: { column, digits, value: text } }
  }
  return text.padStart(digits, '0')
}

function entityKey(column: string, value: string): string | ImportText {
  const code = digitsKey(column, value, 2)
  if (isReason(code)) return code
  return ENTITY_CODES.has(code) ? code : { key: 'unknownEntity', values: { value: value.trim() } }
}

function nameOf(value: string): string | ImportText {
  const name = value.trim().replace(/\s+/g, ' ')
  if (name === '') return { key: 'emptyName' }
  if (name.length > MAX_NAME) return { key: 'tooLong', values: { max: MAX_NAME } }
  return name
}

/** The INEGI geostatistical key, when the file gives one, must be the row's own keys joined. */
function checkCvegeo(value: string, keys: string[]): ImportText | null {
  const cvegeo = value.trim()
  if (cvegeo === '' || cvegeo === keys.join('')) return null
  return { key: 'cvegeoMismatch', values: { value: cvegeo, expected: keys.join('-') } }
}

function municipality(
  cell: Cell,
  columns: { entity: string; code: string; name: string; cvegeo: string },
): MunicipalityRow | ImportText {
  const federalEntityCode = entityKey(columns.entity, cell(columns.entity))
  if (isReason(federalEntityCode)) return federalEntityCode
  const code = digitsKey(columns.code, cell(columns.code), 3)
  if (isReason(code)) return code
  const name = nameOf(cell(columns.name))
  if (isReason(name)) return name
  return checkCvegeo(cell(columns.cvegeo), [federalEntityCode, code]) ?? { federalEntityCode, code, name }
}

/** DGIS (health ministry) catalog of municipalities: names in capitals. */
const dgisMunicipalities: CatalogFormat<MunicipalityRow> = {
  id: 'dgis-municipalities',
  target: municipalitiesTarget,
  columns: ['efe_key', 'catalog_key', 'municipio', 'cvegeo'],
  precedence: 1,
  read: (cell) =>
    municipality(cell, { entity: 'efe_key', code: 'catalog_key', name: 'municipio', cvegeo: 'cvegeo' }),
}

/** INEGI census list of municipalities: the geostatistical source, names in their own spelling. */
const inegiMunicipalities: CatalogFormat<MunicipalityRow> = {
  id: 'inegi-municipalities',
  target: municipalitiesTarget,
  columns: ['cve_entidad', 'cve_municipio', 'nom_municipio'],
  precedence: 0,
  read: (cell) =>
    municipality(cell, {
      entity: 'cve_entidad',
      code: 'cve_municipio',
      name: 'nom_municipio',
      cvegeo: 'cvegeo',
    }),
}

/** INEGI localities (the catalog or its 1 000-plus extract). */
const inegiLocalities: CatalogFormat<LocalityRow> = {
  id: 'inegi-localities',
  target: localitiesTarget,
  columns: ['cve_entidad', 'cve_municipio', 'cve_localidad', 'nom_localidad'],
  precedence: 0,
  read(cell): LocalityRow | ImportText {
    const federalEntityCode = entityKey('cve_entidad', cell('cve_entidad'))
    if (isReason(federalEntityCode)) return federalEntityCode
    const municipalityCode = digitsKey('cve_municipio', cell('cve_municipio'), 3)
    if (isReason(municipalityCode)) return municipalityCode
    const code = digitsKey('cve_localidad', cell('cve_localidad'), 4)
    if (isReason(code)) return code
    const name = nameOf(cell('nom_localidad'))
    if (isReason(name)) return name
    const mismatch = checkCvegeo(cell('cvegeo'), [federalEntityCode, municipalityCode, code])
    return mismatch ?? { federalEntityCode, municipalityCode, code, name, searchText: foldText(name) }
  },
}

/** ICD-10 in Spanish: `code,description`, DGIS style (I10X) or dotted (A00.9). */
const cie10: CatalogFormat<DiagnosisRow> = {
  id: 'cie10',
  target: diagnosesTarget,
  columns: ['code', 'description'],
  precedence: 0,
  read(cell): DiagnosisRow | ImportText {
    const code = normalizeIcd10(cell('code'))
    if (code === null) return { key: 'badCode', values: { value: cell('code').trim() } }
    const description = cell('description').trim().replace(/\s+/g, ' ')
    if (description === '') return { key: 'emptyDescription' }
    if (description.length > 500) return { key: 'tooLong', values: { max: 500 } }
    return diagnosisRow(code, description) ?? { key: 'noChapter', values: { value: code } }
  },
}

/** A stored diagnosis with its chapter and affected system, or null outside the chapters. */
export function diagnosisRow(code: string, description: string): DiagnosisRow | null {
  const chapter = chapterOf(code)
  if (!chapter) return null
  return {
    code,
    description,
    chapter: chapter.chapter,
    affectedSystemCode: chapter.system,
    searchText: foldText(`${code} ${description}`),
  }
}

/** Most specific first: the localities header also names an entity and a municipality. */
const FORMATS: readonly AnyCatalogFormat[] = [inegiLocalities, inegiMunicipalities, dgisMunicipalities, cie10]

/** The format a header names (column names in any case and order), with each column's index. */
export function detectFormat(
  header: readonly string[],
): { format: AnyCatalogFormat; columns: Map<string, number> } | null {
  const columns = new Map(header.map((name, index) => [name.trim().toLowerCase(), index]))
  const format = FORMATS.find((f) => f.columns.every((column) => columns.has(column)))
  return format ? { format, columns } : null
}
