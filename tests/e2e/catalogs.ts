import type { Browser, Page } from '@playwright/test'
import { signIn } from './sign-in'

/** The shared catalogs are imported by the provider's superuser, on the landlord host. */

const port = Number(process.env.E2E_PORT ?? 3100)

/** A new browser context on the landlord host, signed in as the provider's superuser. */
export async function landlordPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://admin.localhost:${port}`, locale: 'es-MX' })
  const page = await context.newPage()
  await signIn(page, 'root@admin.localhost')
  return page
}

/** Imports an agency file on the import screen and answers the region of its report. */
export async function importFile(page: Page, path: string) {
  await page.getByLabel('Archivo del catálogo (CSV)').setInputFiles(path)
  await page.getByRole('button', { name: 'Importar' }).click()
  return page.getByRole('region', { name: 'Resultado de la importación' })
}
