import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { dateTimeOfInstant } from '../../contract/rules/date-time'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { createEncounter } from '../../sync/encounter-mutators'
import { aDevice, aSyncedPatient } from '../../sync/test-fixtures'
import { renderWithI18n } from '../../test/render'
import { ConsultationHistory } from './ConsultationHistory'
import { RecordBanner } from './RecordBanner'

const REASON = '0193b2a0-0000-7000-8000-000000000201'
const RESPIRATORY = '0193b2a0-0000-7000-8000-000000000301'
const ENDOCRINE = '0193b2a0-0000-7000-8000-000000000302'

/** A piece of the record inside a router of its own (its links need one). */
async function renderInRouter(ui: () => ReactElement) {
  const rootRoute = createRootRoute({ component: ui })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  await renderWithI18n(<RouterProvider router={router} />)
}

async function twoConsultations(db: LocalDb, patientId: string, ctx: ReturnType<typeof aDevice>['ctx']) {
  const older = await createEncounter(db, ctx, {
    patient_id: patientId,
    type: 'initial',
    started_at: '2026-10-01T16:00:00.000Z',
    modality: 'on_site',
    reason_id: REASON,
    diagnoses: [
      { code: 'J00', name: 'Rinofaringitis aguda (resfriado común)', affected_system_id: RESPIRATORY },
    ],
  })
  const newer = await createEncounter(db, ctx, {
    patient_id: patientId,
    type: 'follow_up',
    started_at: '2026-11-20T16:30:00.000Z',
    modality: 'remote',
    call_duration: '00:20',
    reason_id: REASON,
    diagnoses: [
      { code: 'E119', name: 'Diabetes mellitus tipo 2 sin complicaciones', affected_system_id: ENDOCRINE },
      { code: 'I10', name: 'Hipertensión esencial (primaria)', affected_system_id: ENDOCRINE },
    ],
  })
  // The server has acknowledged the older one.
  await db.encounters.update(older.id, { syncState: 'synced', version: 1 })
  return { older, newer }
}

const shown = (instant: string) => {
  const { date, time } = dateTimeOfInstant(instant)
  return `${date} ${time}`
}

describe('the record’s consultation history', () => {
  afterEach(() => localStorage.clear())

  it('lists the patient’s consultations newest first, with type, modality, diagnoses and prescriber, each opening its edit page', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    const { older, newer } = await twoConsultations(db, patient.id, { ...ctx, userName: 'Luis Ramírez' })
    await renderInRouter(() => <ConsultationHistory db={db} patientId={patient.id} canEdit />)
    await screen.findByText('E119')
    const items = Array.from(document.querySelectorAll<HTMLElement>('.consultation-history__item'))
    expect(items).toHaveLength(2)
    const [first, second] = items as [HTMLElement, HTMLElement]
    expect(first.textContent).toContain(`${shown(newer.started_at)} · Subsecuente · A distancia`)
    expect(first.textContent).toContain('Por enviar')
    expect(within(first).getByText('E119').parentElement?.textContent).toBe(
      'E119 Diabetes mellitus tipo 2 sin complicaciones',
    )
    expect(within(first).getByText('I10')).toBeTruthy()
    expect(first.textContent).toContain('Registró: Luis Ramírez')
    expect(second.textContent).toContain(`${shown(older.started_at)} · Primera vez · Presencial`)
    expect(second.textContent).not.toContain('Por enviar')
    const link = within(first).getByRole('link', { name: shown(newer.started_at) })
    expect(link.getAttribute('href')).toBe(`/medical-consultation/edit/${patient.id}/${newer.id}`)
  })

  it('names the dates only, without links, for someone who may not amend', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await twoConsultations(db, patient.id, ctx)
    await renderInRouter(() => <ConsultationHistory db={db} patientId={patient.id} canEdit={false} />)
    await screen.findAllByText('Primera vez', { exact: false })
    expect(screen.queryAllByRole('link')).toHaveLength(0)
  })

  it('says so when the patient has had no consultation', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    await renderInRouter(() => <ConsultationHistory db={db} patientId={patient.id} canEdit />)
    expect(await screen.findByText('Sin consultas registradas.')).toBeTruthy()
  })

  it('offers “Nueva consulta” in the record’s banner only to who may record one', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    await renderInRouter(() => (
      <>
        <RecordBanner patient={patient} allergies={[]} alerts={[]} canEdit={false} canConsult />
        <RecordBanner patient={patient} allergies={[]} alerts={[]} canEdit={false} canConsult={false} />
      </>
    ))
    const links = await screen.findAllByRole('link', { name: 'Nueva consulta' })
    expect(links).toHaveLength(1)
    expect(links[0]?.getAttribute('href')).toBe(`/medical-consultation/create/${patient.id}`)
  })

  it('offers “Triage COVID” in the record’s banner only to who may record a triage', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    await renderInRouter(() => (
      <>
        <RecordBanner
          patient={patient}
          allergies={[]}
          alerts={[]}
          canEdit={false}
          canConsult={false}
          canTriage
        />
        <RecordBanner patient={patient} allergies={[]} alerts={[]} canEdit={false} canConsult={false} />
      </>
    ))
    const links = await screen.findAllByRole('link', { name: 'Triage COVID' })
    expect(links).toHaveLength(1)
    expect(links[0]?.getAttribute('href')).toBe(`/covid/create/${patient.id}`)
  })
})
