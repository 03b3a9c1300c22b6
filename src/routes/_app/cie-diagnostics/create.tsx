import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('diagnostics')

/** SPEC §2 cie-diagnostics-create. */
export const Route = createFileRoute('/_app/cie-diagnostics/create')({
  staticData: { permission: 'cie-diagnostics-create' },
  component: function CreateCieDiagnosticsRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage definition={definition} onDone={() => void navigate({ to: '/cie-diagnostics' })} />
    )
  },
})
