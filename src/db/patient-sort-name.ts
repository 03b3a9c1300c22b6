/**
 * The key the device's patient index orders by (decision 0017): the patient's full name as the
 * list shows it (name, last name, second last name), folded so that IndexedDB's plain
 * code-unit order is the list's Spanish order — no case, no accents, and ñ a letter of its own
 * between n and o. The list reads its first page and its count from that index before it has
 * read the rest.
 */

/** Sorts after every letter, so ñ comes after "nz" and before "o", as in Spanish. */
const ENYE = 'n\u007f'
/** Empty names go last, as the table puts empty values last. */
const NO_NAME = '\uffff'

interface Named {
  name?: unknown
  last_name?: unknown
  second_last_name?: unknown
}

/** The name the list shows, its parts joined by a space. */
export const fullName = (patient: Named): string =>
  [patient.name, patient.last_name, patient.second_last_name]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(' ')

export function patientSortName(patient: Named): string {
  const name = fullName(patient)
    .normalize('NFC')
    .toLowerCase()
    .replaceAll('ñ', ENYE)
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
  return name === '' ? NO_NAME : name
}
