import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { LocalPatient } from '../../db/local-db'
import { aDevice, aSyncedPatient } from '../../sync/test-fixtures'
import { renderWithI18n } from '../../test/render'
import { RecordBanner } from './RecordBanner'

/** The banner inside a router of its own (its links need one). */
async function renderInRouter(ui: () => ReactElement) {
  const rootRoute = createRootRoute({ component: ui })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory() })
  await renderWithI18n(<RouterProvider router={router} />)
}

describe('the record’s banner', () => {
  afterEach(() => localStorage.clear())

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

  it('offers “Vacunas” in the record’s banner only to who may see the vaccination card', async () => {
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
          canSeeVaccinations
        />
        <RecordBanner patient={patient} allergies={[]} alerts={[]} canEdit={false} canConsult={false} />
      </>
    ))
    const links = await screen.findAllByRole('link', { name: 'Vacunas' })
    expect(links).toHaveLength(1)
    expect(links[0]?.getAttribute('href')).toBe(`/vaccinations/card/${patient.id}`)
  })
  it('offers “Examen periódico” in the record’s banner only to who may record one', async () => {
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
          canExamine
        />
        <RecordBanner patient={patient} allergies={[]} alerts={[]} canEdit={false} canConsult={false} />
      </>
    ))
    const links = await screen.findAllByRole('link', { name: 'Examen periódico' })
    expect(links).toHaveLength(1)
    expect(links[0]?.getAttribute('href')).toBe(`/digital-record/periodic-exams/create/${patient.id}`)
  })

  it('offers “Examen de admisión” in the record’s banner only to who may start one', async () => {
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
          canAdmit
        />
        <RecordBanner patient={patient} allergies={[]} alerts={[]} canEdit={false} canConsult={false} />
      </>
    ))
    const links = await screen.findAllByRole('link', { name: 'Examen de admisión' })
    expect(links).toHaveLength(1)
    expect(links[0]?.getAttribute('href')).toBe(`/digital-record/medical-exam/create/${patient.id}`)
  })
})
