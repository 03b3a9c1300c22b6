import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('consultReason')

/** SPEC §2 reason-for-consultation-index. */
export const Route = createFileRoute('/_app/reason-for-consultation/')({
  staticData: { permission: 'reason-for-consultation-index' },
  component: function ReasonForConsultationRoute() {
    return <CataloguePage definition={definition} />
  },
})
