import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
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

  // Each module's action shows only to who holds its permission, in its menu ("Nuevo registro" for
  // a new record, "Ver" for what the record holds) or as a button of its own, and opens the
  // module's page for the patient (the create path of the module's own route).
  it.each([
    { name: 'Triage COVID', flag: 'canTriage', menu: 'Nuevo registro', path: '/covid/create/' },
    { name: 'Vacunas', flag: 'canSeeVaccinations', menu: 'Ver', path: '/vaccinations/card/' },
    {
      name: 'Examen periódico',
      flag: 'canExamine',
      menu: 'Nuevo registro',
      path: '/digital-record/periodic-exams/create/',
    },
    {
      name: 'Examen de admisión',
      flag: 'canAdmit',
      menu: 'Nuevo registro',
      path: '/digital-record/medical-exam/create/',
    },
    {
      name: 'ST-7: aviso de accidente de trabajo',
      flag: 'canReportAccident',
      menu: 'Nuevo registro',
      path: '/digital-record/medical-reports/incident-report-st7/create/',
    },
    {
      name: 'Incapacidades',
      flag: 'canSeeDisabilities',
      menu: 'Ver',
      path: '/digital-record/medical-reports/record-disabilities/detail/',
    },
    { name: 'Evolución', flag: 'canSeeEvolution', menu: 'Ver', path: '/digital-record/patient-evolution/' },
    {
      name: 'Historia clínica breve',
      flag: 'canTakeShortHistory',
      menu: 'Nuevo registro',
      path: '/clinical-history/create/',
    },
    {
      name: 'Certificado de salud',
      flag: 'canCertify',
      menu: 'Nuevo registro',
      path: '/digital-record/medical-reports/certificate-health-status/create/',
    },
    { name: 'Expediente digital', flag: 'canSeeDigitalRecord', menu: null, path: '/digital-record/' },
  ] as const)(
    'offers “$name” in the record’s banner only to who may ($flag)',
    async ({ name, flag, menu, path }) => {
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
      if (menu === null) {
        const links = await screen.findAllByRole('link', { name })
        expect(links).toHaveLength(1)
        expect(links[0]?.getAttribute('href')).toBe(`${path}${patient.id}`)
        return
      }
      // Open each banner's menu of that name in turn (a keyboard user's Enter, then Escape): only
      // the permitted banner's lists the action.
      const hrefs: (string | null)[] = []
      for (const trigger of await screen.findAllByRole('button', { name: menu })) {
        fireEvent.keyDown(trigger, { key: 'Enter' })
        const list = await screen.findByRole('menu')
        for (const item of within(list).queryAllByRole('menuitem', { name }))
          hrefs.push(item.getAttribute('href'))
        fireEvent.keyDown(list, { key: 'Escape' })
        await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
      }
      expect(hrefs).toEqual([`${path}${patient.id}`])
    },
  )

  it('shows a menu only when the user may open one of its links', async () => {
    const { db, ctx } = aDevice()
    const patient = (await aSyncedPatient(db, ctx)) as unknown as LocalPatient
    await renderInRouter(() => (
      <RecordBanner patient={patient} allergies={[]} alerts={[]} canEdit={false} canConsult={false} />
    ))
    // Nobody may write any module's record here, but everyone may read the patient's readings.
    const see = await screen.findByRole('button', { name: 'Ver' })
    expect(screen.queryByRole('button', { name: 'Nuevo registro' })).toBeNull()
    fireEvent.keyDown(see, { key: 'Enter' })
    const items = await screen.findAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['Lecturas de autocontrol'])
    expect(items[0]?.getAttribute('href')).toBe('#record-self-tracking-title')
  })
})
