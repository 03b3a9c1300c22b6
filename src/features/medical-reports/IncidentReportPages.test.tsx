import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildNss } from '../../contract/rules/nss'
import { draftKey } from '../../db/form-drafts'
import type { LocalDb } from '../../db/local-db'
import { saveSession } from '../../session/session-store'
import { setCurrentEngine } from '../../sync/current-engine'
import type { MutationContext } from '../../sync/edits'
import { DISABILITY } from '../../sync/medical-report-kinds'
import { createReport } from '../../sync/medical-report-mutators'
import { aDisability } from '../../sync/medical-report-test-data'
import { aDevice, aSyncedPatient, pendingEntries } from '../../sync/test-fixtures'
import { signedInAs } from '../../test/session'
import { DRAFT_DELAY_MS } from '../../ui/form/use-draft-autosave'
import {
  aHeldDisability,
  aHeldIncidentReport,
  fill,
  holdDiagnoses,
  holdEmployer,
  renderIncidentReportForm,
  renderIncidentReportView,
} from './incident-report-test-page'

// The form renders many fields: on a busy machine a render takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 })

const NSS = buildNss({ subdelegation: 12, registrationYear: 15, birthYear: 85, serial: 4321 })

const WRITER = ['incident-report-st7-create', 'incident-report-st7-edit', 'incident-report-st7-view']

const step = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Partes del ST-7' })).getByRole('button', {
    name: new RegExp(name),
  })
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

/** A worker the server has sent with the record fields the ST-7 copies. */
async function aWorker(db: LocalDb, ctx: MutationContext) {
  const patient = await aSyncedPatient(db, ctx)
  const worker = { ...patient, nss: NSS, hire_date: '2020-01-15' }
  await db.patients.put({ ...worker, syncState: 'synced' })
  return worker
}

/** Fills the accident, the first attention (diagnosis searched) and the qualification. */
async function fillTheAccident() {
  fireEvent.click(step('Datos del accidente'))
  fill('Tipo de accidente', 'at_work')
  fill('Fecha del accidente', '2026/03/03')
  fill('Hora del accidente', '08:15')
  fill('Lugar del accidente', 'Almacén de producto terminado, pasillo 4')
  fill('Actividad que realizaba', 'Acomodaba cajas en el rack')
  fill('Cómo ocurrió', 'Una caja cayó del segundo nivel y le golpeó el pie derecho')
  fireEvent.click(step('Primera atención médica'))
  fill('Fecha de atención', '2026/03/03')
  fill('Hora de atención', '08:40')
  fill('Buscar diagnóstico (CIE-10)', 'esguince')
  const matches = await screen.findByRole('list', { name: 'Diagnósticos encontrados' })
  fireEvent.click(within(matches).getByRole('button', { name: /S934/ }))
  fill('Lesiones', 'Edema en el tobillo derecho')
  fill('Región anatómica', 'Tobillo derecho')
  fill('Tratamiento', 'Vendaje y hielo local')
}

describe('the ST-7 screens', { timeout: 30_000 }, () => {
  beforeEach(() => signedInAs(WRITER, { uuid: 'doctor-3', name: 'Luis', last_name: 'Ramírez' }))
  afterEach(() => {
    setCurrentEngine(null)
    saveSession(null)
    localStorage.clear()
    vi.restoreAllMocks()
  })

  it('opens a new ST-7 prefilled from the tenant’s settings and the patient, as the server’s prefill would', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    await holdEmployer(db)
    // The occupation and shift come from the patient's latest report (the record holds neither).
    await aHeldIncidentReport(db, patient.id, {
      occurred_on: '2025-06-01',
      worker: { ...wk(), shift: 'Nocturno' },
    })
    await renderIncidentReportForm(db, patient.id)
    await screen.findByRole('form', { name: 'Nuevo ST-7' })
    expect(screen.getByLabelText<HTMLInputElement>('Nombre o razón social').value).toBe(
      'Manufacturas del Bajío S.A. de C.V.',
    )
    expect(screen.getByLabelText<HTMLInputElement>('Registro patronal').value).toBe('Y5412345104')
    expect(screen.getByLabelText<HTMLTextAreaElement>('Domicilio del patrón').value).toBe(
      'Av. 5 de Febrero 100, Querétaro, Querétaro, C.P. 76120',
    )
    fireEvent.click(step('Datos del trabajador'))
    const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value
    expect(value('Nombre del trabajador')).toBe('María Guadalupe González Martínez')
    expect(value('Número de seguridad social')).toBe(NSS)
    expect(value('CURP')).toBe(patient.curp)
    expect(value('Fecha de ingreso')).toBe('2020/01/15')
    expect(value('Ocupación')).toBe('Almacenista')
    expect(value('Turno')).toBe('Nocturno')
  })

  it('takes the employer when the tenant’s settings reach the device after the form opened', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    await renderIncidentReportForm(db, patient.id)
    await screen.findByRole('form', { name: 'Nuevo ST-7' })
    expect(screen.getByLabelText<HTMLInputElement>('Registro patronal').value).toBe('')
    // The first sign-in's pull keeps the letterhead a moment after the screen opened.
    await holdEmployer(db)
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Registro patronal').value).toBe('Y5412345104'),
    )
    expect(screen.getByLabelText<HTMLInputElement>('Nombre o razón social').value).toBe(
      'Manufacturas del Bajío S.A. de C.V.',
    )
  })

  it('checks a step on “Continuar”, listing each error as a link that takes to its field', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    await holdEmployer(db)
    await renderIncidentReportForm(db, patient.id)
    await screen.findByRole('form', { name: 'Nuevo ST-7' })
    fireEvent.click(step('Datos del accidente'))
    fill('Fecha del accidente', '03/03/2026')
    press('Continuar')
    const summary = (await screen.findByText('Revisa los campos marcados')).closest(
      '[role="alert"]',
    ) as HTMLElement
    const links = within(summary).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'Tipo de accidente: Este campo es obligatorio.',
      'Fecha del accidente: Escribe la fecha como AAAA/MM/DD.',
      'Hora del accidente: Este campo es obligatorio.',
      'Lugar del accidente: Este campo es obligatorio.',
      'Actividad que realizaba: Este campo es obligatorio.',
      'Cómo ocurrió: Este campo es obligatorio.',
    ])
    // The step stays, marked with errors; its fields say so too.
    expect(step('Datos del accidente').textContent).toContain('con errores')
    expect(screen.getByLabelText('Fecha del accidente').getAttribute('aria-invalid')).toBe('true')
    fireEvent.click(within(summary).getByRole('link', { name: /Lugar del accidente/ }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Lugar del accidente')))
  })

  it('saves a new ST-7 on the device linked to a disability recorded here, queued after the disability’s create', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    await holdEmployer(db)
    await holdDiagnoses(db)
    const older = await aHeldDisability(db, patient.id, {
      start_date: '2025-11-02',
      end_date: '2025-11-04',
      assigned_number: null,
      assigned_days: 3,
    })
    // The disability the first attention issued, recorded on this device and not yet sent.
    const issued = await createReport(
      db,
      ctx,
      DISABILITY,
      aDisability(patient.id, {
        start_date: '2026-03-03',
        end_date: '2026-03-09',
        assigned_days: 7,
        assigned_number: 'LM0590011',
      }),
    )
    await aHeldDisability(db, patient.id, {
      start_date: '2026-02-01',
      deleted_at: '2026-02-02T10:00:00.000Z',
    })
    await aHeldDisability(db, '0193a3b0-0000-7000-8000-0000000000e9', {
      start_date: '2026-01-05',
      end_date: '2026-01-06',
      assigned_days: 2,
    })
    const { saved } = await renderIncidentReportForm(db, patient.id)
    await screen.findByRole('form', { name: 'Nuevo ST-7' })
    fireEvent.click(step('Datos del trabajador'))
    fill('Ocupación', 'Almacenista')
    await fillTheAccident()
    // Only the patient's live disabilities are offered, newest first, by their days and folio.
    const select = screen.getByLabelText<HTMLSelectElement>('Incapacidad expedida')
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Sin incapacidad',
      'Del 2026/03/03 al 2026/03/09 · folio LM0590011',
      'Del 2025/11/02 al 2025/11/04',
    ])
    fill('Incapacidad expedida', issued.id)
    press('Continuar')
    fill('Probable accidente de trabajo', 'work_related')
    press('Guardar ST-7')
    await waitFor(() => expect(saved).toHaveLength(1))
    const [report] = await db.incidentReports.toArray()
    expect(report).toMatchObject({
      patient_id: patient.id,
      employer: { employer_registration: 'Y5412345104' },
      worker: { nss: NSS, occupation: 'Almacenista', hire_date: '2020-01-15' },
      occurred_on: '2026-03-03',
      diagnosis_code: 'S934',
      diagnosis_name: 'Esguince y torcedura del tobillo',
      disability_id: issued.id,
      probable_qualification: 'work_related',
      syncState: 'pending',
    })
    expect(older.id).not.toBe(report?.disability_id)
    const [disabilityCreate, reportCreate] = await pendingEntries(db)
    expect([disabilityCreate?.kind, reportCreate?.kind]).toEqual([
      'disability.create',
      'incidentReport.create',
    ])
    expect(reportCreate?.dependsOn).toContain(disabilityCreate?.mutationId)
    // Saved, the draft is gone: the next new report starts from the prefill again.
    expect(await db.formDrafts.get(draftKey('incident-report', patient.id))).toBeUndefined()
  })

  it('refuses the save while a step has errors, opening the first step that has them', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    await holdEmployer(db)
    await holdDiagnoses(db)
    await renderIncidentReportForm(db, patient.id)
    await screen.findByRole('form', { name: 'Nuevo ST-7' })
    await fillTheAccident()
    fill('Fecha de atención', '2026/03/02')
    fireEvent.click(step('Calificación'))
    fill('Probable accidente de trabajo', 'not_work_related')
    press('Guardar ST-7')
    const summary = (await screen.findByText('Revisa los campos marcados')).closest(
      '[role="alert"]',
    ) as HTMLElement
    expect(within(summary).getByRole('link').textContent).toBe(
      'Fecha de atención: La atención médica no puede ser anterior al accidente.',
    )
    expect(step('Primera atención médica').getAttribute('aria-current')).toBe('step')
    expect(await db.incidentReports.count()).toBe(0)
    expect(await pendingEntries(db)).toEqual([])
  })

  it('keeps what is typed as a draft on the device, offered again when the form reopens', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    await holdEmployer(db)
    const { view } = await renderIncidentReportForm(db, patient.id)
    await screen.findByRole('form', { name: 'Nuevo ST-7' })
    fireEvent.click(step('Datos del accidente'))
    fill('Lugar del accidente', 'Andén de carga 2')
    await waitFor(
      async () =>
        expect((await db.formDrafts.get(draftKey('incident-report', patient.id)))?.value).toMatchObject({
          step: 2,
          values: { place: 'Andén de carga 2' },
        }),
      { timeout: DRAFT_DELAY_MS * 10 },
    )
    view.unmount()
    await renderIncidentReportForm(db, patient.id)
    await screen.findByText('Se recuperó lo escrito en este dispositivo.')
    expect(screen.getByLabelText<HTMLInputElement>('Lugar del accidente').value).toBe('Andén de carga 2')
    press('Descartar borrador')
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Lugar del accidente').value).toBe(''))
    expect(await db.formDrafts.get(draftKey('incident-report', patient.id))).toBeUndefined()
  })

  it('amends only the fields that changed (NOM-004), from any step', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    await holdEmployer(db)
    const report = await aHeldIncidentReport(db, patient.id)
    const { saved } = await renderIncidentReportForm(db, patient.id, report.id)
    await screen.findByRole('form', { name: 'Editar ST-7' })
    fireEvent.click(step('Primera atención médica'))
    fill('Tratamiento', 'Vendaje, hielo local e inmovilización')
    press('Guardar cambios')
    await waitFor(() => expect(saved).toHaveLength(1))
    const [entry] = await pendingEntries(db)
    expect(entry).toMatchObject({
      kind: 'incidentReport.update',
      body: { treatment: 'Vendaje, hielo local e inmovilización' },
    })
    expect(Object.keys(entry?.body as object)).toEqual(['treatment'])
  })

  it('shows an ST-7 in the IMSS form’s five parts with its linked disability, editable but never deleted', async () => {
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    const disability = await aHeldDisability(db, patient.id)
    const report = await aHeldIncidentReport(db, patient.id, {
      disability_id: disability.id,
      amendments: [
        {
          id: '0193a3b0-0000-7000-8000-0000000000f1',
          version: 2,
          amended_at: '2026-03-04T15:00:00.000Z',
          amended_by: { id: 'doctor-3', name: 'Luis Ramírez' },
          changes: { accident_kind: { before: 'commuting', after: 'at_work' } },
        },
      ],
    })
    await renderIncidentReportView(db, patient.id, report.id)
    for (const part of [
      '1. Datos del patrón',
      '2. Datos del trabajador',
      '3. Datos del accidente',
      '4. Primera atención médica',
      '5. Calificación',
    ])
      expect(await screen.findByRole('heading', { name: part })).toBeTruthy()
    const attention = screen.getByRole('region', { name: '4. Primera atención médica' })
    expect(within(attention).getByText('S934 Esguince y torcedura del tobillo')).toBeTruthy()
    expect(within(attention).getByText('Del 2026/03/03 al 2026/03/09 · folio LM0590011')).toBeTruthy()
    expect(screen.getByText('Sí de trabajo')).toBeTruthy()
    expect(screen.getByText('Tipo de accidente: En trayecto → En el centro de trabajo')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe(
      `/digital-record/medical-reports/incident-report-st7/edit/${patient.id}/${report.id}`,
    )
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull()
  })

  it('offers no edit to who may only read the ST-7', async () => {
    signedInAs(['incident-report-st7-view'])
    const { db, ctx } = aDevice()
    const patient = await aWorker(db, ctx)
    const report = await aHeldIncidentReport(db, patient.id)
    await renderIncidentReportView(db, patient.id, report.id)
    await screen.findByRole('heading', { name: '1. Datos del patrón' })
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Elegir archivos' })).toBeNull()
  })
})

/** The worker's part as the held report gives it. */
const wk = () => ({
  name: 'María Guadalupe González Martínez',
  nss: NSS,
  curp: null,
  occupation: 'Almacenista',
  shift: 'Matutino',
  hire_date: '2020-01-15',
})
