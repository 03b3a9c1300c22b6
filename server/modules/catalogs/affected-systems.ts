/**
 * The review-of-systems list a diagnosis is filed under (SPEC §3 "affected system"), in the order
 * a clinical history asks about them. The codes are stable: diagnoses and reports refer to them.
 */
export const AFFECTED_SYSTEMS = [
  { code: 'general', nameEs: 'General', nameEn: 'General' },
  { code: 'digestive', nameEs: 'Digestivo', nameEn: 'Digestive' },
  { code: 'respiratory', nameEs: 'Respiratorio', nameEn: 'Respiratory' },
  { code: 'cardiovascular', nameEs: 'Cardiovascular', nameEn: 'Cardiovascular' },
  { code: 'genitourinary', nameEs: 'Genitourinario y renal', nameEn: 'Genitourinary and renal' },
  { code: 'endocrine', nameEs: 'Endocrino', nameEn: 'Endocrine' },
  { code: 'blood-lymphatic', nameEs: 'Hematológico y linfático', nameEn: 'Blood and lymphatic' },
  { code: 'nervous', nameEs: 'Nervioso', nameEn: 'Nervous' },
  { code: 'musculoskeletal', nameEs: 'Musculoesquelético', nameEn: 'Musculoskeletal' },
  { code: 'skin', nameEs: 'Piel y anexos', nameEn: 'Skin' },
  { code: 'senses', nameEs: 'Órganos de los sentidos', nameEn: 'Senses' },
  { code: 'mental', nameEs: 'Mental', nameEn: 'Mental' },
] as const

export type AffectedSystemCode = (typeof AFFECTED_SYSTEMS)[number]['code']

/** The list as rows of `affected_systems`, in its order. */
export const AFFECTED_SYSTEM_ROWS = AFFECTED_SYSTEMS.map((system, sort) => ({ ...system, sort }))
