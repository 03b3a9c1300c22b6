import { DropdownMenu } from 'radix-ui'
import { Children, type ReactElement, type ReactNode } from 'react'

/**
 * A button that opens a list of links (Radix DropdownMenu): a page's less frequent actions
 * grouped behind one name, so its head shows one or two primary actions instead of a wall of
 * buttons. Each item is a real link (`LinkMenuItem`), reachable by keyboard and announced as a
 * menu item. A menu with no item (the user may open none of them) is not shown at all.
 */
export function LinkMenu({ label, children }: { label: string; children: ReactNode }) {
  // `toArray` drops the `false` of each item the user has no permission for.
  const items = Children.toArray(children)
  if (items.length === 0) return null
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="button" data-variant="secondary">
        {label}
        <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="start" sideOffset={4} collisionPadding={8}>
          {items}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** One link of a `LinkMenu`: the router's `Link` (or an anchor) it wraps keeps its own href. */
export function LinkMenuItem({ children }: { children: ReactElement }) {
  return (
    <DropdownMenu.Item asChild className="menu__item">
      {children}
    </DropdownMenu.Item>
  )
}
