import { describe, expect, it } from 'vitest'
import { completeAdmissionSections } from '../contract/schemas/admission-exam-example'
import type { AdmissionExam } from '../contract/schemas/admission-exams'
import type { LocalAdmissionExam } from '../db/local-db'
import { buildAdmissionExamPdf } from '../documents/admission-exam-pdf'
import { admissionExamDocumentOf } from '../documents/exam-document'
import { pdfText } from '../documents/pdf-text'
import { aDevice, CURPS } from '../sync/test-fixtures'
import { admissionExamDocumentFromDevice } from './admission-exam-document'
import { LETTERHEAD_KEY } from './tenant-letterhead'

const PATIENT_ID = '0193b2a0-0000-7000-8000-000000000001'

/** A whole exam the server has sent ("complies with conditions", one treatment), as the feed stores it. */
const anExam = (fields: Partial<LocalAdmissionExam> = {}): LocalAdmissionExam => ({
  id: '0193b2a0-0000-7000-8000-000000000701',
  patient_id: PATIENT_ID,
  examined_on: '2026-11-20',
  position: 'Operador de montacargas',
  ...completeAdmissionSections(),
  result: 'complies_with_conditions',
  conditions: 'Uso de protección auditiva',
  observations: null,
  treatments: [
    {
      id: '0193b2a0-0000-7000-8000-000000000801',
      medicine: 'Losartán',
      dose: '50 mg',
      indications: null,
      deleted_at: null,
    },
  ],
  author: { id: 'nurse-1', name: 'Lucía Mendoza Pineda', title: null, professional_license: null },
  amendments: [],
  created_at: '2026-11-20T16:00:00.000Z',
  updated_at: '2026-11-20T17:00:00.000Z',
  version: 3,
  deleted_at: null,
  syncState: 'synced',
  ...fields,
})

/** The same value with every object's keys in reverse order. */
const reordered = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reordered)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([key, held]) => [key, reordered(held)]),
        )
      : value

async function holdCache() {
  const { db } = aDevice()
  await db.patients.put({
    id: PATIENT_ID,
    name: 'Guadalupe',
    last_name: 'Gómez',
    second_last_name: 'Núñez',
    curp: CURPS.guadalupe,
    birth_date: '1985-03-17',
    version: 1,
    syncState: 'synced',
  })
  await db.meta.put({
    key: LETTERHEAD_KEY,
    value: { name: 'Industrias Acme del Bajío', address: null, logo: null, logoUrl: null },
  })
  return db
}

describe("an admission exam's PDF built on the device", () => {
  it('gives the bytes the server’s builder gives for the same exam and context, whatever its keys’ order', async () => {
    const db = await holdCache()
    const exam = anExam()
    const device = await admissionExamDocumentFromDevice(db, exam, 'es', 'America/Mexico_City')
    // The server answers the same exam with its keys in another order (its jsonb columns sort them).
    const { syncState: _state, ...stored } = exam
    const server = buildAdmissionExamPdf(
      admissionExamDocumentOf(reordered(stored) as AdmissionExam, {
        language: 'es',
        timeZone: 'America/Mexico_City',
        tenant: { name: 'Industrias Acme del Bajío', logo: null, address: null },
        patient: {
          name: 'Guadalupe Gómez Núñez',
          birth_date: '1985-03-17',
          sex: null,
          curp: CURPS.guadalupe,
        },
      }),
    )
    expect(device.bytes).toEqual(server.bytes)
    expect(device.fileName).toBe(server.fileName)
    const text = pdfText(device.bytes).join('\n')
    for (const line of [
      'Guadalupe Gómez Núñez',
      'Operador de montacargas',
      'Uso de protección auditiva',
      'Losartán',
    ]) {
      expect(text).toContain(line)
    }
  })

  it('prints an exam recorded offline, before the server has answered it', async () => {
    const db = await holdCache()
    const pending = anExam({
      amendments: undefined,
      author: undefined,
      created_at: undefined,
      updated_at: undefined,
      version: 0,
      syncState: 'pending',
    })
    const text = pdfText((await admissionExamDocumentFromDevice(db, pending, 'en', 'UTC')).bytes).join('\n')
    expect(text).toContain('Guadalupe Gómez Núñez')
    expect(text).toContain('Operador de montacargas')
  })
})
