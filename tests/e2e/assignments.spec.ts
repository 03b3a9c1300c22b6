import { expect, type Page, test } from '@playwright/test'
import { signIn } from './sign-in'

/**
 * Assignments end to end (issue 6): the doctor's device holds only his assigned patients; an
 * administrator authorizes his waiting request, patient by patient and in bulk, and the patients
 * reach his device; a patient unassigned from him leaves it.
 */
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Navegación' })

const openPatients = async (page: Page) => {
  await sidebar(page).getByRole('link', { name: 'Pacientes', exact: true }).click()
}

/** How many patients the device lists ("Mostrando 1 a 10 de N registros"). */
const listed = async (page: Page, count: number) =>
  expect(page.getByText(new RegExp(`Mostrando 1 a \\d+ de ${count} registros`))).toBeVisible({
    timeout: 30_000,
  })

/** A call of the API with the page's session. */
const api = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('session') ?? '{}').accessToken
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return (await response.json()).data
    },
    { method, path, body },
  )

test('a request is authorized and its patients reach the doctor; an unassigned patient leaves his device', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const doctor = await (await browser.newContext()).newPage()
  const admin = await (await browser.newContext()).newPage()
  await signIn(doctor, 'doctor@demo.localhost')
  await openPatients(doctor)
  // The seed gives the doctor 40 patients; the device holds those and no others.
  await listed(doctor, 40)

  await signIn(admin, 'admin@demo.localhost')
  await sidebar(admin).getByRole('link', { name: 'Asignaciones concentradas' }).click()
  const request = admin.getByRole('row', { name: /Ricardo Salinas Ochoa/ })
  await expect(request).toContainText('En espera')
  await request.getByRole('link', { name: /Ver detalle/ }).click()
  await expect(admin.getByRole('heading', { name: 'Solicitud de Ricardo Salinas Ochoa' })).toBeVisible()
  const boxes = admin.getByRole('checkbox', { name: /^Seleccionar a / })
  await expect(boxes).toHaveCount(5)
  await boxes.nth(0).click()
  await boxes.nth(1).click()
  await admin.getByRole('button', { name: 'Autorizar' }).click()
  await expect(admin.getByText('Pacientes asignados: 2').first()).toBeVisible()
  await expect(admin.getByRole('checkbox', { name: /^Seleccionar a / })).toHaveCount(3)

  // The rest of the request, in bulk from the index.
  await admin.getByRole('link', { name: 'Volver' }).click()
  await admin
    .getByRole('row', { name: /Ricardo Salinas Ochoa/ })
    .getByRole('checkbox', { name: 'Seleccionar la solicitud de Ricardo Salinas Ochoa' })
    .click()
  await admin.getByRole('button', { name: 'Autorizar' }).click()
  await expect(admin.getByText('Pacientes asignados: 3').first()).toBeVisible()

  // The doctor's next pull brings the five patients.
  await doctor.reload()
  await listed(doctor, 45)

  // One of his patients is unassigned: the next pull takes it off his device.
  const feed = await api(doctor, 'GET', '/api/sync/changes?limit=5000')
  const leaving = feed.changes.find(
    (c: { entity: string; op: string }) => c.entity === 'patient' && c.op === 'upsert',
  )
  const name = `${leaving.data.name} ${leaving.data.last_name}`
  await api(admin, 'POST', '/api/operation/patients/unassign-multiple', {
    users_selected: [
      await doctor.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').user.uuid),
    ],
    patients_selected: [leaving.id],
  })
  await doctor.reload()
  await listed(doctor, 44)
  await doctor.getByPlaceholder('Buscar...').fill(leaving.data.curp)
  await expect(doctor.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
})
