import { createFileRoute, notFound, Outlet, useNavigate, useParams } from '@tanstack/react-router'
import { ConsultationPage } from '../../features/consultations/ConsultationPage'

/**
 * The layout of SPEC §2 /medical-consultation/create/{patient_id} and
 * edit/{patient_id}/{encounter_id}: it draws the consultation page for both, so a save that takes
 * a new consultation to its edit address keeps the page on screen (its list shows the new row at
 * once) instead of tearing it down for another route's. The children name the permissions.
 */
export const Route = createFileRoute('/_app/medical-consultation')({
  // The layout alone is no screen of SPEC's: its address without a child is not found, as before.
  beforeLoad: ({ location }) => {
    if (/^\/medical-consultation\/?$/.test(location.pathname)) throw notFound()
  },
  component: function ConsultationLayout() {
    const { patientId, encounterId } = useParams({ strict: false })
    const navigate = useNavigate()
    if (!patientId) return <Outlet />
    return (
      <ConsultationPage
        patientId={patientId}
        encounterId={encounterId}
        onSaved={(encounter) => {
          // The saved consultation opens as itself: there it takes its prescription. An
          // amendment stays where it is: the form shows the note as it now reads.
          if (encounterId) return
          void navigate({
            to: '/medical-consultation/edit/$patientId/$encounterId',
            params: { patientId, encounterId: encounter.id },
            replace: true,
          })
        }}
      />
    )
  },
})
