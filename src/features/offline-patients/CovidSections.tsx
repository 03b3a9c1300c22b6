import { Trans, useLingui } from '@lingui/react/macro'
import { Controller, useFieldArray, useWatch } from 'react-hook-form'
import { useReferenceList } from '../../catalogs/use-catalog'
import { bodyMassIndex } from '../../contract/rules/vital-ranges'
import type { ReferenceListName } from '../../contract/schemas/catalogs'
import { BLOOD_TYPES } from '../../contract/schemas/patient'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { DateField } from '../../ui/DateField'
import { TextField } from '../../ui/TextField'
import { FormSelect } from './FormSelect'
import { optionsOf, type SectionProps } from './form-section'
import type { PatientFieldName } from './patient-form-values'

const toNumber = (text: unknown) =>
  typeof text === 'string' && text.trim() ? Number(text.replace(',', '.')) : null

/** Several codes of one list, as checkboxes (underlying conditions, initial symptoms). */
function CodeChecklist({
  form,
  name,
  list,
  legend,
}: Pick<SectionProps, 'form'> & {
  name: 'underlying_conditions' | 'initial_symptoms'
  list: ReferenceListName
  legend: string
}) {
  const items = useReferenceList(list)
  return (
    <fieldset className="form-section form-section--nested">
      <legend>{legend}</legend>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => {
          const chosen = field.value ?? []
          return (
            <div className="checklist">
              {(items ?? []).map((item) => (
                <Checkbox
                  key={item.code}
                  label={item.name}
                  checked={chosen.includes(item.code)}
                  onCheckedChange={(checked) =>
                    field.onChange(
                      checked ? [...chosen, item.code] : chosen.filter((code) => code !== item.code),
                    )
                  }
                />
              ))}
            </div>
          )
        }}
      />
    </fieldset>
  )
}

/** The COVID data of SPEC §3 Patient and the list of COVID tests. The BMI follows weight and height. */
export function CovidSections({ form, message }: SectionProps) {
  const { t, i18n } = useLingui()
  const statuses = useReferenceList('covid-statuses')
  const cases = useReferenceList('cases-general')
  const advancement = useReferenceList('collaborator-advancement')
  const ruledOut = useReferenceList('reason-ruled-out')
  const testTypes = useReferenceList('types-of-test')
  const testResults = useReferenceList('results-test')
  const tests = useFieldArray({ control: form.control, name: 'covid_tests' })
  const weight = useWatch({ control: form.control, name: 'weight' })
  const height = useWatch({ control: form.control, name: 'height' })
  const bmi = bodyMassIndex(toNumber(weight), toNumber(height))
  const yesNo = [
    { value: 'yes', label: t`Sí` },
    { value: 'no', label: t`No` },
  ]
  const coughs = [
    { value: 'none', label: t`Sin tos` },
    { value: 'mild', label: t`Leve` },
    { value: 'moderate', label: t`Moderada` },
    { value: 'severe', label: t`Severa` },
  ]
  const choice = (name: PatientFieldName, label: string) => (
    <FormSelect bind={form} name={name} label={label} placeholder="—" options={yesNo} error={message(name)} />
  )
  const measure = (name: PatientFieldName, label: string) => (
    <TextField label={label} inputMode="decimal" error={message(name)} {...form.register(name)} />
  )
  return (
    <>
      <fieldset className="form-section">
        <legend>{t`Datos COVID`}</legend>
        <div className="form-grid">
          <FormSelect
            bind={form}
            name="covid_status"
            label={t`Estatus COVID`}
            placeholder={t`Selecciona`}
            options={optionsOf(statuses)}
            error={message('covid_status')}
          />
          <FormSelect
            bind={form}
            name="covid_case"
            label={t`Caso`}
            placeholder={t`Selecciona`}
            options={optionsOf(cases)}
            error={message('covid_case')}
          />
          <FormSelect
            bind={form}
            name="covid_advancement"
            label={t`Avance del colaborador`}
            placeholder={t`Selecciona`}
            options={optionsOf(advancement)}
            error={message('covid_advancement')}
          />
          <FormSelect
            bind={form}
            name="covid_ruled_out_reason"
            label={t`Motivo de descarte`}
            placeholder={t`Selecciona`}
            options={optionsOf(ruledOut)}
            error={message('covid_ruled_out_reason')}
          />
          {measure('weight', t`Peso (kg)`)}
          {measure('height', t`Estatura (m)`)}
          <output className="field field--readonly" aria-label={t`IMC`}>
            <span className="field__label">{t`IMC`}</span>
            <span>{bmi === null ? '—' : i18n.number(bmi, { maximumFractionDigits: 1 })}</span>
          </output>
          <FormSelect
            bind={form}
            name="blood_type"
            label={t`Tipo de sangre`}
            placeholder={t`Selecciona`}
            options={BLOOD_TYPES.map((type) => ({ value: type, label: type }))}
            error={message('blood_type')}
          />
          {measure('temperature', t`Temperatura (°C)`)}
          {measure('oximetry', t`Oximetría (%)`)}
          {measure('systolic', t`Presión sistólica (mmHg)`)}
          {measure('diastolic', t`Presión diastólica (mmHg)`)}
          {choice('pregnancy', t`Embarazo`)}
          {choice('shortness_of_breath', t`Dificultad para respirar`)}
          <FormSelect
            bind={form}
            name="cough_severity"
            label={t`Intensidad de la tos`}
            placeholder={t`Selecciona`}
            options={coughs}
            error={message('cough_severity')}
          />
          <DateField
            label={t`Inicio de cuarentena`}
            error={message('quarantine_start_date')}
            {...form.register('quarantine_start_date')}
          />
          <DateField
            label={t`Fecha de primeros síntomas`}
            error={message('first_symptom_date')}
            {...form.register('first_symptom_date')}
          />
          {choice('recontagion', t`Recontagio`)}
          {choice('vaccinated', t`Vacunado`)}
        </div>
        <CodeChecklist
          form={form}
          name="underlying_conditions"
          list="medical-conditions"
          legend={t`Condiciones subyacentes`}
        />
        <CodeChecklist
          form={form}
          name="initial_symptoms"
          list="initial-symptoms"
          legend={t`Síntomas iniciales`}
        />
      </fieldset>
      <fieldset className="form-section">
        <legend>{t`Pruebas COVID`}</legend>
        {tests.fields.map((test, index) => (
          <div key={test.id} className="form-grid form-row">
            <DateField
              label={t`Fecha de la prueba ${index + 1}`}
              error={message(`covid_tests.${index}.date`)}
              {...form.register(`covid_tests.${index}.date`)}
            />
            <FormSelect
              bind={form}
              name={`covid_tests.${index}.type`}
              label={t`Tipo de prueba ${index + 1}`}
              placeholder={t`Selecciona`}
              options={optionsOf(testTypes)}
              error={message(`covid_tests.${index}.type`)}
            />
            <FormSelect
              bind={form}
              name={`covid_tests.${index}.result`}
              label={t`Resultado de la prueba ${index + 1}`}
              placeholder={t`Selecciona`}
              options={optionsOf(testResults)}
              error={message(`covid_tests.${index}.result`)}
            />
            <Button variant="ghost" onClick={() => tests.remove(index)}>
              <Trans>Quitar prueba {index + 1}</Trans>
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => tests.append({ date: '', type: '', result: '' })}>
          <Trans>Agregar prueba</Trans>
        </Button>
      </fieldset>
    </>
  )
}
