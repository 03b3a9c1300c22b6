import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { isPermission } from '../rules/permissions'
import {
  CATALOGUE_DEFINITIONS,
  columnsOf,
  entrySchema,
  nameKey,
  permissionsOfCatalogue,
} from './catalogue-definitions'

describe('the catalogue definitions', () => {
  it('name each catalogue, screen and list call once', () => {
    for (const key of ['name', 'screen', 'listPath', 'fileName'] as const) {
      const values = CATALOGUE_DEFINITIONS.map((definition) => definition[key])
      expect(new Set(values).size, key).toBe(values.length)
    }
  })

  it('give every call a permission a profile can hold', () => {
    for (const definition of CATALOGUE_DEFINITIONS) {
      for (const permission of Object.values(permissionsOfCatalogue(definition))) {
        expect(isPermission(permission), permission).toBe(true)
      }
    }
  })

  it('point every parent at a catalogue that has no parent itself', () => {
    for (const definition of CATALOGUE_DEFINITIONS) {
      if (definition.children.kind !== 'parent') continue
      const { catalogue } = definition.children
      const parent = CATALOGUE_DEFINITIONS.find((candidate) => candidate.name === catalogue)
      expect(parent?.children.kind, definition.name).toBe('none')
    }
  })

  it('show the columns each catalogue has', () => {
    const byName = Object.fromEntries(CATALOGUE_DEFINITIONS.map((d) => [d.name, columnsOf(d)]))
    expect(byName.consultReason).toEqual(['name', 'active'])
    expect(byName.diagnostics).toEqual(['code', 'name', 'parent_name', 'active'])
    expect(byName.subgroups).toEqual(['name', 'items_label', 'active'])
  })

  it('validate each value with the fields of its definition only', () => {
    const subgroups = entrySchema(
      CATALOGUE_DEFINITIONS.find((d) => d.name === 'subgroups') ?? CATALOGUE_DEFINITIONS[0],
    )
    expect(v.parse(subgroups, { name: ' Turno ', items: [{ name: 'Matutino' }] })).toEqual({
      name: 'Turno',
      code: null,
      active: true,
      parent_id: null,
      items: [{ name: 'Matutino' }],
      details: null,
    })
    expect(v.safeParse(subgroups, { name: 'Turno', items: [{ name: '' }] }).success).toBe(false)
    const reasons = entrySchema(CATALOGUE_DEFINITIONS[0])
    expect(v.safeParse(reasons, { name: 'Curación', items: [{ name: 'x' }] }).success).toBe(false)
    expect(
      v.safeParse(reasons, { name: 'Curación', parent_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }).success,
    ).toBe(false)
    const diagnoses = entrySchema(
      CATALOGUE_DEFINITIONS.find((d) => d.name === 'diagnostics') ?? CATALOGUE_DEFINITIONS[0],
    )
    expect(v.safeParse(diagnoses, { name: 'Lumbago' }).success).toBe(false)
    // Only a catalogue with details takes them, and it must.
    expect(v.safeParse(reasons, { name: 'Curación', details: { disease: 'x' } }).success).toBe(false)
    const vaccines = entrySchema(
      CATALOGUE_DEFINITIONS.find((d) => d.name === 'vaccination-records') ?? CATALOGUE_DEFINITIONS[0],
    )
    expect(v.safeParse(vaccines, { name: 'Td' }).success).toBe(false)
    const td = {
      disease: 'Tétanos y difteria',
      doses: 3,
      interval_days: 28,
      booster_interval_days: 3650,
      route: 'intramuscular',
    }
    expect(v.parse(vaccines, { name: 'Td', details: td }).details).toEqual(td)
    const scheme = entrySchema(
      CATALOGUE_DEFINITIONS.find((d) => d.name === 'vaccination-scheme') ?? CATALOGUE_DEFINITIONS[0],
    )
    const parent_id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'
    expect(v.parse(scheme, { name: 'Neumococo 65+', parent_id, details: { age_from: 65 } }).details).toEqual({
      doses: null,
      age_from: 65,
      age_to: null,
      sex: null,
      subgroups: [],
      risks: [],
    })
    expect(v.safeParse(scheme, { name: 'x', parent_id, details: { age_from: 65, age_to: 64 } }).success).toBe(
      false,
    )
    expect(v.safeParse(scheme, { name: 'x', parent_id, details: { age_from: 65, age_to: 65 } }).success).toBe(
      true,
    )
  })

  it('fold names by case, accents and spaces', () => {
    expect(nameKey('  Audiometría   Tonal ')).toBe('audiometria tonal')
    expect(nameKey('ÑANDÚ')).toBe(nameKey('ñandu'))
  })
})
