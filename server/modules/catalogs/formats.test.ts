import { describe, expect, it } from 'vitest'
import { detectFormat } from './formats'
import { chapterOf, normalizeIcd10 } from './icd10'

const read = (header: string[], fields: string[]) => {
  const detected = detectFormat(header)
  if (!detected) throw new Error('format not detected')
  return detected.format.read((column) => fields[detected.columns.get(column) ?? -1] ?? '')
}

describe('catalog formats', () => {
  it('recognises each agency header, in any case and column order', () => {
    expect(detectFormat(['EFE_KEY', 'CATALOG_KEY', 'MUNICIPIO', 'CVEGEO'])?.format.id).toBe(
      'dgis-municipalities',
    )
    expect(
      detectFormat(['cvegeo', 'cve_entidad', 'nom_entidad', 'cve_municipio', 'nom_municipio'])?.format.id,
    ).toBe('inegi-municipalities')
    expect(
      detectFormat(['cve_entidad', 'cve_municipio', 'cve_localidad', 'cvegeo', 'nom_localidad'])?.format.id,
    ).toBe('inegi-localities')
    expect(detectFormat([' Code ', 'Description'])?.format.id).toBe('cie10')
    expect(detectFormat(['codigo pais', 'pais', 'clave nacionalidad'])).toBeNull()
  })

  it('pads keys a spreadsheet stripped of their leading zeros', () => {
    const header = ['EFE_KEY', 'CATALOG_KEY', 'MUNICIPIO', 'CVEGEO']
    expect(read(header, ['1', '5', ' JESÚS  MARÍA ', '01005'])).toEqual({
      federalEntityCode: '01',
      code: '005',
      name: 'JESÚS MARÍA',
    })
  })

  it('gives the reason a row is rejected', () => {
    const header = ['EFE_KEY', 'CATALOG_KEY', 'MUNICIPIO', 'CVEGEO']
    expect(read(header, ['19', '04A', 'GENERAL ESCOBEDO', ''])).toMatchObject({ key: 'notDigits' })
    expect(read(header, ['33', '001', 'NO EXISTE', ''])).toMatchObject({ key: 'unknownEntity' })
    expect(read(header, ['NE', '001', 'EXTRANJERO', ''])).toMatchObject({ key: 'notDigits' })
    expect(read(header, ['31', '050', '  ', '31050'])).toMatchObject({ key: 'emptyName' })
    expect(read(header, ['31', '101', 'MÉRIDA', '31050'])).toMatchObject({ key: 'cvegeoMismatch' })
  })

  it('files a diagnosis under its chapter’s affected system, with its folded search text', () => {
    expect(read(['code', 'description'], ['I10X', 'Hipertensión esencial (primaria)'])).toEqual({
      code: 'I10',
      description: 'Hipertensión esencial (primaria)',
      chapter: 'IX',
      affectedSystemCode: 'cardiovascular',
      searchText: 'i10 hipertension esencial primaria',
    })
    expect(read(['code', 'description'], ['S934', 'Esguince y torcedura del tobillo'])).toMatchObject({
      chapter: 'XIX',
      affectedSystemCode: 'musculoskeletal',
    })
  })
})

describe('ICD-10 codes', () => {
  it('stores codes without the dot and without DGIS’s X', () => {
    expect(normalizeIcd10('i10x')).toBe('I10')
    expect(normalizeIcd10('A00.9')).toBe('A009')
    expect(normalizeIcd10('U06"')).toBeNull()
    expect(normalizeIcd10('XIX')).toBeNull()
  })

  it('finds the chapter of a category, and none for a gap between chapters', () => {
    expect(chapterOf('D509')?.chapter).toBe('III')
    expect(chapterOf('H65')?.system).toBe('senses')
    expect(chapterOf('U071')?.chapter).toBe('XXII')
    expect(chapterOf('D49')).toBeUndefined()
  })
})
