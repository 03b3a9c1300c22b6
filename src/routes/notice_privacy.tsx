import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { NoticePrivacyPage } from '../features/auth/NoticePrivacyPage'
import { homeIfSignedIn } from '../session/guard'
import { freshSession } from '../session/refresh'

/** SPEC §2 notice_privacy-index, behind the lighter guard (a session, nothing more). */
export const Route = createFileRoute('/notice_privacy')({
  staticData: { permission: 'authenticated' },
  beforeLoad: async () => {
    if (!(await freshSession())) throw redirect({ to: '/' })
  },
  component: function NoticePrivacyRoute() {
    const navigate = useNavigate()
    const goHome = async () => void navigate({ to: (await homeIfSignedIn()) ?? '/' })
    return <NoticePrivacyPage onAccepted={() => void goHome()} />
  },
})
