import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import { updatePatient } from '../../sync/mutators'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'

/**
 * A candidate whose admission exam "complies" (SPEC §4) may be hired: the page offers to change
 * their administrative status to active. The change is the patient's own edit (the patient
 * mutator, only that field, through the outbox), so it merges with edits made elsewhere; saying
 * no leaves the candidate as they were.
 */
export function CandidateStatusOffer({
  db,
  patient,
  open,
  onClosed,
}: {
  db: LocalDb
  patient: LocalPatient
  open: boolean
  onClosed: () => void
}) {
  const { t, i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  const name = fullName(patient)
  const activate = async () => {
    setBusy(true)
    try {
      await updatePatient(db, mutationContext(), patient.id, { administrative_status: 'active' })
      currentEngine()?.loop.kick()
      notify(t`${name} ahora está activo.`)
    } catch (error) {
      notify(errorMessage(error, i18n))
    } finally {
      setBusy(false)
      onClosed()
    }
  }
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={t`El candidato cumple`}
      message={t`${name} cumple con el examen de admisión. ¿Cambiar su estado administrativo de candidato a activo?`}
      confirmLabel={t`Cambiar a activo`}
      onConfirm={() => void activate()}
      onCancel={onClosed}
    />
  )
}
