import { createFileRoute } from '@tanstack/react-router'
import { ConsultationPage } from '../../../../../features/consultations/ConsultationPage'

/** SPEC §2 /medical-consultation/edit/{patient_id}/{encounter_id}. */
export const Route = createFileRoute('/_app/medical-consultation/edit/$patientId/$encounterId')({
  staticData: { permission: 'medical-consultation-edit' },
  component: function EditConsultationRoute() {
    const { patientId, encounterId } = Route.useParams()
    // An amendment stays on the page: the form shows the note as it now reads.
    return <ConsultationPage patientId={patientId} encounterId={encounterId} onSaved={() => {}} />
  },
})
