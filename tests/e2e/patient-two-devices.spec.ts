import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { buildCurp } from '../../src/contract/rules/curp'
import { importFile, landlordPage } from './catalogs'
import {
  findPatient,
  goOnline,
  openFormStep,
  openPatients,
  patientChangesByCurp,
  serverGet,
  waitForServiceWorker,
} from './patients'
import { signIn } from './sign-in'

/**
 * Issue 6, "register a patient offline with a full address, edit it on a second device, sync, see
 * the merge": a nurse's tablet with no signal registers a worker from Monterrey (state →
 * municipality → locality + street), survives an offline reload and sends her once the network
 * returns. The office's computer pulls her; then both lose their signal, the office corrects her
 * phone and the tablet her street. The office syncs first; the tablet meets a 412 and merges the
 * two disjoint fields (DESIGN §5 "Conflicts") with no person asked. Both devices and the server end
 * with both corrections, on one record, at version 3 (created, then one change from each device).
 */

const INEGI_LOCALITIES = fileURLToPath(new URL('../fixtures/catalogs/inegi-localidades.csv', import.meta.url))

/**
 * Each run on one server registers its own worker (a CURP is unique per tenant): with
 * --repeat-each (up to three) or a retry (one), another sister of the family.
 */
const SISTERS = ['Ximena', 'Regina', 'Daniela', 'Mariana', 'Valeria', 'Renata'] as const
const FIRST_PHONE = '8183456712'
const FIRST_STREET = 'Av. Constitución 400, Col. Centro'
const OFFICE_PHONE = '8187654321'
const TABLET_STREET = 'Calle Padre Mier 1120, Col. Obispado'

interface Worker {
  name: string
  curp: string
}

/** Her row in the index of the device's cache, searched by her CURP. */
const rowOf = (page: Page, worker: Worker) =>
  findPatient(page, worker.curp, new RegExp(`${worker.name} Treviño Garza`))

/** Opens the patient's edit page from the index of the device's cache. */
async function openEdit(page: Page, worker: Worker): Promise<void> {
  await (await rowOf(page, worker)).getByRole('button', { name: /Editar/ }).click()
  await expect(page).toHaveURL(/\/patients\/edit\//)
}

/**
 * The device's edit page shows both corrections. The page reads the cache once when it opens, so
 * while a pull may still be bringing them, it is opened again until they are there.
 */
async function expectBothEdits(page: Page, worker: Worker): Promise<void> {
  await expect(async () => {
    await openPatients(page)
    await openEdit(page, worker)
    await expect(page.getByLabel('Teléfono', { exact: true })).toHaveValue(OFFICE_PHONE, { timeout: 1_000 })
    await expect(page.getByLabel('Calle, número y colonia (otro)')).toHaveValue(TABLET_STREET, {
      timeout: 1_000,
    })
  }).toPass({ timeout: 30_000 })
  await expect(page.getByLabel('Localidad', { exact: true })).toHaveValue('0001')
  await expect(page.getByLabel('Supervisor')).toHaveValue('Ing. Rodrigo Salinas')
}

test('a patient registered offline with a full address, edited on two devices, merges on sync', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const name = SISTERS[(testInfo.repeatEachIndex * 2 + testInfo.retry) % SISTERS.length] ?? 'Ximena'

  // The demo seed has municipalities but no localities: the provider imports INEGI's (a small
  // extract; rows of municipalities the demo lacks are rejected, Monterrey's are kept).
  const landlord = await landlordPage(browser)
  const report = await importFile(landlord, INEGI_LOCALITIES)
  await expect(report.getByRole('status')).toHaveText(/agregadas, \d+ actualizadas, \d+ sin cambios/)
  await landlord.context().close()

  // Device 1: the nurse's tablet. Online once on the form, it caches Monterrey's localities.
  const tabletContext = await browser.newContext()
  const tablet = await tabletContext.newPage()
  // The tablet's updates of a patient and their answers: it meets the office's change, and
  // sends only its own field each time.
  const tabletUpdates: { status: number; body: unknown; version: string | null }[] = []
  // The outbox travels in sync batches (decision 0014): each entry of one is read on its own.
  tabletContext.on('response', async (answer) => {
    const request = answer.request()
    if (!request.url().includes('/api/sync/batch') || !answer.ok()) return
    const { requests } = request.postDataJSON() as {
      requests: Array<{ path: string; body: unknown; ifMatch?: string }>
    }
    const answers = ((await answer.json()).data?.answers ?? []) as Array<{ status: number }>
    requests.forEach((entry, index) => {
      if (!entry.path.includes('/api/operation/patients/update/')) return
      tabletUpdates.push({
        status: answers[index]?.status ?? 0,
        body: entry.body,
        version: entry.ifMatch ?? null,
      })
    })
  })
  await signIn(tablet, 'nurse@demo.localhost')
  await waitForServiceWorker(tablet)
  await openPatients(tablet)
  await tablet.getByRole('button', { name: 'Nuevo paciente' }).click()
  await expect(tablet).toHaveURL(/\/patients\/create$/)
  await openFormStep(tablet, 'Contacto y domicilio')
  await tablet.getByLabel('Estado', { exact: true }).selectOption('19')
  await tablet.getByLabel('Municipio', { exact: true }).selectOption('039')
  await expect(
    tablet.getByLabel('Localidad', { exact: true }).getByRole('option', { name: 'Monterrey' }),
  ).toBeAttached()

  // No signal: the form opens again from the service worker, every list from the device's cache.
  await tabletContext.setOffline(true)
  await tablet.reload()
  const curp = buildCurp({
    name,
    lastName: 'Treviño',
    secondLastName: 'Garza',
    birthDate: '1990-05-21',
    sex: 'M',
    stateCurpCode: 'NL',
  })
  const worker: Worker = { name, curp }
  await openFormStep(tablet, 'Identificación')
  await tablet.getByLabel('Nombre', { exact: true }).fill(name)
  await tablet.getByLabel('Apellido paterno').fill('Treviño')
  await tablet.getByLabel('Apellido materno').fill('Garza')
  await tablet.getByLabel('Fecha de nacimiento').fill('19900521')
  await tablet.getByLabel('CURP').fill(curp)
  await tablet.getByLabel('CURP').blur()
  await openFormStep(tablet, 'Contacto y domicilio')
  await tablet.getByLabel('Teléfono', { exact: true }).fill(FIRST_PHONE)
  const state = tablet.getByLabel('Estado', { exact: true })
  await expect(state.getByRole('option', { name: 'Nuevo León' })).toBeAttached()
  await state.selectOption('19')
  const municipality = tablet.getByLabel('Municipio', { exact: true })
  await expect(municipality.getByRole('option', { name: 'Monterrey' })).toBeAttached()
  await municipality.selectOption('039')
  const locality = tablet.getByLabel('Localidad', { exact: true })
  await expect(locality.getByRole('option', { name: 'Monterrey' })).toBeAttached()
  await locality.selectOption('0001')
  await tablet.getByLabel('Calle, número y colonia (otro)').fill(FIRST_STREET)
  await openFormStep(tablet, 'Empleo')
  await tablet.getByLabel('Supervisor').fill('Ing. Rodrigo Salinas')
  await tablet.getByRole('button', { name: 'Guardar' }).click()
  await expect(tablet.getByText('Paciente guardado en este dispositivo').first()).toBeVisible()
  await expect(tablet).toHaveURL(/\/patients$/)
  await expect(await rowOf(tablet, worker)).toContainText('Por enviar')

  // An offline reload keeps her, still waiting to be sent.
  await tablet.reload()
  await expect(await rowOf(tablet, worker)).toContainText('Por enviar')
  await expect(tablet.getByText('1 por enviar')).toBeVisible()

  await goOnline(tabletContext, tablet)
  await expect(await rowOf(tablet, worker)).toContainText('Sincronizado', { timeout: 30_000 })
  await expect(tablet.getByText(/por enviar/)).toHaveCount(0)

  // Device 2: the office's computer, its own storage and another user; she arrives by the pull.
  const officeContext = await browser.newContext()
  const office = await officeContext.newPage()
  await signIn(office, 'admin@demo.localhost')
  await waitForServiceWorker(office)
  await openPatients(office)
  await expect(await rowOf(office, worker)).toContainText('Sincronizado', { timeout: 30_000 })

  // Both lose their signal; the office corrects her phone, the tablet her street.
  await officeContext.setOffline(true)
  await openEdit(office, worker)
  await expect(office.getByLabel('Calle, número y colonia (otro)')).toHaveValue(FIRST_STREET)
  await openFormStep(office, 'Contacto y domicilio')
  await office.getByLabel('Teléfono', { exact: true }).fill(OFFICE_PHONE)
  await office.getByRole('button', { name: 'Guardar' }).click()
  await expect(office.getByText('1 por enviar')).toBeVisible()

  await tabletContext.setOffline(true)
  await openEdit(tablet, worker)
  await openFormStep(tablet, 'Contacto y domicilio')
  await tablet.getByLabel('Calle, número y colonia (otro)').fill(TABLET_STREET)
  await tablet.getByRole('button', { name: 'Guardar' }).click()
  await expect(tablet.getByText('1 por enviar')).toBeVisible()

  // The office syncs first; then the tablet, whose version is behind, merges and sends again.
  await goOnline(officeContext, office)
  await expect(await rowOf(office, worker)).toContainText('Sincronizado', { timeout: 30_000 })
  await expect(office.getByText(/por enviar/)).toHaveCount(0)
  await goOnline(tabletContext, tablet)
  await expect(await rowOf(tablet, worker)).toContainText('Sincronizado', { timeout: 30_000 })
  await expect(tablet.getByText(/por enviar/)).toHaveCount(0)
  await expect(tablet.getByText(/requieren atención/)).toHaveCount(0)
  // Based on the created version, refused; merged, sent again on the office's version.
  await expect
    .poll(() => tabletUpdates)
    .toEqual([
      { status: 412, body: { address_other: TABLET_STREET }, version: '"1"' },
      { status: 200, body: { address_other: TABLET_STREET }, version: '"2"' },
    ])

  // Both devices show both corrections: the tablet at once, the office after its next pull.
  await expectBothEdits(tablet, worker)
  await office.reload()
  await expectBothEdits(office, worker)

  // The server holds her once, merged, after the create and one change from each device.
  const held = await patientChangesByCurp(office, curp)
  expect(held).toHaveLength(1)
  const onServer = await serverGet(office, `/api/operation/patients/${held[0]?.id}`)
  expect(onServer.data).toMatchObject({
    version: 3,
    phone: OFFICE_PHONE,
    address_state_code: '19',
    address_municipality_code: '039',
    address_locality_code: '0001',
    address_other: TABLET_STREET,
    supervisor: 'Ing. Rodrigo Salinas',
  })
  expect(held[0]?.version).toBe(3)
  await tabletContext.close()
  await officeContext.close()
})
