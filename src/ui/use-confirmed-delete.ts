import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { errorMessage } from './form/error-message'

/**
 * A list's delete that asks first (SPEC §8): the row being asked about, the call while it runs,
 * and its failure handed to the page. Spread `dialog` into the page's ConfirmDialog.
 */
export function useConfirmedDelete<Row>(
  remove: (row: Row) => Promise<void>,
  onFailure: (message: string) => void,
) {
  const { i18n } = useLingui()
  const [doomed, setDoomed] = useState<Row | null>(null)
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    if (doomed === null) return
    setBusy(true)
    try {
      await remove(doomed)
    } catch (error) {
      onFailure(errorMessage(error, i18n))
    } finally {
      setBusy(false)
      setDoomed(null)
    }
  }

  return {
    doomed,
    /** Asks about this row (the setter itself: stable across renders, safe in memoized columns). */
    ask: setDoomed,
    dialog: {
      open: doomed !== null,
      busy,
      onConfirm: () => void confirm(),
      onCancel: () => setDoomed(null),
    },
  }
}
