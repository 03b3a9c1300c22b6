import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { useFieldArray } from 'react-hook-form'
import { EXPOSURE_AGENTS } from '../../contract/schemas/occupational-exposures'
import { Button } from '../../ui/Button'
import { errorAria, Field } from '../../ui/Field'
import { TextField } from '../../ui/TextField'
import { emptyJob } from './admission-form-values'
import { AGENT_NAMES } from './admission-texts'
import { FormCheck } from './FormCheck'
import type { StepProps } from './step-props'

/**
 * Work background: the previous jobs, each with the agents it exposed the worker to (noise, dust,
 * chemicals, ergonomic, biological) and for how many years (SPEC §5: 1–100) — the occupational
 * history the periodic exams show again, so a change is visible — and accidents and diseases.
 */
export function WorkBackgroundStep({ form, message }: StepProps) {
  const { t, i18n } = useLingui()
  const id = useId()
  const jobs = useFieldArray({ control: form.control, name: 'work_background.previous_jobs' })
  const held = form.watch('work_background.previous_jobs')
  return (
    <>
      <fieldset className="form-section">
        <legend>{t`Empleos anteriores`}</legend>
        {jobs.fields.length === 0 && (
          <p className="form-hint">
            <Trans>Sin empleos anteriores registrados.</Trans>
          </p>
        )}
        <ol className="admission-rows">
          {jobs.fields.map((field, index) => {
            const at = (name: string) => `work_background.previous_jobs.${index}.${name}`
            return (
              <li key={field.id} className="admission-row">
                <div className="form-grid">
                  <TextField
                    label={t`Empresa`}
                    aria-required
                    maxLength={200}
                    error={message(at('company'))}
                    {...form.register(`work_background.previous_jobs.${index}.company`)}
                  />
                  <TextField
                    label={t`Puesto`}
                    aria-required
                    maxLength={120}
                    error={message(at('position'))}
                    {...form.register(`work_background.previous_jobs.${index}.position`)}
                  />
                  <TextField
                    label={t`Años en el puesto`}
                    aria-required
                    inputMode="numeric"
                    autoComplete="off"
                    error={message(at('years'))}
                    {...form.register(`work_background.previous_jobs.${index}.years`)}
                  />
                  <TextField
                    label={t`Equipo de protección`}
                    maxLength={300}
                    error={message(at('protective_equipment'))}
                    {...form.register(`work_background.previous_jobs.${index}.protective_equipment`)}
                  />
                </div>
                <fieldset className="admission-checks">
                  <legend>{t`Exposiciones`}</legend>
                  <ul className="admission-exposures">
                    {EXPOSURE_AGENTS.map((agent) => {
                      const name = i18n._(AGENT_NAMES[agent])
                      const exposure = (part: string) => at(`exposures.${agent}.${part}`)
                      return (
                        <li key={agent} className="admission-exposure">
                          <FormCheck
                            form={form}
                            name={`work_background.previous_jobs.${index}.exposures.${agent}.exposed`}
                            label={name}
                          />
                          {held[index]?.exposures[agent]?.exposed && (
                            <div className="form-grid">
                              <TextField
                                label={t`Años de exposición a ${name}`}
                                aria-required
                                inputMode="numeric"
                                autoComplete="off"
                                error={message(exposure('years'))}
                                {...form.register(
                                  `work_background.previous_jobs.${index}.exposures.${agent}.years`,
                                )}
                              />
                              <TextField
                                label={t`Detalle de ${name}`}
                                maxLength={300}
                                error={message(exposure('notes'))}
                                {...form.register(
                                  `work_background.previous_jobs.${index}.exposures.${agent}.notes`,
                                )}
                              />
                            </div>
                          )}
                        </li>
                      )
                    })}
                  </ul>
                </fieldset>
                <Button variant="ghost" onClick={() => jobs.remove(index)}>
                  <Trans>Quitar empleo</Trans>
                </Button>
              </li>
            )
          })}
        </ol>
        <div>
          <Button
            variant="secondary"
            disabled={jobs.fields.length >= 20}
            onClick={() => jobs.append(emptyJob())}
          >
            <Trans>Agregar empleo</Trans>
          </Button>
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t`Accidentes y enfermedades de trabajo`}</legend>
        <div className="form-grid">
          {(
            [
              ['work_accidents', t`Accidentes de trabajo`],
              ['occupational_diseases', t`Enfermedades de trabajo`],
            ] as const
          ).map(([key, label]) => (
            <Field key={key} id={`${id}-${key}`} label={label} error={message(`work_background.${key}`)}>
              <textarea
                id={`${id}-${key}`}
                className="field__input admission-form__note"
                rows={2}
                {...errorAria(`${id}-${key}`, message(`work_background.${key}`))}
                {...form.register(`work_background.${key}`)}
              />
            </Field>
          ))}
        </div>
      </fieldset>
    </>
  )
}
