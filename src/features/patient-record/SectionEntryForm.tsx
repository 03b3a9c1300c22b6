import { valibotResolver } from '@hookform/resolvers/valibot'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useMedicines } from '../../catalogs/use-catalog'
import type { RecordSection } from '../../contract/schemas/record-sections'
import type { LocalDb, LocalRecordSection } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import { createRecordSection, updateRecordSection } from '../../sync/record-section-mutators'
import { Alert } from '../../ui/Alert'
import { FormActions } from '../../ui/FormActions'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { TextField } from '../../ui/TextField'
import { initialValues, type SectionFormValues, sectionFields, sectionFormSchema } from './form-schema'
import { pickerOptions, type SectionChoices } from './section-choices'
import { FIELD_LABELS } from './section-texts'

export interface SectionEntryFormProps {
  db: LocalDb
  section: RecordSection
  patientId: string
  /** The entry being edited; absent for a new one. */
  entry?: LocalRecordSection
  /** What a code field offers and names (medical conditions, COVID statuses). */
  choices?: SectionChoices
  onDone: () => void
}

const LIST_FIELDS = new Set(['medical_condition_id', 'covid_status_id'])

/**
 * Adds or edits one entry of a record section, on the device (DESIGN §5): checked by the
 * contract's schema, written with its outbox entry, sent when there is a network. An active
 * medication picks its medicine from the device's copy of the tenant's catalogue.
 */
export function SectionEntryForm({ db, section, patientId, entry, choices, onDone }: SectionEntryFormProps) {
  const { t, i18n } = useLingui()
  const [failure, setFailure] = useState<string | null>(null)
  const medicines = useMedicines()
  const form = useForm<SectionFormValues>({
    // Range checks carry no message key of their own: word them from the issue and its limit.
    resolver: valibotResolver(sectionFormSchema(section), {
      message: (issue) => issueMessage(issue, i18n),
    }) as never,
    defaultValues: initialValues(section, entry),
  })
  const submit = form.handleSubmit(async (values) => {
    // The resolver has turned the typed text into the contract's values.
    const fields = values as unknown as Record<string, unknown>
    setFailure(null)
    try {
      if (entry) await updateRecordSection(db, mutationContext(), entry.id, fields)
      else await createRecordSection(db, mutationContext(), section, { ...fields, patient_id: patientId })
      currentEngine()?.loop.kick()
      notify(t`Guardado en este dispositivo`)
      onDone()
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    }
  })
  const message = (field: string) => fieldMessage(form.formState.errors[field]?.message, i18n)
  // An entry keeps the value it carries even when no longer offered (inactive, or of the shared list).
  const carried = entry?.medical_condition_id ?? entry?.covid_status_id
  const options = pickerOptions(choices, carried).map((item) => ({ value: item.code, label: item.name }))
  const medicineOptions = (medicines ?? []).map((medicine) => ({ value: medicine.id, label: medicine.name }))
  // Picking a medicine of the catalogue names the entry after it; the name may still be edited.
  const pickMedicine = (id: string) => {
    const picked = medicines?.find((medicine) => medicine.id === id)
    if (picked) form.setValue('medicine', picked.name, { shouldValidate: form.formState.isSubmitted })
  }
  return (
    <form onSubmit={submit} noValidate className="record-entry-form">
      <div className="form-grid">
        {sectionFields(section).map((field) => {
          const label = i18n._(FIELD_LABELS[field] ?? { id: field })
          if (field === 'medicine_id') {
            return (
              <SelectField
                key={field}
                label={label}
                options={medicineOptions}
                placeholder={t`Ninguno (escrito a mano)`}
                error={message(field)}
                defaultValue={form.formState.defaultValues?.[field]}
                {...form.register(field, { onChange: (event) => pickMedicine(String(event.target.value)) })}
              />
            )
          }
          return LIST_FIELDS.has(field) ? (
            <SelectField
              key={field}
              label={label}
              options={options}
              placeholder={t`Selecciona…`}
              error={message(field)}
              // React selects the carried value as the select mounts: inside the dialog the form's
              // own setting of it did not take (the cause is not pinned down), and an edit opened on
              // "Selecciona…". Other selects bound by register() may need the same: see the note.
              defaultValue={form.formState.defaultValues?.[field]}
              {...form.register(field)}
            />
          ) : (
            <TextField
              key={field}
              label={label}
              inputMode={field === 'year' ? 'numeric' : undefined}
              error={message(field)}
              {...form.register(field)}
            />
          )
        })}
      </div>
      {failure && <Alert>{failure}</Alert>}
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} />
    </form>
  )
}
