import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('diagnostics')

/** SPEC §2 cie-diagnostics-index. */
export const Route = createFileRoute('/_app/cie-diagnostics/')({
  staticData: { permission: 'cie-diagnostics-index' },
  component: function CieDiagnosticsRoute() {
    return <CataloguePage definition={definition} />
  },
})
