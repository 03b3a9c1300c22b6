import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import * as v from 'valibot'
import { DECLINE_KINDS, type DeclineKind } from '../../contract/schemas/covid'
import type { LocalDb } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { declineFollowUp } from '../../sync/covid-mutators'
import { currentEngine } from '../../sync/current-engine'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorAria, Field } from '../../ui/Field'
import { errorMessage } from '../../ui/form/error-message'
import { issueMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { DECLINE_NAMES } from './covid-texts'

/**
 * A follow-up that did not take place (`POST /medic-consultation/reject/{patientId}`): the patient
 * could not be reached or declined, and why. Counted in the follow-up; recorded offline.
 */
export function DeclineForm({
  db,
  patientId,
  onSaved,
}: {
  db: LocalDb
  patientId: string
  onSaved: () => void
}) {
  const { t, i18n } = useLingui()
  const reasonId = useId()
  const [kind, setKind] = useState<DeclineKind>('unreachable')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const save = async () => {
    setBusy(true)
    setFailure(null)
    try {
      await declineFollowUp(db, mutationContext(), patientId, { kind, reason })
      setError(undefined)
      notify(t`Seguimiento no realizado guardado en este dispositivo`)
      currentEngine()?.loop.kick()
      onSaved()
    } catch (caught) {
      if (caught instanceof v.ValiError) setError(issueMessage(caught.issues[0], i18n))
      else setFailure(errorMessage(caught, i18n))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      className="form-card covid-decline"
      aria-label={t`Seguimiento no realizado`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <h2 className="covid-card__title">
        <Trans>Seguimiento no realizado</Trans>
      </h2>
      <p className="form-hint">
        <Trans>Si no se pudo hacer el seguimiento, regístralo con su motivo: cuenta en el seguimiento.</Trans>
      </p>
      <div className="form-grid">
        <SelectField
          label={t`Qué pasó`}
          value={kind}
          onChange={(event) => setKind(event.target.value as DeclineKind)}
          options={DECLINE_KINDS.map((code) => ({ value: code, label: i18n._(DECLINE_NAMES[code]) }))}
        />
      </div>
      <Field id={reasonId} label={t`Motivo`} error={error}>
        <textarea
          id={reasonId}
          className="field__input"
          rows={2}
          aria-required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          {...errorAria(reasonId, error)}
        />
      </Field>
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions">
        <Button type="submit" variant="secondary" loading={busy}>
          <Trans>Registrar seguimiento no realizado</Trans>
        </Button>
      </div>
    </form>
  )
}
