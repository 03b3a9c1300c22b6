import type { Permission } from './permissions'

/**
 * The sidebar (SPEC §2 Behaviour): an item shows only with its permission, a parent only with a
 * visible child. The server answers this tree with a `visible` flag per item for the caller; the
 * client translates each `key`.
 */
export interface MenuDefinition {
  key: string
  /** The route the item opens; parents have none. */
  to?: string
  permission?: Permission
  children?: MenuDefinition[]
}

export const MENUS: readonly MenuDefinition[] = [
  { key: 'dashboard', to: '/dashboard', permission: 'dashboard-index' },
  {
    key: 'patients',
    children: [
      { key: 'patients-list', to: '/patients', permission: 'patients-index' },
      {
        key: 'assignments-concentrated',
        to: '/assignments-concentrated',
        permission: 'assignments-concentrated-index',
      },
      { key: 'assignation-patient', to: '/assignation-patient', permission: 'assignation-patient-index' },
    ],
  },
  {
    key: 'clinical',
    children: [
      { key: 'covid', to: '/covid', permission: 'covid-index' },
      { key: 'vaccinations', to: '/vaccinations', permission: 'vaccinations-index' },
      { key: 'periodic-exams', to: '/digital-record/periodic-exams', permission: 'periodic-exams-index' },
      {
        key: 'affected-systems-concentrated',
        to: '/digital-record/affected-systems',
        permission: 'affected-systems-concentrated-index',
      },
      {
        key: 'record-disabilities',
        to: '/digital-record/medical-reports/record-disabilities',
        permission: 'record-disabilities-index',
      },
    ],
  },
  {
    key: 'catalogues',
    children: [
      { key: 'medicines', to: '/medicines', permission: 'medicines-index' },
      {
        key: 'reason-for-consultation',
        to: '/reason-for-consultation',
        permission: 'reason-for-consultation-index',
      },
      { key: 'affected-systems', to: '/affected-systems', permission: 'affected-systems-index' },
      { key: 'cie-diagnostics', to: '/cie-diagnostics', permission: 'cie-diagnostics-index' },
      { key: 'disability-types', to: '/disability-types', permission: 'disability-types-index' },
      { key: 'disability-status', to: '/disability-status', permission: 'disability-status-index' },
      { key: 'clinical-exams', to: '/clinical-exams', permission: 'clinical-exams-index' },
      { key: 'special-labels', to: '/special-labels', permission: 'special-labels-index' },
      { key: 'subgroups', to: '/subgroups', permission: 'subgroups-index' },
      { key: 'vaccinations-records', to: '/vaccinations-records', permission: 'vaccinations-records-index' },
      { key: 'vaccinations-scheme', to: '/vaccinations-scheme', permission: 'vaccinations-scheme-index' },
      { key: 'medical-conditions', to: '/medical-conditions', permission: 'medical-conditions-index' },
      { key: 'classifications', to: '/classifications', permission: 'classifications-index' },
      { key: 'sub-classifications', to: '/sub-classifications', permission: 'sub-classifications-index' },
      { key: 'editable-inputs', to: '/editable-inputs', permission: 'editable-inputs-index' },
      { key: 'collaborator-types', to: '/collaborator-types', permission: 'collaborator-types-index' },
      { key: 'practitioner-titles', to: '/practitioner-titles', permission: 'practitioner-titles-index' },
      // The provider's own: the shared catalogs, on the landlord host (decision 0005).
      { key: 'catalog-import', to: '/catalog-import', permission: 'catalogs.import' },
    ],
  },
  {
    key: 'administration',
    children: [
      { key: 'users', to: '/users', permission: 'users-index' },
      { key: 'profiles', to: '/profiles', permission: 'profiles-index' },
      { key: 'clients', to: '/clients', permission: 'clients-index' },
      { key: 'db-medic-users', to: '/db-medic-users', permission: 'db-medic-users-index' },
      { key: 'db-patient-users', to: '/db-patient-users', permission: 'db-patient-users-index' },
      {
        key: 'db-assignation-special-label',
        to: '/db-assignation-special-label',
        permission: 'db-assignation-special-label-index',
      },
      { key: 'db-vaccinations', to: '/db-vaccinations', permission: 'db-vaccinations-index' },
      { key: 'data-mining', to: '/data-mining', permission: 'data-mining-index' },
    ],
  },
  { key: 'calendar', to: '/calendar', permission: 'calendar-index' },
  { key: 'notifications', to: '/notifications', permission: 'notifications-index' },
]

/**
 * Where the provider's users start on the landlord host: the catalog import, the one provider
 * screen built so far. The clients screen (SPEC §2 /clients) takes over when it exists; until
 * then sending them there would land on "page not found" with no way on.
 */
export const LANDLORD_HOME = '/catalog-import'

export interface MenuItem {
  key: string
  to: string | null
  visible: boolean
  children: MenuItem[]
}

/** The menu tree with the caller's visibility: an item needs its permission, a parent a visible child. */
export function menusFor(
  permissions: ReadonlySet<string>,
  menus: readonly MenuDefinition[] = MENUS,
): MenuItem[] {
  return menus.map((menu) => {
    const children = menusFor(permissions, menu.children ?? [])
    const visible = menu.children
      ? children.some((child) => child.visible)
      : menu.permission === undefined || permissions.has(menu.permission)
    return { key: menu.key, to: menu.to ?? null, visible, children }
  })
}
