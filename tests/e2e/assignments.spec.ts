import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe'
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
  await expectAccessible(admin, 'concentrated requests')
  await request.getByRole('link', { name: /Ver detalle/ }).click()
  await expect(admin.getByRole('heading', { name: 'Solicitud de Ricardo Salinas Ochoa' })).toBeVisible()
  const boxes = admin.getByRole('checkbox', { name: /^Seleccionar a / })
  await expect(boxes).toHaveCount(5)
  await expectAccessible(admin, 'request details')
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

test('an administrator reads a history and saves and deletes an assignation-patient rule', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signIn(page, 'admin@demo.localhost')
  // The doctor's seeded request: its history tells who asked for the patient.
  const requests = await api(
    page,
    'POST',
    '/api/operation/patients/assignment/concentrated/list?pageLength=100',
  )
  const seeded = requests.data.find((row: { user_name: string }) => row.user_name === 'Ricardo Salinas Ochoa')
  const detail = await api(page, 'GET', `/api/operation/patients/assignment/concentrated/${seeded.id}`)
  const asked = detail.patients_list[0]
  await page.goto(`/patients/assignments-history/${seeded.user_id}/${asked.patient_id}`)
  await expect(page.getByRole('heading', { name: 'Historial de asignación' })).toBeVisible()
  await expect(page.getByText(`${asked.patient_name} con Ricardo Salinas Ochoa`)).toBeVisible()
  await expect(page.getByRole('row', { name: /Solicitado/ })).toContainText('Ricardo Salinas Ochoa')
  await expectAccessible(page, 'assignment history')

  await sidebar(page).getByRole('link', { name: 'Asignación de pacientes' }).click()
  await page.getByRole('button', { name: 'Nueva asignación' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nueva asignación de pacientes' })
  await expectAccessible(page, 'assignation-patient dialog')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(dialog.getByText('Este campo es obligatorio.').first()).toBeVisible()
  await dialog.getByLabel('Nombre').fill('Planta Querétaro')
  await dialog.getByLabel('Profesional').selectOption({ label: 'Lucía Mendoza Pineda' })
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(dialog.getByText('Las asignaciones no pueden estar vacías.')).toBeVisible()
  await dialog.getByLabel('Estatus administrativo').selectOption({ index: 1 })
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Asignación guardada').first()).toBeVisible()
  const rule = page.getByRole('row', { name: /Planta Querétaro/ })
  await expect(rule).toContainText('Lucía Mendoza Pineda')

  await rule.getByRole('button', { name: /Eliminar/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click()
  await expect(page.getByText(/Asignación eliminada; pacientes desasignados: \d+/).first()).toBeVisible()
  await expect(page.getByRole('row', { name: /Planta Querétaro/ })).toHaveCount(0)
})
