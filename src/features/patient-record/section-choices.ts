import type { ReferenceItem } from '../../contract/schemas/catalogs'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'

/** A value a section's code field may carry (a list code or a catalogue value's id), with its name. */
export interface SectionChoice {
  code: string
  name: string
}

/** What a section's code field offers for a new value, and how it names any value it carries. */
export interface SectionChoices {
  offered: SectionChoice[]
  named: SectionChoice[]
}

/**
 * The medical conditions (decision 0018): a new value is an active value of the tenant's
 * `medical-conditions` catalogue; an entry already carrying an inactive value, or a code of the
 * shared reference list it was made with before, still shows that value's name.
 */
export function medicalConditionChoices(
  catalogue: CatalogueEntry[] | undefined,
  shared: ReferenceItem[] | undefined,
): SectionChoices {
  const values = (catalogue ?? []).map((entry) => ({ code: entry.id, name: entry.name }))
  return {
    offered: (catalogue ?? [])
      .filter((entry) => entry.active)
      .map((entry) => ({ code: entry.id, name: entry.name })),
    named: [...values, ...(shared ?? [])],
  }
}

/** The options of a picker: the offered values, plus the one the entry carries when it is not one. */
export function pickerOptions(choices: SectionChoices | undefined, current: unknown): SectionChoice[] {
  const offered = choices?.offered ?? []
  if (typeof current !== 'string' || current === '' || offered.some((choice) => choice.code === current)) {
    return offered
  }
  const name = choices?.named.find((choice) => choice.code === current)?.name ?? current
  return [...offered, { code: current, name }]
}
