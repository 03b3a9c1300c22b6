import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Diagnosis } from '../contract/schemas/catalogs'
import { activateLanguage } from '../i18n/language'
import { aDevice } from '../sync/test-fixtures'
import { refreshCatalogs } from './cache'
import { diagnosisIndex, searchDiagnoses } from './diagnosis-index'
import { buildDiagnosisIndex, searchDiagnosisIndex } from './diagnosis-search'
import { catalogServer, DIAGNOSES } from './test-catalogs'

const d = (code: string, description: string): Diagnosis => ({
  code,
  description,
  chapter: 'X',
  affected_system_code: 'respiratory',
})

const CATALOG = [
  ...DIAGNOSES,
  d('J450', 'Asma predominantemente alergica'),
  d('J46', 'Estado asmatico'),
  d('J301', 'Rinitis alergica debida al polen'),
  d('A000', 'Colera debido a Vibrio cholerae 01, biotipo cholerae'),
  d('I11', 'Enfermedad cardiaca hipertensiva'),
]
const codes = (found: Diagnosis[]) => found.map((f) => f.code)

describe('the offline diagnosis search', () => {
  const index = buildDiagnosisIndex(CATALOG)

  it('finds by code prefix, with or without the dot or DGIS’s X, in code order', () => {
    expect(codes(searchDiagnosisIndex(index, 'E11'))).toEqual(['E11', 'E119'])
    expect(codes(searchDiagnosisIndex(index, 'i10x'))).toEqual(['I10'])
    expect(codes(searchDiagnosisIndex(index, 'a00.0'))).toEqual(['A000'])
    expect(codes(searchDiagnosisIndex(index, 'J4'))).toEqual(['J45', 'J450', 'J46'])
  })

  it('finds by words whatever the accents, case and order', () => {
    expect(codes(searchDiagnosisIndex(index, 'TOBILLO esguince'))).toEqual(['S934'])
    expect(codes(searchDiagnosisIndex(index, 'cólera'))).toEqual(['A000'])
    expect(codes(searchDiagnosisIndex(index, 'alérgica'))).toEqual(['J301', 'J450'])
  })

  it('puts descriptions starting with the first word before the ones holding it later', () => {
    // "Asma…" and "Asma predominantemente…" start with it; "Estado asmatico" holds it inside.
    expect(codes(searchDiagnosisIndex(index, 'asma'))).toEqual(['J45', 'J450', 'J46'])
    expect(codes(searchDiagnosisIndex(index, 'hipertens'))).toEqual(['I10', 'I11'])
  })

  it('puts a code match before a words match, without repeating a row', () => {
    // "j" is both the start of the J codes and a letter inside descriptions.
    const found = codes(searchDiagnosisIndex(index, 'j'))
    expect(found.slice(0, 4)).toEqual(['J301', 'J45', 'J450', 'J46'])
    expect(new Set(found).size).toBe(found.length)
  })

  it('stops at the limit and gives nothing for an empty search', () => {
    expect(searchDiagnosisIndex(index, 'a', 2)).toHaveLength(2)
    expect(searchDiagnosisIndex(index, '   ')).toEqual([])
  })
})

describe('the diagnosis index on the device', () => {
  let server: ReturnType<typeof catalogServer>
  beforeEach(async () => {
    await activateLanguage('es')
    server = catalogServer()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('is empty before the first refresh and built from the cache after it', async () => {
    const { db } = aDevice()
    expect(await searchDiagnoses(db, 'asma')).toEqual([])
    await refreshCatalogs(db)
    expect(codes(await searchDiagnoses(db, 'asma'))).toEqual(['J45'])
  })

  it('is built once, and again when the catalog’s version moves', async () => {
    const { db } = aDevice()
    await refreshCatalogs(db)
    const first = await diagnosisIndex(db)
    expect(await diagnosisIndex(db)).toBe(first)
    server.data.diagnoses = [...DIAGNOSES, d('J46', 'Estado asmatico')]
    server.versions.diagnoses = 2
    await refreshCatalogs(db)
    expect(codes(await searchDiagnoses(db, 'asma'))).toEqual(['J45', 'J46'])
  })
})
