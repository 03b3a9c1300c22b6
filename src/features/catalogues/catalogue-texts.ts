import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CatalogueName } from '../../contract/schemas/catalogue-definitions'

/** What a catalogue's screens call it and its values. */
export interface CatalogueTexts {
  title: MessageDescriptor
  create: MessageDescriptor
  edit: MessageDescriptor
  created: MessageDescriptor
  updated: MessageDescriptor
  deleted: MessageDescriptor
}

const texts = (
  title: MessageDescriptor,
  create: MessageDescriptor,
  edit: MessageDescriptor,
  created: MessageDescriptor,
  updated: MessageDescriptor,
  deleted: MessageDescriptor,
): CatalogueTexts => ({ title, create, edit, created, updated, deleted })

/** Each catalogue's texts, in Spanish and (through the catalogue) English. */
export const CATALOGUE_TEXTS: Record<CatalogueName, CatalogueTexts> = {
  consultReason: texts(
    msg`Motivos de consulta`,
    msg`Nuevo motivo de consulta`,
    msg`Editar motivo de consulta`,
    msg`Motivo de consulta creado`,
    msg`Motivo de consulta actualizado`,
    msg`Motivo de consulta eliminado`,
  ),
  affected_system: texts(
    msg`Aparatos y sistemas`,
    msg`Nuevo aparato o sistema`,
    msg`Editar aparato o sistema`,
    msg`Aparato o sistema creado`,
    msg`Aparato o sistema actualizado`,
    msg`Aparato o sistema eliminado`,
  ),
  diagnostics: texts(
    msg`Diagnósticos CIE-10`,
    msg`Nuevo diagnóstico`,
    msg`Editar diagnóstico`,
    msg`Diagnóstico creado`,
    msg`Diagnóstico actualizado`,
    msg`Diagnóstico eliminado`,
  ),
  incapacityType: texts(
    msg`Tipos de incapacidad`,
    msg`Nuevo tipo de incapacidad`,
    msg`Editar tipo de incapacidad`,
    msg`Tipo de incapacidad creado`,
    msg`Tipo de incapacidad actualizado`,
    msg`Tipo de incapacidad eliminado`,
  ),
  incapacityStatus: texts(
    msg`Estatus de incapacidad`,
    msg`Nuevo estatus de incapacidad`,
    msg`Editar estatus de incapacidad`,
    msg`Estatus de incapacidad creado`,
    msg`Estatus de incapacidad actualizado`,
    msg`Estatus de incapacidad eliminado`,
  ),
  clinicalExam: texts(
    msg`Exámenes clínicos`,
    msg`Nuevo examen clínico`,
    msg`Editar examen clínico`,
    msg`Examen clínico creado`,
    msg`Examen clínico actualizado`,
    msg`Examen clínico eliminado`,
  ),
  subgroups: texts(
    msg`Subgrupos`,
    msg`Nuevo subgrupo`,
    msg`Editar subgrupo`,
    msg`Subgrupo creado`,
    msg`Subgrupo actualizado`,
    msg`Subgrupo eliminado`,
  ),
  'medical-conditions': texts(
    msg`Condiciones médicas`,
    msg`Nueva condición médica`,
    msg`Editar condición médica`,
    msg`Condición médica creada`,
    msg`Condición médica actualizada`,
    msg`Condición médica eliminada`,
  ),
  clasifications: texts(
    msg`Clasificaciones`,
    msg`Nueva clasificación`,
    msg`Editar clasificación`,
    msg`Clasificación creada`,
    msg`Clasificación actualizada`,
    msg`Clasificación eliminada`,
  ),
  subclasifications: texts(
    msg`Subclasificaciones`,
    msg`Nueva subclasificación`,
    msg`Editar subclasificación`,
    msg`Subclasificación creada`,
    msg`Subclasificación actualizada`,
    msg`Subclasificación eliminada`,
  ),
  collaboratorType: texts(
    msg`Tipos de colaborador`,
    msg`Nuevo tipo de colaborador`,
    msg`Editar tipo de colaborador`,
    msg`Tipo de colaborador creado`,
    msg`Tipo de colaborador actualizado`,
    msg`Tipo de colaborador eliminado`,
  ),
  'vaccination-records': texts(
    msg`Vacunas`,
    msg`Nueva vacuna`,
    msg`Editar vacuna`,
    msg`Vacuna creada`,
    msg`Vacuna actualizada`,
    msg`Vacuna eliminada`,
  ),
  'vaccination-scheme': texts(
    msg`Esquema de vacunación`,
    msg`Nueva entrada del esquema`,
    msg`Editar entrada del esquema`,
    msg`Entrada del esquema creada`,
    msg`Entrada del esquema actualizada`,
    msg`Entrada del esquema eliminada`,
  ),
  'practitioner-titles': texts(
    msg`Títulos profesionales`,
    msg`Nuevo título profesional`,
    msg`Editar título profesional`,
    msg`Título profesional creado`,
    msg`Título profesional actualizado`,
    msg`Título profesional eliminado`,
  ),
}

/** What a value's parent is called in each catalogue that has one. */
export const PARENT_LABELS: Partial<Record<CatalogueName, MessageDescriptor>> = {
  diagnostics: msg`Aparato o sistema`,
  subclasifications: msg`Clasificación`,
  'vaccination-scheme': msg`Vacuna`,
}
