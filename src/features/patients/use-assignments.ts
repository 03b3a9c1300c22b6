import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { call } from '../../api/client'
import { ApiError } from '../../api/errors'
import {
  assignMassive,
  assignMultiple,
  assignPatients,
  unassignMultiple,
} from '../../contract/endpoints/assignments'
import type { AssignmentOutcome, MassiveFilters } from '../../contract/schemas/assignments'
import { errorMessage } from '../../ui/form/error-message'

/** What the professional dialog is open for: assigning or unassigning some patients. */
export interface ProfessionalChoice {
  action: 'assign' | 'unassign'
  patientIds: string[]
  /** One row's own button: the patient is named in the dialog. */
  single?: string
}

/**
 * The assignment actions of the patients list: the selection (rows, or the whole page), the
 * rules of SPEC §5 ("at least one patient must be selected", "assignments may not be empty")
 * checked before anything is sent, the call, its result told and the list refreshed.
 */
export function useAssignments(refresh: () => void) {
  const { t, i18n } = useLingui()
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [rule, setRule] = useState<string | null>(null)
  const [choice, setChoice] = useState<ProfessionalChoice | null>(null)
  const [massive, setMassive] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [result, setResult] = useState<string | null>(null)

  const change = (ids: readonly string[], on: boolean) => {
    setRule(null)
    setSelected((current) => {
      const next = new Set(current)
      for (const id of ids) {
        if (on) next.add(id)
        else next.delete(id)
      }
      return next
    })
  }

  /** What a call did, in words; it stays on the list until the next action. */
  const told = (outcome: AssignmentOutcome) => {
    const parts = [
      outcome.assigned > 0 ? t`Pacientes asignados: ${outcome.assigned}` : null,
      outcome.unassigned > 0 ? t`Pacientes desasignados: ${outcome.unassigned}` : null,
      outcome.requested > 0 ? t`Pacientes solicitados: ${outcome.requested}` : null,
    ].filter((part): part is string => part !== null)
    setResult(parts.length > 0 ? parts.join('. ') : t`Sin cambios: los pacientes ya estaban así.`)
  }

  /** Sends, tells, clears and refreshes; a refusal stays to be read in the open dialog. */
  const send = async (request: () => Promise<AssignmentOutcome>, done: () => void) => {
    setBusy(true)
    setFailure(null)
    setResult(null)
    try {
      told(await request())
      setSelected(new Set())
      done()
      refresh()
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.errors
          ? Object.values(error.errors).flat().join(' ')
          : errorMessage(error, i18n),
      )
    } finally {
      setBusy(false)
    }
  }

  return {
    selected,
    toggle: (id: string, on: boolean) => change([id], on),
    /** Selects or unselects every row of the page shown. */
    togglePage: change,
    clear: () => setSelected(new Set()),
    /** The selection rule's message, until the selection changes. */
    rule,
    /** What the last call did. */
    result,
    choice,
    massive,
    busy,
    failure,
    /** Opens the professional dialog for the selection, or says that none is selected. */
    openForSelection(action: ProfessionalChoice['action']) {
      if (selected.size === 0) {
        setRule(t`Debe seleccionar al menos un paciente.`)
        return
      }
      setFailure(null)
      setChoice({ action, patientIds: [...selected] })
    },
    openForRow(patientId: string, name: string) {
      setFailure(null)
      setChoice({ action: 'assign', patientIds: [patientId], single: name })
    },
    openMassive() {
      setFailure(null)
      setMassive(true)
    },
    close() {
      if (busy) return
      setChoice(null)
      setMassive(false)
      setFailure(null)
    },
    /** Sends the open choice to a professional; none chosen breaks "assignments may not be empty". */
    async toProfessional(userId: string) {
      if (!choice) return
      if (!userId) {
        setFailure(t`Las asignaciones no pueden estar vacías.`)
        return
      }
      const { action, patientIds, single } = choice
      const body = { users_selected: [userId], patients_selected: patientIds }
      await send(
        () =>
          action === 'unassign'
            ? call(unassignMultiple, { body })
            : single
              ? call(assignPatients, { body: { user_id: userId, patients_selected: patientIds } })
              : call(assignMultiple, { body }),
        () => setChoice(null),
      )
    },
    /** Takes every unassigned patient the top filters find (the caller's, or a request). */
    async takeFiltered(filters: MassiveFilters) {
      await send(
        () => call(assignMassive, { query: filters, body: { patients_selected: 'all' } }),
        () => setMassive(false),
      )
    },
  }
}

export type Assignments = ReturnType<typeof useAssignments>
