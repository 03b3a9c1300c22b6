import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('diagnostics')

/** SPEC §2 cie-diagnostics-edit/{id}. */
export const Route = createFileRoute('/_app/cie-diagnostics/edit/$id')({
  staticData: { permission: 'cie-diagnostics-edit' },
  component: function EditCieDiagnosticsRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/cie-diagnostics' })}
      />
    )
  },
})
