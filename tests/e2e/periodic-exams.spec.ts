import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe'
import { goOnline, serverGet } from './patients'
import { waitForStaffScreens } from './precache'
import { signIn } from './sign-in'

test.use({ viewport: { width: 1024, height: 768 } })

/** Opens the periodic exams' index from the sidebar, narrowed to one due state. */
async function openIndex(page: Page, state?: string) {
  await page
    .getByRole('complementary', { name: 'Navegación' })
    .getByRole('link', { name: 'Exámenes periódicos', exact: true })
    .click()
  await expect(page).toHaveURL(/\/digital-record\/periodic-exams$/)
  await expect(page.getByRole('heading', { name: 'Exámenes periódicos', level: 1 })).toBeVisible()
  if (state) await page.getByLabel('Estado', { exact: true }).selectOption({ label: state })
  return page.getByRole('table', { name: 'Exámenes periódicos' })
}

/** A minimal PDF, as a lab's audiogram would come. */
const AUDIOGRAM = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
)

const OBSERVATIONS = 'Audición estable; sin datos de hipoacusia nueva.'

/**
 * Issue 22 on a 1024×768 tablet: a patient due within 10 days (the demo seeds some) gets a
 * periodic exam with no signal — a clinical exam with its audiogram attached, the rating, the
 * exposures — then the app reloads offline and the exam is still there; with the network back it
 * reaches the server once, and the index shows the patient "applied".
 */
test('a periodic exam made offline for a patient due soon survives a reload and moves them to applied', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await signIn(page, 'nurse@demo.localhost')
  await waitForStaffScreens(page)
  let table = await openIndex(page, 'Por vencer (10 días)')
  const row = table.getByRole('row').nth(1)
  await expect(row).toContainText('Por vencer')
  const name = ((await row.getByRole('cell').first().textContent()) ?? '').trim()
  expect(name).not.toBe('')
  await expectAccessible(page, 'the periodic exams index')

  await context.setOffline(true)
  await row.getByRole('link', { name: `Nuevo examen ${name}` }).click()
  await expect(page).toHaveURL(/\/digital-record\/periodic-exams\/create\//)
  const patientId = new URL(page.url()).pathname.split('/').at(-1) as string
  const form = page.getByRole('form', { name: 'Nuevo examen periódico' })
  await form.getByRole('button', { name: 'Agregar examen clínico' }).click()
  const clinical = form.getByLabel('Examen clínico')
  await expect(clinical.locator('option', { hasText: 'Audiometría' })).toHaveCount(1)
  await clinical.selectOption({ label: 'Audiometría' })
  await form.getByLabel('Resultado').fill('Umbrales dentro de 25 dB en ambos oídos.')
  await form
    .getByLabel('Adjuntar archivo', { exact: true })
    .setInputFiles({ name: 'audiograma.pdf', mimeType: 'application/pdf', buffer: AUDIOGRAM })
  await expect(form.getByRole('list', { name: 'Archivos por guardar con el examen' })).toContainText(
    'audiograma.pdf',
  )
  const noise = form.getByRole('checkbox', { name: 'Ruido' })
  if ((await noise.getAttribute('aria-checked')) !== 'true') await noise.click()
  await form.getByLabel('Años de exposición Ruido').fill('4')
  // Nothing rated yet: the form says what is missing and keeps everything.
  await form.getByRole('button', { name: 'Guardar examen' }).click()
  await expect(form.getByText('Revisa los campos marcados.')).toBeVisible()
  await form.getByLabel('Calificación').selectOption({ label: 'Apto' })
  await form.getByLabel('Observaciones').fill(OBSERVATIONS)
  await expect(form.getByText(/Próximo examen:/)).toContainText(/\d{4}\/\d{2}\/\d{2}/)
  await expectAccessible(page, 'the periodic exam form')
  await form.getByRole('button', { name: 'Guardar examen' }).click()
  await expect(page.getByText('Examen periódico guardado en este dispositivo').first()).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/digital-record/periodic-exams/view/${patientId}/`))
  await expect(page.getByText(OBSERVATIONS)).toBeVisible()
  await expect(page.getByText('audiograma.pdf')).toBeVisible()
  await expectAccessible(page, 'the periodic exam view')

  // Offline reload: the page from the service worker, the exam and its file from IndexedDB.
  await page.reload()
  await expect(page.getByText(OBSERVATIONS)).toBeVisible()
  await expect(page.getByText('audiograma.pdf')).toBeVisible()
  await expect(page.getByText('Por enviar').first()).toBeVisible()

  await goOnline(context, page)
  await expect(page.getByText('Por enviar')).toHaveCount(0, { timeout: 30_000 })
  const held = await serverGet(page, `/api/operation/patients/${patientId}/periodic-exams`)
  const mine = (
    held.data as Array<{ observations: string | null; clinical_exams: Array<{ id: string }> }>
  ).filter((exam) => exam.observations === OBSERVATIONS)
  expect(mine).toHaveLength(1)

  // The index judges the patient applied now, offline or not.
  table = await openIndex(page, 'Aplicado')
  await page.getByPlaceholder('Buscar...').fill(name)
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Aplicado')
})
