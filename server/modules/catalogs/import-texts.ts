import type { Lang } from '../../platform/language'

/**
 * The texts of an import report, in both languages. They describe rows of a file rather than a
 * failed request, so they live with the import instead of the API's error messages.
 */
const TEXTS = {
  columnCount: {
    es: 'Se esperaban {expected} columnas y hay {found}.',
    en: 'Expected {expected} columns, found {found}.',
  },
  unterminated: {
    es: 'Unas comillas no se cierran antes del final del archivo.',
    en: 'A quote is not closed before the end of the file.',
  },
  notDigits: {
    es: 'La clave {column} debe ser numérica de {digits} dígitos: "{value}".',
    en: 'The {column} key must be a number of {digits} digits: "{value}".',
  },
  unknownEntity: {
    es: 'Entidad federativa desconocida: "{value}".',
    en: 'Unknown federal entity: "{value}".',
  },
  unknownMunicipality: {
    es: 'Municipio desconocido: {value}. Importa primero los municipios.',
    en: 'Unknown municipality: {value}. Import the municipalities first.',
  },
  cvegeoMismatch: {
    es: 'La CVEGEO "{value}" no corresponde a las claves {expected}.',
    en: 'The CVEGEO "{value}" does not match the keys {expected}.',
  },
  emptyName: { es: 'El nombre está vacío.', en: 'The name is empty.' },
  tooLong: {
    es: 'El texto tiene más de {max} caracteres.',
    en: 'The text is longer than {max} characters.',
  },
  duplicate: {
    es: 'La clave {value} ya aparece en la línea {line}.',
    en: 'The key {value} already appears on line {line}.',
  },
  badCode: { es: 'El código CIE-10 "{value}" no es válido.', en: 'The ICD-10 code "{value}" is not valid.' },
  noChapter: {
    es: 'El código {value} no pertenece a ningún capítulo de la CIE-10.',
    en: 'The code {value} belongs to no ICD-10 chapter.',
  },
  emptyDescription: { es: 'La descripción está vacía.', en: 'The description is empty.' },
  unknownFormat: {
    es: 'Formato no reconocido: la cabecera "{value}" no es la de un catálogo del INEGI, de la DGIS o de la CIE-10.',
    en: 'Unrecognised format: the header "{value}" is not that of an INEGI, DGIS or ICD-10 catalog.',
  },
  emptyFile: { es: 'El archivo no tiene filas.', en: 'The file has no rows.' },
  superseded: {
    es: '{count} filas se dejaron como las da {file}, preferido para este catálogo.',
    en: '{count} rows were left as {file} gives them, the preferred file for this catalog.',
  },
} as const

export type ImportTextKey = keyof typeof TEXTS
export type ImportTextValues = Record<string, string | number>

/** A reason or note before it is put into words: the report is written in the caller's language. */
export interface ImportText {
  key: ImportTextKey
  values?: ImportTextValues
}

export function importText(text: ImportText, lang: Lang): string {
  return TEXTS[text.key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    text.values && name in text.values ? String(text.values[name]) : whole,
  )
}
