import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { QuestionsPage } from '../features/auth/QuestionsPage'

/** SPEC §2 /questions. */
export const Route = createFileRoute('/questions')({
  staticData: { permission: 'public' },
  component: function QuestionsRoute() {
    const navigate = useNavigate()
    return <QuestionsPage onDone={() => void navigate({ to: '/' })} />
  },
})
