import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { dateTimeOfInstant } from '../../contract/rules/date-time'
import { encounterHistory } from '../../db/encounters'
import type { LocalDb } from '../../db/local-db'
import { createEncounter } from '../../sync/encounter-mutators'
import { aDevice, aSyncedPatient } from '../../sync/test-fixtures'
import { renderWithI18n } from '../../test/render'
import { ConsultationHistory, ConsultationList } from './ConsultationHistory'

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

describe('the patient’s consultation history', () => {
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

  it('marks the consultation on screen beside it, and draws with its rows from the first render', async () => {
    const { db, ctx } = aDevice()
    const patient = await aSyncedPatient(db, ctx)
    const { older, newer } = await twoConsultations(db, patient.id, ctx)
    const encounters = await encounterHistory(db, patient.id)
    await renderInRouter(() => (
      <ConsultationList patientId={patient.id} encounters={encounters} canEdit currentId={older.id} />
    ))
    const items = await screen.findAllByRole('listitem', { current: true })
    expect(items).toHaveLength(1)
    expect(items[0]?.textContent).toContain(shown(older.started_at))
    expect(items[0]?.textContent).toContain('Esta consulta')
    const others = Array.from(document.querySelectorAll('.consultation-history__item:not([data-current])'))
    expect(others).toHaveLength(1)
    expect(others[0]?.textContent).toContain(shown(newer.started_at))
    expect(others[0]?.textContent).not.toContain('Esta consulta')
  })
})
