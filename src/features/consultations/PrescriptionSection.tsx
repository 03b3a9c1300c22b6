import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { useMedicines } from '../../catalogs/use-catalog'
import { DOSE_UNITS, ROUTES } from '../../contract/rules/prescription-terms'
import type { LocalDb, LocalEncounter } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import { savePrescription } from '../../sync/encounter-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { TextField } from '../../ui/TextField'
import { DOSE_UNIT_NAMES, ROUTE_NAMES } from './consultation-texts'
import { EMPTY_LINE, type LineFormValues, type NewLine, parseLine } from './prescription-line'

/** What the patient's record holds that a prescriber must see: allergies and active medications. */
export interface RecordWarnings {
  allergies: string[]
  medications: string[]
}

/**
 * The consultation's prescription (SPEC §5): open only once the consultation's data is saved (the
 * device holds it; the mutator and the server enforce the same). Medicines and their presentations
 * come from the tenant's catalogue on the device; each line needs every field, and a medicine or a
 * dose already on the prescription is refused with SPEC §8's texts. The patient's allergies and
 * active medications stand beside it. Saved whole, as an amendment of the consultation.
 */
export function PrescriptionSection({
  db,
  encounter,
  warnings,
}: {
  db: LocalDb
  /** None while the consultation is not saved yet: the section is shown closed. */
  encounter: LocalEncounter | undefined
  warnings: RecordWarnings
}) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const medicines = useMedicines() ?? []
  const [lines, setLines] = useState<NewLine[]>(
    () => encounter?.prescription.map((line) => ({ ...line })) ?? [],
  )
  const [draft, setDraft] = useState<LineFormValues>(EMPTY_LINE)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  // SPEC §4's save flag, as for the consultation: no second save while one runs.
  const saving = useRef(false)
  const [busy, setBusy] = useState(false)
  const closed = !encounter
  const medicine = medicines.find((item) => item.id === draft.medicine_id)
  const set = (name: keyof LineFormValues) => (event: { target: { value: string } }) =>
    setDraft((current) => ({
      ...current,
      [name]: event.target.value,
      // Another medicine has other presentations.
      ...(name === 'medicine_id' ? { presentation_id: '' } : {}),
    }))

  const add = () => {
    const parsed = parseLine(draft, medicines, lines, i18n)
    if (parsed.errors) {
      setErrors(parsed.errors)
      return
    }
    setErrors({})
    setLines((current) => [...current, parsed.line])
    setDraft(EMPTY_LINE)
  }
  const save = async () => {
    if (!encounter || saving.current) return
    saving.current = true
    setBusy(true)
    setFailure(null)
    try {
      const saved = await savePrescription(db, mutationContext(), encounter.id, lines)
      notify(saved ? t`Receta guardada en este dispositivo` : t`No hubo cambios`)
      if (saved) setLines(saved.prescription.map((line) => ({ ...line })))
      currentEngine()?.loop.kick()
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      saving.current = false
      setBusy(false)
    }
  }

  const unitName = (code: string) => i18n._(DOSE_UNIT_NAMES[code as keyof typeof DOSE_UNIT_NAMES] ?? code)
  const routeName = (code: string) => i18n._(ROUTE_NAMES[code as keyof typeof ROUTE_NAMES] ?? code)
  return (
    <section className="form-card consultation-prescription" aria-labelledby={titleId}>
      <h2 id={titleId} className="consultation-prescription__title">
        <Trans>Receta</Trans>
      </h2>
      <div className="consultation-prescription__warnings">
        <p className="record-warning" data-empty={warnings.allergies.length === 0 || undefined}>
          <strong>
            <Trans>Alergias:</Trans>
          </strong>{' '}
          {warnings.allergies.length === 0 ? (
            <Trans>Ninguna registrada</Trans>
          ) : (
            warnings.allergies.join('; ')
          )}
        </p>
        <p className="record-warning" data-empty={warnings.medications.length === 0 || undefined}>
          <strong>
            <Trans>Medicamentos activos:</Trans>
          </strong>{' '}
          {warnings.medications.length === 0 ? (
            <Trans>Ninguno registrado</Trans>
          ) : (
            warnings.medications.join('; ')
          )}
        </p>
      </div>
      {closed && <p className="form-hint">{fieldMessage('encounter.prescriptionBeforeSave', i18n)}</p>}
      <fieldset className="form-section" disabled={closed}>
        <legend>{t`Agregar medicamento`}</legend>
        <div className="form-grid">
          <SelectField
            label={t`Medicamento`}
            aria-required
            placeholder={t`Selecciona…`}
            value={draft.medicine_id}
            onChange={set('medicine_id')}
            error={errors.medicine_id}
            options={medicines.map((item) => ({ value: item.id, label: item.name }))}
          />
          <SelectField
            label={t`Presentación y dosis`}
            aria-required
            placeholder={t`Selecciona…`}
            value={draft.presentation_id}
            onChange={set('presentation_id')}
            error={errors.presentation_id}
            options={(medicine?.presentations ?? []).map((item) => ({
              value: item.id,
              label: `${item.name} ${item.dose}`,
            }))}
          />
          <TextField
            label={t`Cantidad por toma`}
            aria-required
            inputMode="decimal"
            value={draft.quantity}
            onChange={set('quantity')}
            error={errors.quantity}
          />
          <SelectField
            label={t`Unidad`}
            aria-required
            placeholder={t`Selecciona…`}
            value={draft.unit}
            onChange={set('unit')}
            error={errors.unit}
            options={DOSE_UNITS.map((code) => ({ value: code, label: unitName(code) }))}
          />
          <SelectField
            label={t`Vía de administración`}
            aria-required
            placeholder={t`Selecciona…`}
            value={draft.via}
            onChange={set('via')}
            error={errors.via}
            options={ROUTES.map((code) => ({ value: code, label: routeName(code) }))}
          />
          <TextField
            label={t`Cada cuántas horas`}
            aria-required
            inputMode="numeric"
            value={draft.every_hours}
            onChange={set('every_hours')}
            error={errors.every_hours}
          />
          <TextField
            label={t`Por cuántos días`}
            aria-required
            inputMode="numeric"
            value={draft.for_days}
            onChange={set('for_days')}
            error={errors.for_days}
          />
          <TextField
            label={t`Indicaciones`}
            value={draft.indications}
            onChange={set('indications')}
            error={errors.indications}
          />
        </div>
        <div className="form-actions">
          <Button variant="secondary" onClick={add}>
            <Trans>Agregar a la receta</Trans>
          </Button>
        </div>
      </fieldset>
      {lines.length > 0 && (
        <ol className="consultation-prescription__lines" aria-label={t`Medicamentos de la receta`}>
          {lines.map((line, index) => (
            <li key={line.id ?? `${line.medicine_id}-${line.presentation_id}-${line.dose}`}>
              <div>
                <strong>
                  {line.medicine_name} · {line.presentation_name} {line.dose}
                </strong>
                <p>
                  <Trans>
                    {line.quantity} {unitName(line.unit).toLowerCase()}, vía{' '}
                    {routeName(line.via).toLowerCase()}, cada {line.every_hours} horas por {line.for_days}{' '}
                    días
                  </Trans>
                  {line.indications ? ` — ${line.indications}` : ''}
                </p>
              </div>
              <Button
                variant="ghost"
                disabled={closed}
                onClick={() => setLines((current) => current.filter((_, at) => at !== index))}
              >
                {t`Quitar ${line.medicine_name}`}
              </Button>
            </li>
          ))}
        </ol>
      )}
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions">
        <Button onClick={() => void save()} loading={busy} disabled={closed}>
          <Trans>Guardar receta</Trans>
        </Button>
      </div>
    </section>
  )
}
