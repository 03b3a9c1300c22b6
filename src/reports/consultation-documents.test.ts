import { describe, expect, it } from 'vitest'
import type { CatalogueEntry } from '../contract/schemas/catalogue-definitions'
import type { LocalDb, LocalEncounter } from '../db/local-db'
import { pdfText } from '../documents/pdf-text'
import { aDevice, CURPS } from '../sync/test-fixtures'
import { consultationDocumentFromDevice } from './consultation-documents'
import { LETTERHEAD_KEY } from './tenant-letterhead'

const ACME_ADDRESS = 'Av. 5 de Febrero 1351, Querétaro, Querétaro, C.P. 76120 · Tel. 442 215 3000'
const PATIENT_ID = '0193b2a0-0000-7000-8000-000000000001'
const REASON_ID = '0193b2a0-0000-7000-8000-000000000201'
const RESPIRATORY_ID = '0193b2a0-0000-7000-8000-000000000301'

const entry = (id: string, catalogue: string, name: string, active = true): CatalogueEntry => ({
  id,
  catalogue,
  name,
  code: null,
  active,
  parent_id: null,
  parent_name: null,
  position: 0,
  items: [],
  updated_at: '2026-11-23T10:00:00Z',
})

/** A consultation the server has sent, with its prescription and one amendment, as the feed stores it. */
const consultation = (fields: Partial<LocalEncounter> = {}): LocalEncounter => ({
  id: '0193b2a0-0000-7000-8000-000000000501',
  patient_id: PATIENT_ID,
  type: 'initial',
  started_at: '2026-11-20T16:30:00.000Z',
  modality: 'on_site',
  call_duration: null,
  reason_id: REASON_ID,
  weight_kg: 72.5,
  height_m: 1.68,
  systolic: 120,
  diastolic: 80,
  diagnoses: [{ code: 'J00', name: 'Rinofaringitis aguda', affected_system_id: RESPIRATORY_ID }],
  plan: 'Reposo 3 días',
  prescription: [
    {
      id: '0193b2a0-0000-7000-8000-000000000601',
      medicine_id: '0193b2a0-0000-7000-8000-000000000102',
      presentation_id: '0193b2a0-0000-7000-8000-000000000121',
      medicine_name: 'Paracetamol',
      presentation_name: 'Tableta',
      dose: '500 mg',
      quantity: 1,
      unit: 'tablet',
      via: 'oral',
      every_hours: 8,
      for_days: 5,
      indications: null,
    },
  ],
  prescriber: {
    id: 'doctor-3',
    name: 'Luis Ramírez Soto',
    title: 'Médico cirujano',
    professional_license: '12345678',
  },
  amendments: [
    {
      id: '0193b2a0-0000-7000-8000-000000000901',
      version: 2,
      amended_at: '2026-11-21T17:05:00.000Z',
      amended_by: { id: 'doctor-3', name: 'Luis Ramírez Soto' },
      changes: { plan: { before: 'Reposo', after: 'Reposo 3 días' } },
    },
  ],
  updated_at: '2026-11-21T17:05:00.000Z',
  version: 2,
  syncState: 'synced',
  ...fields,
})

/** The small lists as the catalogue refresh keeps them, in the screen's language. */
const LISTS = {
  es: {
    'biological-sexes': [
      ['female', 'Mujer'],
      ['male', 'Hombre'],
    ],
    genders: [
      ['female', 'Femenino'],
      ['non-binary', 'No binario'],
    ],
  },
  en: {
    'biological-sexes': [
      ['female', 'Female'],
      ['male', 'Male'],
    ],
    genders: [
      ['female', 'Female'],
      ['non-binary', 'Non-binary'],
    ],
  },
} as const

async function holdLists(
  db: LocalDb,
  language: 'es' | 'en',
  lists = ['biological-sexes', 'genders'] as const,
) {
  for (const list of lists) {
    await db.catalogItems.bulkPut(
      LISTS[language][list].map(([code, name], position) => ({ list, code, position, data: { code, name } })),
    )
  }
}

/** What the device holds offline: the patient, the catalogues, the letterhead (no network here). */
async function holdCache(db: LocalDb, language: 'es' | 'en' = 'es') {
  await holdLists(db, language)
  await db.patients.put({
    id: PATIENT_ID,
    name: 'Guadalupe',
    last_name: 'Gómez',
    second_last_name: 'Núñez',
    curp: CURPS.guadalupe,
    birth_date: '1985-03-17',
    biological_sex: 'female',
    version: 1,
    syncState: 'synced',
  })
  // The system is inactive now: the old note keeps printing its name.
  await db.catalogueEntries.bulkPut([
    entry(REASON_ID, 'consultReason', 'Enfermedad general'),
    entry(RESPIRATORY_ID, 'affected_system', 'Aparato respiratorio', false),
  ])
  await db.meta.put({
    key: LETTERHEAD_KEY,
    value: { name: 'Industrias Acme del Bajío', address: ACME_ADDRESS, logo: null, logoUrl: null },
  })
}

describe("a consultation's documents built on the device", () => {
  it('prints the note from the cache: patient, sex in words, reason, diagnosis with its system, treatment, history', async () => {
    const { db } = aDevice()
    await holdCache(db)
    const { bytes, fileName } = await consultationDocumentFromDevice(
      db,
      consultation(),
      'note',
      'es',
      'America/Mexico_City',
    )
    const text = pdfText(bytes).join('\n')
    for (const line of [
      'Industrias Acme del Bajío',
      ACME_ADDRESS,
      'Guadalupe Gómez Núñez',
      'Mujer',
      CURPS.guadalupe,
      'Enfermedad general',
      'J00',
      'Rinofaringitis aguda',
      'Aparato respiratorio',
      '1 tableta vía oral cada 8 horas por 5 días',
      'Luis Ramírez Soto',
      'Nota modificada el 2026/11/21 11:05 por Luis Ramírez Soto',
    ]) {
      expect(text).toContain(line)
    }
    expect(fileName).toBe('nota_de_consulta_20_11_2026.pdf')
  })

  it('prints the prescription in English with the dose instruction in words, the same bytes when asked twice', async () => {
    const { db } = aDevice()
    await holdCache(db, 'en')
    const build = () => consultationDocumentFromDevice(db, consultation(), 'prescription', 'en', 'UTC')
    const first = await build()
    const text = pdfText(first.bytes).join('\n')
    expect(text).toContain('Guadalupe Gómez Núñez')
    expect(text).toContain('Female')
    expect(text).toContain(ACME_ADDRESS)
    expect(text).toContain('1 tablet by mouth every 8 hours for 5 days')
    expect(text).toContain('12345678')
    expect(text).not.toContain('J00')
    expect((await build()).bytes).toEqual(first.bytes)
  })

  it('prints a consultation recorded offline, before the server has answered it', async () => {
    const { db } = aDevice()
    await holdCache(db)
    const pending = consultation({
      amendments: undefined,
      updated_at: undefined,
      version: 0,
      syncState: 'pending',
    })
    const text = pdfText((await consultationDocumentFromDevice(db, pending, 'note', 'es', 'UTC')).bytes).join(
      '\n',
    )
    expect(text).toContain('Guadalupe Gómez Núñez')
    expect(text).toContain('2026/11/20 16:30')
  })

  it('prints the sex from the cached lists: the gender when the biological sex has no name held, else none', async () => {
    const { db } = aDevice()
    await holdCache(db)
    const sexPrinted = async () =>
      pdfText((await consultationDocumentFromDevice(db, consultation(), 'note', 'es', 'UTC')).bytes).join(
        '\n',
      )
    await db.patients.update(PATIENT_ID, { gender: 'non-binary' })
    expect(await sexPrinted()).toContain('Mujer')
    // Lists cached before they carried the biological sexes: the gender's name is printed.
    await db.catalogItems.where('list').equals('biological-sexes').delete()
    const text = await sexPrinted()
    expect(text).toContain('No binario')
    expect(text).not.toContain('Mujer')
    // Neither held: no sex line, rather than a word the server would not print.
    await db.catalogItems.where('list').equals('genders').delete()
    expect(await sexPrinted()).not.toMatch(/No binario|Mujer|Femenino/)
  })
})
