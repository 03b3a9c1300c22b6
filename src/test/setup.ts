import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// waitFor and findBy* give up after 1 s by default; on a busy 2-core CI machine a Dexie live
// query can take longer to settle. They still return as soon as the expectation holds.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
