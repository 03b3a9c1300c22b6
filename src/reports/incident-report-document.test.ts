import { describe, expect, it } from 'vitest'
import type { IncidentReport } from '../contract/schemas/incident-reports'
import { incidentReportDocumentOf } from '../documents/medical-report-documents'
import { pdfText } from '../documents/pdf-text'
import { buildReportPdf } from '../documents/report-document'
import { INCIDENT_REPORT } from '../sync/medical-report-kinds'
import { aDevice, CURPS } from '../sync/test-fixtures'
import { reportDocumentFromDevice } from './medical-report-documents'
import { LETTERHEAD_KEY } from './tenant-letterhead'

const PATIENT_ID = '0193b2a0-0000-7000-8000-000000000001'
const DISABILITY_ID = '0193b2a0-0000-7000-8000-0000000000d1'
const STAMP = '2026-03-04T15:00:00.000Z'
const ADDRESS = 'Av. 5 de Febrero 100, Querétaro, Querétaro, C.P. 76120 · Tel. 442 215 3000'

/** An ST-7 as the server answers it (and its feed brings it), amended once, linked to a disability. */
const answered: IncidentReport = {
  id: '0193b2a0-0000-7000-8000-000000000801',
  patient_id: PATIENT_ID,
  employer: {
    business_name: 'Manufacturas del Bajío S.A. de C.V.',
    employer_registration: 'Y5412345104',
    address: 'Av. 5 de Febrero 100, Querétaro, Querétaro, C.P. 76120',
  },
  worker: {
    name: 'Guadalupe Gómez Núñez',
    nss: '12345678903',
    curp: CURPS.guadalupe,
    occupation: 'Almacenista',
    shift: 'Matutino',
    hire_date: '2020-01-15',
  },
  accident_kind: 'at_work',
  occurred_on: '2026-03-03',
  occurred_at: '08:15',
  place: 'Almacén de producto terminado, pasillo 4',
  activity: 'Acomodaba cajas en el rack',
  description: 'Una caja cayó del segundo nivel y le golpeó el pie derecho',
  witnesses: 'Supervisor de turno',
  attended_on: '2026-03-03',
  attended_at: '08:40',
  diagnosis_code: 'S934',
  diagnosis_name: 'Esguince y torcedura del tobillo',
  injuries: 'Edema en el tobillo derecho',
  body_part: 'Tobillo derecho',
  treatment: 'Vendaje y hielo local',
  disability_id: DISABILITY_ID,
  probable_qualification: 'work_related',
  observations: null,
  author: {
    id: 'doctor-3',
    name: 'Luis Ramírez Soto',
    title: 'Médico cirujano',
    professional_license: '1234567',
  },
  amendments: [
    {
      id: '0193b2a0-0000-7000-8000-000000000802',
      version: 2,
      amended_at: STAMP,
      amended_by: { id: 'doctor-3', name: 'Luis Ramírez Soto' },
      changes: { treatment: { before: 'Vendaje', after: 'Vendaje y hielo local' } },
    },
  ],
  version: 2,
  created_at: '2026-03-03T15:00:00.000Z',
  updated_at: STAMP,
  deleted_at: null,
}

const linked = { start_date: '2026-03-03', end_date: '2026-03-09', assigned_number: 'LM0590011' }

describe("an ST-7's PDF built on the device", () => {
  it('is the document the server’s download gives for the same report, linked disability and all', async () => {
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
      value: { name: 'Manufacturas del Bajío', address: ADDRESS, logo: null, logoUrl: null },
    })
    await db.disabilities.put({
      id: DISABILITY_ID,
      patient_id: PATIENT_ID,
      cause: 'Accidente de trabajo',
      control_measures: null,
      reason: 'Esguince de tobillo derecho',
      ...linked,
      type_id: '0193b2a0-0000-7000-8000-0000000000a1',
      type_name: 'Riesgo de trabajo',
      issuer: 'imss',
      status_id: '0193b2a0-0000-7000-8000-0000000000a2',
      status_name: 'Inicial',
      assigned_days: 7,
      comments: null,
      version: 1,
      syncState: 'synced',
    })
    const row = { ...answered, syncState: 'synced' as const }
    await db.incidentReports.put(row)
    const zone = 'America/Mexico_City'
    const device = await reportDocumentFromDevice(db, INCIDENT_REPORT, row, 'es', zone)
    // What the server prints from its own tables for the same report, in the same zone.
    const server = buildReportPdf(
      incidentReportDocumentOf(
        answered,
        {
          language: 'es',
          timeZone: zone,
          tenant: { name: 'Manufacturas del Bajío', logo: null, address: ADDRESS },
          patient: {
            name: 'Guadalupe Gómez Núñez',
            birth_date: '1985-03-17',
            sex: null,
            curp: CURPS.guadalupe,
          },
        },
        linked,
      ),
    )
    expect(pdfText(device.bytes)).toEqual(pdfText(server.bytes))
    expect(Buffer.compare(Buffer.from(device.bytes), Buffer.from(server.bytes))).toBe(0)
    const text = pdfText(device.bytes).join('\n')
    for (const line of [
      'Aviso de atención médica y calificación de probable accidente de trabajo',
      'Y5412345104',
      'S934 Esguince y torcedura del tobillo',
      'Del 2026/03/03 al 2026/03/09, folio LM0590011',
      'Sí de trabajo',
      'Nombre y firma del trabajador',
    ])
      expect(text).toContain(line)
    expect(device.fileName).toMatch(/^st7.*03_03_2026\.pdf$/)
  })
})
