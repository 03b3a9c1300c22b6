import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** The groups of the permission catalogue as the profile editor titles them. */
const GROUPS: Record<string, MessageDescriptor> = {
  dashboard: msg`Tablero`,
  catalogues: msg`Catálogos`,
  tools: msg`Herramientas`,
  patients: msg`Pacientes y asignaciones`,
  vaccinations: msg`Vacunación`,
  consultation: msg`Consulta y COVID`,
  digitalRecord: msg`Expediente digital`,
  video: msg`Videollamada`,
  patientMode: msg`Modo paciente`,
  users: msg`Usuarios`,
  profiles: msg`Perfiles`,
  certificates: msg`Certificados de estado de salud`,
  disability: msg`Incapacidades`,
  st7: msg`Formato ST-7`,
  'admission-exam': msg`Examen médico de ingreso`,
  'periodic-exam': msg`Exámenes periódicos`,
  'short-history': msg`Historia clínica corta`,
  assignments: msg`Asignaciones`,
  clinical: msg`Consulta`,
}

const ACTIONS: Record<string, MessageDescriptor> = {
  index: msg`listado`,
  list: msg`listar`,
  view: msg`ver`,
  create: msg`crear`,
  edit: msg`editar`,
  export: msg`exportar`,
  delete: msg`eliminar`,
}

export const groupLabel = (group: string, i18n: I18n) => {
  const descriptor = GROUPS[group]
  return descriptor ? i18n._(descriptor) : group
}

/**
 * A permission as the editor lists it: the screen or family, then the action when it is one of
 * the common ones ("patients · listado"); other names show as they are.
 */
export function permissionLabel(permission: string, i18n: I18n): string {
  const match = /^(.*?)[-.](index|list|view|create|edit|export|delete)$/.exec(permission)
  const action = match ? ACTIONS[match[2] as string] : undefined
  return match && action ? `${match[1]} · ${i18n._(action)}` : permission
}
