import {
  createFileRoute,
  notFound,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
} from '@tanstack/react-router'
import { AdmissionExamPage } from '../../../features/admission-exams/AdmissionExamPage'
import { currentSession, hasPermission } from '../../../session/session-store'

/**
 * The layout of SPEC §2 /digital-record/medical-exam create/{patient_id} and
 * edit/{patient_id}/{admission_medical_exam_id}: it draws the exam's form for both, so the first
 * step saved, which takes a new exam to its edit address, keeps the page on screen. The detail is
 * a page of its own. The children name the permissions.
 */
export const Route = createFileRoute('/_app/digital-record/medical-exam')({
  // The layout alone is no screen of SPEC's: its address without a child is not found.
  beforeLoad: ({ location }) => {
    if (/^\/digital-record\/medical-exam\/?$/.test(location.pathname)) throw notFound()
  },
  component: function AdmissionExamLayout() {
    const { patientId, examId } = useParams({ strict: false })
    const navigate = useNavigate()
    const detail = useLocation({ select: (location) => location.pathname.includes('/detail/') })
    if (!patientId || detail) return <Outlet />
    return (
      <AdmissionExamPage
        patientId={patientId}
        examId={examId}
        onCreated={(exam) =>
          void navigate({
            to: '/digital-record/medical-exam/edit/$patientId/$examId',
            params: { patientId, examId: exam.id },
            replace: true,
          })
        }
        onDone={(exam) =>
          // The whole exam opens read only for who may read it; anyone else goes back to the record.
          hasPermission(currentSession(), 'medical-exam-detail')
            ? void navigate({
                to: '/digital-record/medical-exam/detail/$patientId/$examId',
                params: { patientId, examId: exam.id },
              })
            : void navigate({ to: '/patients/record/$id', params: { id: patientId } })
        }
      />
    )
  },
})
