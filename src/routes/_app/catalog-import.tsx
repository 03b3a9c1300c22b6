import { createFileRoute } from '@tanstack/react-router'
import { CatalogImportPage } from '../../features/catalog-import/CatalogImportPage'

/** The provider's import of the agencies' catalog files (landlord host, decision 0005). */
export const Route = createFileRoute('/_app/catalog-import')({
  staticData: { permission: 'catalogs.import' },
  component: CatalogImportPage,
})
