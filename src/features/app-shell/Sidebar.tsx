import { useLingui } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import type { MenuItem } from '../../contract/rules/menus'
import { MENU_LABELS } from './menu-labels'

/** Keeps the items that are visible and whose screen exists in this build; parents need a child. */
function shown(items: MenuItem[], exists: (to: string) => boolean): MenuItem[] {
  return items.flatMap((item) => {
    if (!item.visible) return []
    if (item.children.length > 0) {
      const children = shown(item.children, exists)
      return children.length > 0 ? [{ ...item, children }] : []
    }
    return item.to && exists(item.to) ? [item] : []
  })
}

/** SPEC §2 Behaviour: an item only with its permission, a parent only with a visible child. */
export function Sidebar({ menus, onNavigate }: { menus: MenuItem[]; onNavigate?: () => void }) {
  const { i18n } = useLingui()
  const router = useRouter()
  const paths = router.routesByPath as unknown as Record<string, unknown>
  const exists = (to: string) => to in paths || `${to}/` in paths
  const label = (key: string) => {
    const descriptor = MENU_LABELS[key]
    return descriptor ? i18n._(descriptor) : key
  }
  const render = (items: MenuItem[]) => (
    <ul>
      {items.map((item) => (
        <li key={item.key}>
          {item.to ? (
            <Link
              to={item.to}
              className="sidebar__link"
              activeProps={{ 'aria-current': 'page' }}
              onClick={onNavigate}
            >
              {label(item.key)}
            </Link>
          ) : (
            <span className="sidebar__group">{label(item.key)}</span>
          )}
          {item.children.length > 0 && render(item.children)}
        </li>
      ))}
    </ul>
  )
  return <nav className="sidebar">{render(shown(menus, exists))}</nav>
}
