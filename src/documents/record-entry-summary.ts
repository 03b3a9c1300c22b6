/**
 * An entry of a patient's record sections (SPEC §3: a condition, a medicine, a history, a habit,
 * an allergy…) in one line: its name or text, then its year and note when it has them. The record
 * page, its banner and the digital record's PDF all word an entry so. `nameOf` names a coded
 * entry (a medical condition, a COVID status) and answers undefined for a code it does not know.
 */
export function recordEntrySummary(
  entry: Record<string, unknown>,
  nameOf: (code: string) => string | undefined = () => undefined,
): string {
  const code = (entry.medical_condition_id ?? entry.covid_status_id) as string | undefined
  const named = code ? (nameOf(code) ?? code) : undefined
  const head = named ?? entry.medicine ?? entry.title ?? entry.habit ?? entry.description
  return [head, entry.year, entry.note]
    .filter((part) => part !== null && part !== undefined && part !== '')
    .join(' · ')
}
