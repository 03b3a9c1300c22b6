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

  // Each module's action shows only to who holds its permission, and opens the module's page for
  // the patient (the create path of the module's own route).
  it.each([
    { name: 'Triage COVID', flag: 'canTriage', path: '/covid/create/' },
    { name: 'Vacunas', flag: 'canSeeVaccinations', path: '/vaccinations/card/' },
    { name: 'Examen periódico', flag: 'canExamine', path: '/digital-record/periodic-exams/create/' },
    { name: 'Examen de admisión', flag: 'canAdmit', path: '/digital-record/medical-exam/create/' },
    { name: 'Expediente digital', flag: 'canSeeDigitalRecord', path: '/digital-record/' },
    { name: 'Historia clínica breve', flag: 'canTakeShortHistory', path: '/clinical-history/create/' },
    {
      name: 'Certificado de salud',
      flag: 'canCertify',
      path: '/digital-record/medical-reports/certificate-health-status/create/',
    },
  ] as const)(
    'offers “$name” in the record’s banner only to who may ($flag)',
    async ({ name, flag, path }) => {
      const { db, ctx } = aDevice()
      const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
      const allowed = { [flag]: true }
      await renderInRouter(() => (
        <>
          <RecordBanner
            patient={patient}
            allergies={[]}
            alerts={[]}
            canEdit={false}
            canConsult={false}
            {...allowed}
          />
          <RecordBanner patient={patient} allergies={[]} alerts={[]} canEdit={false} canConsult={false} />
        </>
      ))
      const links = await screen.findAllByRole('link', { name })
      expect(links).toHaveLength(1)
      expect(links[0]?.getAttribute('href')).toBe(`${path}${patient.id}`)
    },
  )
})
