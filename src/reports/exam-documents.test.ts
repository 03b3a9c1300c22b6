import { describe, expect, it } from 'vitest'
import type { LocalDb, LocalPeriodicExam } from '../db/local-db'
import { catalogueEntry } from '../db/vaccination-test-data'
import { pdfText } from '../documents/pdf-text'
import { aDevice, CURPS } from '../sync/test-fixtures'
import { periodicExamDocumentFromDevice } from './exam-documents'
import { LETTERHEAD_KEY } from './tenant-letterhead'

const PATIENT_ID = '0193b2a0-0000-7000-8000-000000000001'
const AUDIOMETRY = '0193b2a0-0000-7000-8000-0000000000e1'

/** An exam recorded on this device and not yet answered: its clinical exam has no name of its own. */
const exam = (): LocalPeriodicExam => ({
  id: '0193b2a0-0000-7000-8000-000000000701',
  patient_id: PATIENT_ID,
  examined_on: '2026-11-20',
  condition: 'fails',
  observations: 'Hipoacusia leve bilateral.',
  recommendations: 'Protección auditiva doble.',
  exposures: [{ agent: 'noise', years: 6, notes: '92 dB' }],
  clinical_exams: [
    { id: '0193b2a0-0000-7000-8000-000000000702', clinical_exam_id: AUDIOMETRY, result: 'Umbral 35 dB' },
  ],
  author: { id: 'doctor-3', name: 'Luis Ramírez Soto', title: null, professional_license: null },
  version: 0,
  deleted_at: null,
  syncState: 'pending',
})

async function holdCache(db: LocalDb) {
  await db.patients.put({
    id: PATIENT_ID,
    name: 'Guadalupe',
    last_name: 'Gómez',
    second_last_name: 'Núñez',
    curp: CURPS.guadalupe,
    birth_date: '1985-03-17',
    exam_frequency: '6-months',
    version: 1,
    syncState: 'synced',
  })
  await db.catalogueEntries.put(
    catalogueEntry({ id: AUDIOMETRY, catalogue: 'clinicalExam', name: 'Audiometría' }),
  )
  await db.meta.put({
    key: LETTERHEAD_KEY,
    value: { name: 'Industrias Acme del Bajío', address: null, logo: null, logoUrl: null },
  })
}

describe("a periodic exam's PDF built on the device", () => {
  it('prints the exam from its row and the cache, the clinical exam named from the catalogue, the next exam at the frequency', async () => {
    const { db } = aDevice()
    await holdCache(db)
    const { bytes, fileName } = await periodicExamDocumentFromDevice(db, exam(), 'es', 'America/Mexico_City')
    const text = pdfText(bytes).join('\n')
    for (const line of [
      'Industrias Acme del Bajío',
      'Guadalupe Gómez Núñez',
      'Audiometría',
      'Umbral 35 dB',
      'Hipoacusia leve bilateral.',
      'Protección auditiva doble.',
      '2027/05/20',
      'Luis Ramírez Soto',
    ]) {
      expect(text).toContain(line)
    }
    expect(fileName).toMatch(/20_11_2026\.pdf$/)
  })
})
