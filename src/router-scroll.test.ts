import { describe, expect, it, vi } from 'vitest'
import { scrollToTopAfter } from './router-scroll'

describe('the scroll after a navigation', () => {
  it('goes to the top when another page is shown, not when the same page changes its search, nor on the first page', () => {
    const scroll = vi.fn()
    scrollToTopAfter({ fromLocation: { pathname: '/patients' }, pathChanged: true }, scroll)
    expect(scroll).toHaveBeenCalledExactlyOnceWith({ top: 0 })
    scroll.mockClear()
    scrollToTopAfter({ fromLocation: { pathname: '/patients' }, pathChanged: false }, scroll)
    scrollToTopAfter({ fromLocation: undefined, pathChanged: true }, scroll)
    expect(scroll).not.toHaveBeenCalled()
  })
})
