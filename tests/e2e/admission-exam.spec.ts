import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe'
import { goOnline, openPatients, serverGet } from './patients'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

test.use({ viewport: { width: 1024, height: 768 } })

/** A patient of the nurse's list with no admission exam on the server yet: name and id. */
async function aPatientWithoutAdmissionExam(page: Page): Promise<{ name: string; id: string }> {
  for (let index = 0; ; index++) {
    const link = page.getByRole('link', { name: /^Expediente / }).nth(index)
    const name = ((await link.textContent()) ?? '').replace(/^Expediente\s*/, '').trim()
    const id = decodeURIComponent(((await link.getAttribute('href')) ?? '').split('/').at(-1) ?? '')
    const exams = await serverGet(page, `/api/operation/patients/admission-medical-exam/get-all/${id}`)
    if (Array.isArray(exams.data) && exams.data.length === 0) return { name, id }
  }
}

/** The smallest PDF the device accepts as a lab report. */
const LAB_REPORT = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

const POSITION = 'Operador de montacargas'
const CONDITIONS = 'Uso obligatorio de protección auditiva; audiometría en 6 meses.'

/** Saves the step on screen and waits for the next one to show. */
async function saveStep(form: Locator, next: string) {
  await form.getByRole('button', { name: 'Guardar y continuar' }).click()
  await expect(form.getByRole('group', { name: next }).first()).toBeVisible()
}

/** How far the page is wider than the window (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const { documentElement: root, body } = document
    return Math.max(root.scrollWidth - root.clientWidth, body.scrollWidth - body.clientWidth, 0)
  })

/**
 * Issue 22 on a 1024×768 tablet: with no signal, a nurse fills a whole admission exam step by step
 * — with a lab report attached —, the app reloads mid-form and nothing typed is lost, the result
 * is "complies with conditions"; when the network comes back the exam reaches the server whole.
 */
test('a nurse fills an admission exam offline across every step, reloads mid-form, and it reaches the server', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000)
  await signIn(page, 'nurse@demo.localhost')
  await waitForStaffScreens(page)
  await openPatients(page)
  const patient = await aPatientWithoutAdmissionExam(page)
  await page.getByPlaceholder('Buscar...').fill(patient.name)
  await page.getByRole('link', { name: `Expediente ${patient.name}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Expediente de ${patient.name}` })).toBeVisible()

  await context.setOffline(true)
  await page.getByRole('link', { name: 'Nuevo examen de admisión' }).click()
  const form = page.getByRole('form', { name: 'Nuevo examen de admisión' })
  await expect(form.getByLabel('Fecha del examen')).not.toHaveValue('')
  await form.getByLabel('Puesto al que aspira').fill(POSITION)
  await expectAccessible(page, 'the admission exam’s first step')
  await form.getByRole('button', { name: 'Guardar y continuar' }).click()
  // The first step created the exam: its own address, its form.
  await expect(page).toHaveURL(new RegExp(`/digital-record/medical-exam/edit/${patient.id}/[0-9a-f-]{36}$`))
  const exam = page.getByRole('form', { name: 'Editar examen de admisión' })
  await expect(exam.getByRole('group', { name: 'Antecedentes heredofamiliares' })).toBeVisible()

  await exam.getByRole('button', { name: 'Agregar antecedente' }).click()
  await exam.getByLabel('Familiar').selectOption({ label: 'Padre' })
  await exam.getByLabel('Enfermedad').fill('Diabetes mellitus tipo 2')
  await saveStep(exam, 'Consumo de sustancias')

  await exam.getByRole('checkbox', { name: 'Tabaco' }).click()
  // SPEC §5: at most 7 times a week — refused, named in the summary, then corrected.
  await exam.getByLabel('Cantidad por ocasión').fill('5')
  await exam.getByLabel('Veces por semana').fill('8')
  await exam.getByLabel('Baños por semana').fill('7')
  await exam.getByLabel('Tipo de vivienda').selectOption({ label: 'Rentada' })
  await exam.getByLabel('Habitantes').fill('4')
  await exam.getByRole('checkbox', { name: 'Agua potable' }).click()
  await exam.getByRole('button', { name: 'Guardar y continuar' }).click()
  await expect(exam.getByRole('link', { name: 'Veces por semana: Debe ser como máximo 7.' })).toBeVisible()
  await expectAccessible(page, 'a step with its errors summarised')
  await exam.getByLabel('Veces por semana').fill('3')
  await saveStep(exam, 'Antecedentes personales')

  await exam.getByLabel('Alergias').fill('Penicilina')
  await saveStep(exam, 'Empleos anteriores')

  await exam.getByRole('button', { name: 'Agregar empleo' }).click()
  await exam.getByLabel('Empresa').fill('Textiles del Bajío')
  await exam.getByLabel('Puesto', { exact: true }).fill('Operador de telar')
  await exam.getByLabel('Años en el puesto').fill('4')
  await exam.getByRole('checkbox', { name: 'Ruido' }).click()
  await exam.getByLabel('Años de exposición a Ruido').fill('4')
  await exam.getByLabel('Detalle de Ruido').fill('92 dB')
  await saveStep(exam, 'Interrogatorio por aparatos y sistemas')

  // Mid-step, the app reloads (offline: the page from the service worker). What was typed is
  // kept on the device as it is typed: nothing is lost.
  await exam.getByLabel('General').fill('Sin alteraciones')
  await exam.getByLabel('Musculoesquelético').fill('Lumbalgia ocasional')
  await page.waitForTimeout(1_000)
  await page.reload()
  await expect(page.getByText('Se recuperó lo escrito en este dispositivo.')).toBeVisible()
  await expect(exam.getByLabel('General')).toHaveValue('Sin alteraciones')
  await expect(exam.getByLabel('Musculoesquelético')).toHaveValue('Lumbalgia ocasional')
  await saveStep(exam, 'Signos vitales y somatometría')

  await exam.getByLabel('Peso (kg)').fill('72.5')
  await exam.getByLabel('Estatura (m)').fill('1.70')
  await exam.getByLabel('Presión sistólica (mmHg)').fill('120')
  await exam.getByLabel('Presión diastólica (mmHg)').fill('80')
  await exam.getByLabel('Frecuencia cardiaca (lpm)').fill('72')
  await exam.getByLabel('Agudeza visual, ojo derecho').fill('20/20')
  await saveStep(exam, 'Resultados de laboratorio')

  await exam.getByRole('button', { name: 'Agregar resultado' }).click()
  await exam.getByLabel('Nombre del estudio').fill('Audiometría tonal')
  await exam.getByLabel('Resultado', { exact: true }).fill('Hipoacusia leve bilateral')
  await page
    .getByLabel('Elegir archivos')
    .setInputFiles({ name: 'audiometria.pdf', mimeType: 'application/pdf', buffer: LAB_REPORT })
  await expect(page.getByText('Archivo guardado en este dispositivo').first()).toBeVisible()
  const files = exam.getByRole('list', { name: 'Archivos del examen' })
  await expect(files).toContainText('audiometria.pdf')
  await expect(files).toContainText('Por enviar')
  await saveStep(exam, 'Tratamientos')
  await saveStep(exam, 'Resultado')

  await exam.getByLabel('Resultado del examen').selectOption({ label: 'Cumple con condiciones' })
  await exam.getByRole('button', { name: 'Guardar examen' }).click()
  await expect(
    exam.getByRole('link', { name: 'Condiciones: Escribe las condiciones con las que cumple.' }),
  ).toBeVisible()
  await exam.getByLabel('Condiciones').fill(CONDITIONS)
  await expectAccessible(page, 'the result step')
  await exam.getByRole('button', { name: 'Guardar examen' }).click()

  // The detail: every section read only, from the device.
  await expect(page).toHaveURL(new RegExp(`/digital-record/medical-exam/detail/${patient.id}/`))
  await expect(page.getByRole('heading', { level: 1, name: 'Examen de admisión' })).toBeVisible()
  await expect(page.getByText(CONDITIONS)).toBeVisible()
  await expect(page.getByText('Ruido 4 años (92 dB)')).toBeVisible()
  await expect(page.getByText('Sección pendiente.')).toHaveCount(0)
  await expectAccessible(page, 'the admission exam’s detail')
  // The whole exam as a PDF, built on the device: it downloads offline.
  const pdf = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Descargar PDF' }).click()
  expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/)

  await goOnline(context, page)
  // The server has the exam once, whole, with its result and its lab file.
  const onServer = async () => {
    const answer = await serverGet(
      page,
      `/api/operation/patients/admission-medical-exam/get-all/${patient.id}`,
    )
    return (answer.data as Array<Record<string, unknown>>).map((row) => ({
      position: row.position,
      result: row.result,
      conditions: row.conditions,
      allergies: (row.personal_background as { allergies?: string } | null)?.allergies,
      general: (row.systems_interrogation as { general?: string } | null)?.general,
      weight: (row.physical_exploration as { weight_kg?: number } | null)?.weight_kg,
      exposures: (row.work_background as { previous_jobs: Array<{ exposures: unknown[] }> } | null)
        ?.previous_jobs[0]?.exposures,
    }))
  }
  await expect.poll(onServer, { timeout: 30_000 }).toEqual([
    {
      position: POSITION,
      result: 'complies_with_conditions',
      conditions: CONDITIONS,
      allergies: 'Penicilina',
      general: 'Sin alteraciones',
      weight: 72.5,
      exposures: [{ agent: 'noise', years: 4, notes: '92 dB' }],
    },
  ])
  await expect(page.getByText('Por enviar')).toHaveCount(0, { timeout: 30_000 })
  const feed = await serverGet(page, '/api/sync/changes?limit=5000')
  const labFiles = (
    feed.data.changes as Array<{ entity: string; data: { name?: string; owner_kind?: string } | null }>
  ).filter(
    (change) => change.data?.owner_kind === 'admission-exam' && change.data?.name === 'audiometria.pdf',
  )
  expect(labFiles).toHaveLength(1)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the admission exam’s form and detail fit a 390×844 phone', async ({ page }) => {
    await signIn(page, 'nurse@demo.localhost')
    // On a phone the navigation folds away: the index is opened by its address.
    await page.goto('/patients')
    await expect(page.getByText(/Mostrando 1 a \d+ de \d+ registros/)).toBeVisible()
    const patient = await aPatientWithoutAdmissionExam(page)
    await page.goto(`/digital-record/medical-exam/create/${patient.id}`)
    const form = page.getByRole('form', { name: 'Nuevo examen de admisión' })
    await expect(form).toBeVisible()
    expect(await overflow(page)).toBe(0)
    await form.getByRole('button', { name: 'Guardar y continuar' }).click()
    const exam = page.getByRole('form', { name: 'Editar examen de admisión' })
    await expect(exam).toBeVisible()
    await exam.getByRole('button', { name: /^Antecedentes laborales/ }).click()
    await exam.getByRole('button', { name: 'Agregar empleo' }).click()
    await exam.getByRole('checkbox', { name: 'Químicos' }).click()
    expect(await overflow(page)).toBe(0)
    await exam.getByRole('button', { name: /^Exploración física/ }).click()
    expect(await overflow(page)).toBe(0)
    await page.getByRole('link', { name: 'Salir' }).click()
    await page
      .getByRole('link', { name: /^Ver examen del / })
      .first()
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Examen de admisión' })).toBeVisible()
    expect(await overflow(page)).toBe(0)
  })
})
