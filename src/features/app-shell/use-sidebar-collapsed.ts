import { useState } from 'react'

const KEY = 'sidebar-collapsed'

function remembered(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true'
  } catch {
    return false
  }
}

/** Whether the tablet's sidebar is folded away; the choice is kept on the device. */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(remembered)
  const change = (next: boolean) => {
    setCollapsed(next)
    try {
      localStorage.setItem(KEY, String(next))
    } catch {
      // Not kept: the next visit opens with the sidebar shown.
    }
  }
  return [collapsed, change]
}
