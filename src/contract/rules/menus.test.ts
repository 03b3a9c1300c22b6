import { describe, expect, it } from 'vitest'
import { MENUS, type MenuDefinition, menusFor } from './menus'
import { isLandlordOnlyPermission, isPermission } from './permissions'

const SAMPLE: MenuDefinition[] = [
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

const leaves = (menus: readonly MenuDefinition[]): MenuDefinition[] =>
  menus.flatMap((menu) => (menu.children ? leaves(menu.children) : [menu]))

describe('the sidebar’s visibility (SPEC §2)', () => {
  it('shows an item only with its permission and a parent only with a visible child', () => {
    const menus = menusFor(new Set(['patients-index']), SAMPLE)
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
    const hidden = (items: ReturnType<typeof menusFor>): boolean =>
      items.every((item) => !item.visible && hidden(item.children))
    expect(hidden(menusFor(new Set(), SAMPLE))).toBe(true)
    expect(hidden(menusFor(new Set()))).toBe(true)
  })

  it('looks through nested parents', () => {
    const nested: MenuDefinition[] = [
      {
        key: 'outer',
        children: [{ key: 'inner', children: [{ key: 'leaf', to: '/leaf', permission: 'calendar-index' }] }],
      },
    ]
    expect(menusFor(new Set(['calendar-index']), nested)[0]).toMatchObject({
      visible: true,
      to: null,
      children: [{ key: 'inner', visible: true, children: [{ key: 'leaf', visible: true, to: '/leaf' }] }],
    })
    expect(menusFor(new Set(), nested)[0]?.visible).toBe(false)
  })

  it('shows a leaf without a permission to everyone', () => {
    expect(menusFor(new Set(), [{ key: 'help', to: '/help' }])).toEqual([
      { key: 'help', to: '/help', visible: true, children: [] },
    ])
  })

  it('hides a parent without children', () => {
    expect(menusFor(new Set(['calendar-index']), [{ key: 'empty', children: [] }])[0]?.visible).toBe(false)
  })
})

describe('the product’s menu tree', () => {
  it('guards every leaf with a known permission (a tenant’s or the provider’s) and gives it a route', () => {
    for (const leaf of leaves(MENUS)) {
      expect(leaf.to, leaf.key).toMatch(/^\//)
      const known =
        leaf.permission !== undefined &&
        (isPermission(leaf.permission) || isLandlordOnlyPermission(leaf.permission))
      expect(known, leaf.key).toBe(true)
    }
  })

  it('gives parents no route of their own, and every item a unique key', () => {
    for (const parent of MENUS.filter((menu) => menu.children)) expect(parent.to, parent.key).toBeUndefined()
    const keysOf = (menus: readonly MenuDefinition[]): string[] =>
      menus.flatMap((menu) => [menu.key, ...keysOf(menu.children ?? [])])
    const keys = keysOf(MENUS)
    expect(new Set(keys).size).toBe(keys.length)
  })
})
