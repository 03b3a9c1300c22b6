import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { nameKey } from '../../../src/contract/schemas/catalogue-definitions'
import { pdfText } from '../../../src/documents/pdf-text'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { insertPatient } from '../../../tests/fixtures/patients'
import { buildTenant } from '../../../tests/fixtures/tenants'
import { buildUser, signIn } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import {
  auditLog,
  catalogueEntries,
  nationalities,
  patientAssignments,
  vaccinationRecords,
} from '../../db/schema'

const TD = '0193a3b0-0000-7000-8000-0000000001d1'
const HEPATITIS_B = '0193a3b0-0000-7000-8000-0000000001d2'
const STAFF = ['vaccinations-index', 'vaccinations-card']

/**
 * The vaccination card as a PDF (`GET /vaccination/user/pdf?id={patient}`), the index's
 * spreadsheet (`GET /vaccination/download{filters}`) and its filters (`GET
 * /get-filters/vaccinations`) through the real routes: the shared builders' content, the
 * assignment scope, the audit, permissions, validation and tenant isolation.
 */
describe('vaccination card and index', () => {
  let t: TestApp
  let acmeId: string
  let nurseId: string
  let otherId: string
  let doctor: Record<string, string>
  let assigned: Record<string, string>
  let cardOnly: Record<string, string>
  let nobody: Record<string, string>
  let intruder: Record<string, string>
  const anonymous = { host: 'acme.localhost' }

  beforeAll(async () => {
    t = await buildTestApp()
    await t.database.db
      .insert(nationalities)
      .values({ code: 'USA', country: 'Estados Unidos', name: 'Estadounidense' })
      .onConflictDoNothing()
    acmeId = (await buildTenant(t.database.db, { slug: 'acme', tradeName: 'Clínica Acme' })).id
    const globexId = (await buildTenant(t.database.db, { slug: 'globex' })).id
    const vaccine = (id: string, name: string, booster: number | null, position: number) => ({
      tenantId: acmeId,
      id,
      catalogue: 'vaccination-records',
      name,
      nameKey: nameKey(name),
      position,
      details: {
        disease: name,
        doses: 3,
        interval_days: 28,
        booster_interval_days: booster,
        route: 'intramuscular',
      },
    })
    const anyone = { doses: null, age_from: null, age_to: null, sex: null, subgroups: [], risks: [] }
    await withTenant(t.database.db, acmeId, (tx) =>
      tx.insert(catalogueEntries).values([
        vaccine(TD, 'Td', 3650, 0),
        vaccine(HEPATITIS_B, 'Hepatitis B', null, 1),
        {
          tenantId: acmeId,
          id: uuidv7(),
          catalogue: 'vaccination-scheme',
          name: 'Td — adultos',
          nameKey: nameKey('Td — adultos'),
          parentId: TD,
          details: { ...anyone, age_from: 20 },
        },
        {
          tenantId: acmeId,
          id: uuidv7(),
          catalogue: 'vaccination-scheme',
          name: 'Hepatitis B — riesgo biológico',
          nameKey: nameKey('Hepatitis B — riesgo biológico'),
          parentId: HEPATITIS_B,
          details: { ...anyone, risks: ['biological'] },
        },
      ]),
    )
    const nurse = await insertPatient(t.database.db, acmeId, {
      name: 'Ana',
      lastName: 'Núñez',
      birthDate: '1990-05-05',
      occupationalRisks: ['biological'],
    })
    nurseId = nurse.id as string
    otherId = (await insertPatient(t.database.db, acmeId, { birthDate: '1985-01-01' })).id as string
    await withTenant(t.database.db, acmeId, (tx) =>
      tx.insert(vaccinationRecords).values([
        {
          tenantId: acmeId,
          id: uuidv7(),
          patientId: nurseId,
          vaccineId: TD,
          doseNumber: 1,
          appliedOn: '2020-03-02',
          folio: 'F-TD-001',
          lot: 'TD2001',
        },
        {
          tenantId: acmeId,
          id: uuidv7(),
          patientId: nurseId,
          vaccineId: HEPATITIS_B,
          doseNumber: 1,
          appliedOn: '2021-06-10',
          folio: 'F-HB-001',
          vaccinatedAbroad: true,
          countryCode: 'USA',
          adverseReactions: [
            { date: '2021-06-11', time: '09:15', symptoms: 'Dolor en el brazo', comments: null },
          ],
        },
      ]),
    )
    const sign = async (host: string, tenantId: string, permissions: string[]) => {
      const user = await buildUser(t.database.db, tenantId, { permissions })
      return { id: user.id, headers: (await signIn(t.app, host, user.email)).headers }
    }
    doctor = (await sign('acme.localhost', acmeId, [...STAFF, 'assignments.all'])).headers
    const professional = await sign('acme.localhost', acmeId, STAFF)
    assigned = professional.headers
    await withTenant(t.database.db, acmeId, (tx) =>
      tx
        .insert(patientAssignments)
        .values({ tenantId: acmeId, id: uuidv7(), patientId: nurseId, userId: professional.id }),
    )
    cardOnly = (await sign('acme.localhost', acmeId, ['vaccinations-card', 'assignments.all'])).headers
    nobody = (await sign('acme.localhost', acmeId, ['patients-index', 'assignments.all'])).headers
    intruder = (await sign('globex.localhost', globexId, [...STAFF, 'assignments.all'])).headers
  })
  afterAll(() => t.close())

  const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers })
  const audited = (action: string) =>
    withTenant(t.database.db, acmeId, async (tx) =>
      (await tx.select().from(auditLog)).filter((entry) => entry.action === action),
    )

  describe('the card as a PDF', () => {
    const card = (id: string) => `/api/vaccination/vaccination/user/pdf?id=${id}`

    it("is the patient's card: status, doses with folio, abroad and reactions, next due dates; audited", async () => {
      const answer = await get(doctor, card(nurseId))
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toBe('application/pdf')
      expect(answer.headers['content-disposition']).toMatch(
        /^attachment; filename="cartilla_vacunacion_\d{2}_\d{2}_\d{4}\.pdf"$/,
      )
      const text = pdfText(answer.rawPayload)
      expect(text).toEqual(
        expect.arrayContaining([
          'Clínica Acme',
          'Cartilla de vacunación',
          'Td (Td)',
          'Dosis del esquema: 1 de 3',
          'Siguiente dosis: 2 de 3, el 2020/03/30',
          'VENCIDA desde el 2020/03/30',
          'F-TD-001',
          'TD2001',
          'En el extranjero: Estados Unidos',
          '1 de 3 · 2021/06/11 09:15: Dolor en el brazo.',
          'Siguiente dosis: 2 de 3, el 2021/07/08',
        ]),
      )
      expect(text.some((line) => line.startsWith('Paciente: Ana Núñez'))).toBe(true)
      expect(text.some((line) => line.startsWith('Esquema: Incompleto · Estado al '))).toBe(true)
      expect((await audited('vaccination-card.pdf')).map((entry) => entry.entityId)).toContain(nurseId)
    })

    it('is read with the card permission alone, and in English', async () => {
      const answer = await get({ ...cardOnly, 'accept-language': 'en' }, card(nurseId))
      expect(answer.statusCode).toBe(200)
      expect(pdfText(answer.rawPayload)).toEqual(
        expect.arrayContaining(['Vaccination card', 'Abroad: Estados Unidos']),
      )
    })

    it('refuses the anonymous (401), the unpermitted (403) and a bad id (422)', async () => {
      expect((await get(anonymous, card(nurseId))).statusCode).toBe(401)
      expect((await get(nobody, card(nurseId))).statusCode).toBe(403)
      const bad = await get(doctor, `${card('not-an-id')}&time_zone=Mars/Olympus`)
      expect(bad.statusCode).toBe(422)
      expect(Object.keys(bad.json().errors).sort()).toEqual(['id', 'time_zone'])
    })

    it('is 404 for a patient outside the professional’s care, another tenant’s, or nobody', async () => {
      expect((await get(assigned, card(otherId))).statusCode).toBe(404)
      expect((await get(assigned, card(nurseId))).statusCode).toBe(200)
      expect((await get(intruder, card(nurseId))).statusCode).toBe(404)
      expect((await get(doctor, card(uuidv7()))).statusCode).toBe(404)
    })
  })

  describe('the index spreadsheet', () => {
    const download = (query = '') => `/api/vaccination/vaccination/download${query}`
    const rowsOf = (payload: Buffer) => {
      const book = XLSX.read(payload)
      const sheet = book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet
      return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 })
    }

    it('lists each patient in scope with status, next vaccine and date and overdue count; audited', async () => {
      const answer = await get(doctor, download())
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toContain('spreadsheetml')
      expect(answer.headers['content-disposition']).toMatch(
        /^attachment; filename="vacunacion_\d{2}_\d{2}_\d{4}\.xlsx"$/,
      )
      const [header, ...rows] = rowsOf(answer.rawPayload)
      expect(header).toEqual([
        'Número de nómina',
        'Paciente',
        'CURP',
        'Esquema',
        'Vacunas que aplican',
        'Siguiente vacuna',
        'Fecha de la siguiente dosis',
        'Dosis vencidas',
      ])
      const nurse = rows.find((row) => String(row[1]).startsWith('Ana Núñez'))
      expect(nurse?.slice(3)).toEqual(['Incompleto', 'Td, Hepatitis B', 'Td', '2020/03/30', 2])
      expect(rows).toHaveLength(2)
      const exported = await audited('vaccination.export')
      const details = exported.at(-1)?.details as { patients: string[] } | undefined
      expect(details?.patients.sort()).toEqual([nurseId, otherId].sort())
    })

    it('keeps to the filters and to the professional’s patients', async () => {
      const risky = rowsOf(
        (await get(doctor, download(`?risks=biological&vaccines=${HEPATITIS_B}`))).rawPayload,
      )
      expect(risky.slice(1).map((row) => String(row[1]).startsWith('Ana Núñez'))).toEqual([true])
      const complete = rowsOf((await get(doctor, download('?statuses=complete'))).rawPayload)
      expect(complete.slice(1)).toEqual([])
      const mine = rowsOf((await get(assigned, download())).rawPayload)
      expect(mine.slice(1)).toHaveLength(1)
      const english = await get({ ...doctor, 'accept-language': 'en' }, download())
      expect(english.headers['content-disposition']).toMatch(
        /filename="vaccinations_\d{2}_\d{2}_\d{4}\.xlsx"/,
      )
      expect(rowsOf((await get(intruder, download())).rawPayload).slice(1)).toEqual([])
    })

    it('refuses the anonymous (401), the card permission alone (403) and unknown filters (422)', async () => {
      expect((await get(anonymous, download())).statusCode).toBe(401)
      expect((await get(cardOnly, download())).statusCode).toBe(403)
      const bad = await get(doctor, download('?statuses=zombie&overdue=maybe'))
      expect(bad.statusCode).toBe(422)
      expect(Object.keys(bad.json().errors).sort()).toEqual(['overdue', 'statuses.0'])
    })
  })

  describe('the index filters', () => {
    const filters = '/api/operation/get-filters/vaccinations'

    it('offer the statuses, the live vaccines, overdue, subgroups and risks, in the asked language', async () => {
      const answer = await get(doctor, filters)
      expect(answer.statusCode).toBe(200)
      const data = answer.json().data
      expect(data.statuses).toEqual([
        { code: 'complete', name: 'Completo' },
        { code: 'incomplete', name: 'Incompleto' },
      ])
      expect(data.vaccines).toEqual([
        { id: TD, name: 'Td' },
        { id: HEPATITIS_B, name: 'Hepatitis B' },
      ])
      expect(data.overdue.map((choice: { code: string }) => choice.code)).toEqual(['yes', 'no'])
      expect(data.risks[0]).toEqual({ code: 'biological', name: 'Biológico' })
      expect(data.subgroups).toEqual([])
      const english = (await get({ ...doctor, 'accept-language': 'en' }, filters)).json().data
      expect(english.statuses[0]).toEqual({ code: 'complete', name: 'Complete' })
      expect((await get(intruder, filters)).json().data.vaccines).toEqual([])
    })

    it('refuse the anonymous (401) and the card permission alone (403)', async () => {
      expect((await get(anonymous, filters)).statusCode).toBe(401)
      expect((await get(cardOnly, filters)).statusCode).toBe(403)
    })
  })
})
