import { type ComponentType, type ReactNode, useEffect, useState } from 'react'
import { useConnection } from '../api/connection'

/**
 * A component in a chunk of its own (chart.js for the charts), imported once, the first time it
 * is drawn. A failed import is not kept: offline before the service worker has cached the chunk,
 * the import rejects, and the next try imports again.
 */
export interface Chunk<Props> {
  load(): Promise<ComponentType<Props>>
  /** The component once imported; null before. */
  loaded(): ComponentType<Props> | null
}

export function chunkOf<Props>(load: () => Promise<{ default: ComponentType<Props> }>): Chunk<Props> {
  let component: ComponentType<Props> | null = null
  let loading: Promise<ComponentType<Props>> | null = null
  return {
    load() {
      loading ??= load().then(
        (module) => {
          component = module.default
          return module.default
        },
        (error: unknown) => {
          loading = null
          throw error
        },
      )
      return loading
    },
    loaded: () => component,
  }
}

/**
 * Draws a chunk's component with `props`. `React.lazy` would throw a failed import into the page's
 * error boundary and take the whole screen down for one chart; this shows `unavailable` in its
 * place instead, and tries again whenever the connection changes (back online).
 */
export function FromChunk<Props extends object>({
  chunk,
  props,
  placeholder,
  unavailable,
}: {
  chunk: Chunk<Props>
  props: Props
  /** While the chunk loads: the room the component takes, so nothing moves. */
  placeholder: ReactNode
  /** When it could not load: said in place of the component. */
  unavailable: ReactNode
}) {
  const [component, setComponent] = useState<ComponentType<Props> | null>(() => chunk.loaded())
  const [failed, setFailed] = useState(false)
  const connection = useConnection()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the connection (back online) is a new try.
  useEffect(() => {
    if (component) return
    let current = true
    chunk.load().then(
      (found) => {
        if (!current) return
        setFailed(false)
        // A component is a function: set through an updater, not called as one.
        setComponent(() => found)
      },
      () => {
        if (current) setFailed(true)
      },
    )
    return () => {
      current = false
    }
  }, [chunk, component, connection])
  if (component) {
    const Loaded = component
    return <Loaded {...props} />
  }
  return failed ? unavailable : placeholder
}
