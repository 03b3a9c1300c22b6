import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { AssignmentOutcome } from '../../contract/schemas/assignments'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import type { Decision } from './DecisionBar'

/**
 * The selection of a decision screen and the decision on it: sent, told (how many patients were
 * assigned or refused), the selection cleared and the screen refreshed; a failure kept to show.
 */
export function useDecision(
  send: (decision: Decision, selected: string[]) => Promise<AssignmentOutcome>,
  refresh: () => void,
) {
  const { t, i18n } = useLingui()
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  const decide = async (decision: Decision) => {
    setBusy(true)
    setFailure(null)
    try {
      const outcome = await send(decision, [...selected])
      notify(
        decision === 'authorize'
          ? t`Pacientes asignados: ${outcome.assigned}`
          : t`Pacientes rechazados: ${outcome.refused}`,
      )
      setSelected(new Set())
      refresh()
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      setBusy(false)
    }
  }

  return {
    selected,
    toggle,
    clear: () => setSelected(new Set()),
    busy,
    decide,
    failure,
    fail: (error: unknown) => setFailure(errorMessage(error, i18n)),
  }
}
