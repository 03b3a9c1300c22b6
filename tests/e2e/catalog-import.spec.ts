import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe'
import { importFile, landlordPage } from './catalogs'
import { signIn } from './sign-in'

/**
 * The shared catalogs (issue 6): the provider's superuser imports an agency file on the landlord
 * host and reads the report; a re-run changes nothing; a nurse's device, which holds the
 * catalogs in IndexedDB for offline use, picks up the new municipalities on its next pull.
 */

const DGIS_MUNICIPALITIES = fileURLToPath(
  new URL('../fixtures/catalogs/dgis-municipios.csv', import.meta.url),
)

/** How many rows one table of the signed-in user's device database holds (-1: none yet). */
async function cachedCount(page: Page, table: string): Promise<number> {
  return page.evaluate(async (store) => {
    const databases = await indexedDB.databases()
    const name = databases.find((d) => d.name?.startsWith('salud-'))?.name
    if (!name) return -1
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    try {
      if (!db.objectStoreNames.contains(store)) return -1
      return await new Promise<number>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).count()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    } finally {
      db.close()
    }
  }, table)
}

test('the provider imports municipalities, a re-run changes nothing, and a device picks them up', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  // A nurse's device fills its catalog cache on its first pull: all of ICD-10 and the municipalities.
  await signIn(page, 'nurse@demo.localhost')
  await expect.poll(() => cachedCount(page, 'diagnoses'), { timeout: 30_000 }).toBe(14_204)
  // The demo seed's municipalities (those of the demo patients' addresses), fetched after ICD-10.
  await expect.poll(() => cachedCount(page, 'municipalities'), { timeout: 30_000 }).toBeGreaterThan(0)
  const municipalitiesBefore = await cachedCount(page, 'municipalities')

  // The provider's superuser starts on the import screen, also in the sidebar.
  const landlord = await landlordPage(browser)
  await expect(landlord).toHaveURL(/\/catalog-import$/)
  await expect(landlord.getByRole('heading', { name: 'Importar catálogos' })).toBeVisible()
  await expect(
    landlord
      .getByRole('complementary', { name: 'Navegación' })
      .getByRole('link', { name: 'Importar catálogos' }),
  ).toBeVisible()
  const report = await importFile(landlord, DGIS_MUNICIPALITIES)
  await expect(report.getByRole('status')).toHaveText(
    /^\d+ agregadas, \d+ actualizadas, 0 sin cambios, 5 rechazadas\.$/,
  )
  await expect(report.getByText('Municipios (DGIS)')).toBeVisible()
  const rejected = report.getByRole('table', { name: 'Filas rechazadas y por qué' })
  await expect(rejected.getByRole('row', { name: /12 Entidad federativa desconocida: "33"\./ })).toBeVisible()
  await expectAccessible(landlord, 'the catalog import and its report')
  const added = Number((await report.getByRole('status').textContent())?.split(' ')[0])
  expect(added).toBeGreaterThan(0)

  // The same file again: idempotent.
  const again = await importFile(landlord, DGIS_MUNICIPALITIES)
  await expect(again.getByRole('status')).toHaveText(
    '0 agregadas, 0 actualizadas, 9 sin cambios, 5 rechazadas.',
  )
  await expect(again.getByText('Nada cambió: los dispositivos no tienen que descargar nada.')).toBeVisible()
  await landlord.context().close()

  // The nurse's next pull (the app started again) sees the moved version and refetches the list.
  await page.reload()
  await expect
    .poll(() => cachedCount(page, 'municipalities'), { timeout: 30_000 })
    .toBe(municipalitiesBefore + added)

  // The patients index over the same device passes axe-core too.
  await page.goto('/patients')
  await expect(page.getByText(/Mostrando 1 a 10 de \d+ registros/)).toBeVisible()
  await expect(page.getByLabel('Estatus administrativo')).toBeVisible()
  await expectAccessible(page, 'the patients index')
})
