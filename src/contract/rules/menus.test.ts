import { describe, expect, it } from 'vitest'
import { type MenuDefinition, menusFor } from './menus'

const MENUS: MenuDefinition[] = [
  { key: 'dashboard', to: '/dashboard', permission: 'dashboard-index' },
  {
    key: 'patients',
    children: [
      { key: 'list', to: '/patients', permission: 'patients-index' },
      { key: 'assignments', to: '/assignation-patient', permission: 'assignation-patient-index' },
    ],
  },
  { key: 'catalogues', children: [{ key: 'medicines', to: '/medicines', permission: 'medicines-index' }] },
]

describe('the sidebar’s visibility (SPEC §2)', () => {
  it('shows an item only with its permission and a parent only with a visible child', () => {
    const menus = menusFor(new Set(['patients-index']), MENUS)
    expect(menus.map((m) => [m.key, m.visible])).toEqual([
      ['dashboard', false],
      ['patients', true],
      ['catalogues', false],
    ])
    expect(menus[1]?.children.map((c) => [c.key, c.visible])).toEqual([
      ['list', true],
      ['assignments', false],
    ])
  })

  it('hides everything from a user without permissions', () => {
    expect(menusFor(new Set(), MENUS).every((m) => !m.visible)).toBe(true)
  })
})
